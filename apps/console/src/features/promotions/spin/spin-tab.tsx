// Spin wheels (decisions 0071, 0082): the wheels (one is active), a wheel's slices with their
// weights, each slice's chance in % and its prize, the wheel drawn as members see it, and
// the coin and coupon settings.
import { promotionLimits as L } from '@wallet/contract/client';
import { useMemo, useState } from 'react';
import { DataTable, type Column } from '@/components/data-table';
import { Money } from '@/components/money';
import { StatusBadge } from '@/components/status-badge';
import { useToast } from '@/components/toast';
import { useI18n } from '@/i18n/i18n';
import { useSaveWheel, useSpinSettings, useWheels, type Slice, type Wheel } from '../api';
import { chances, formatChance } from '../form';
import { LoadFailed, localizedText, saveErrorText } from '../shared';
import { WheelPreview } from './wheel-preview';
import { WheelEditor } from './wheel-editor';
import { SliceEditor } from './slice-editor';
import { SpinSettingsForm } from './settings-form';

export function SpinTab() {
  const { t, lang, errorText } = useI18n();
  const toast = useToast();
  const wheels = useWheels();
  const settings = useSpinSettings();
  const switchOn = useSaveWheel();
  const [chosen, setChosen] = useState<string | null>(null);
  const [wheelEditor, setWheelEditor] = useState<{ wheel: Wheel | null } | null>(null);
  const [sliceEditor, setSliceEditor] = useState<{ slice: Slice | null } | null>(null);

  const list = wheels.data ?? [];
  const wheel = list.find((w) => w._id === chosen) ?? list.find((w) => w.active) ?? list[0];
  const slices = useMemo(
    () =>
      [...(wheel?.slices ?? [])].sort(
        (a, b) => a.sortOrder - b.sortOrder || Number(a._id) - Number(b._id),
      ),
    [wheel],
  );
  const odds = chances(slices.map((s) => s.weight));
  const totalWeight = slices.reduce((n, s) => n + s.weight, 0);

  const wheelColumns: Column<Wheel>[] = [
    {
      id: 'name',
      header: t('promotions.spin.columns.wheel'),
      cell: (w) => localizedText(w.name, lang),
    },
    {
      id: 'slices',
      header: t('promotions.spin.columns.slices'),
      align: 'end',
      cell: (w) => w.slices.length,
    },
    {
      id: 'active',
      header: t('promotions.columns.status'),
      cell: (w) => (
        <StatusBadge tone={w.active ? 'ok' : 'neutral'}>
          {t(w.active ? 'promotions.spin.active' : 'promotions.status.off')}
        </StatusBadge>
      ),
    },
    {
      id: 'actions',
      header: t('promotions.columns.actions'),
      cell: (w) => (
        <span className="promo-actions">
          <button
            type="button"
            className="btn"
            aria-pressed={w._id === wheel?._id}
            onClick={() => setChosen(w._id)}
          >
            {t('promotions.spin.showSlices')}
          </button>
          <button
            type="button"
            className="btn"
            aria-label={t('promotions.spin.editWheelLabel', { name: localizedText(w.name, lang) })}
            onClick={() => setWheelEditor({ wheel: w })}
          >
            {t('promotions.form.edit')}
          </button>
          {w.active ? null : (
            <button
              type="button"
              className="btn"
              disabled={switchOn.isPending}
              onClick={() =>
                switchOn.mutate(
                  { wheelId: w._id, name: w.name, active: true },
                  {
                    onSuccess: () => toast.show(t('promotions.spin.switchedOn')),
                    onError: (e) => toast.show(saveErrorText(e, errorText), 'error'),
                  },
                )
              }
            >
              {t('promotions.spin.makeActive')}
            </button>
          )}
        </span>
      ),
    },
  ];

  const sliceColumns: Column<Slice>[] = [
    {
      id: 'order',
      header: t('promotions.spin.columns.order'),
      align: 'end',
      cell: (s) => s.sortOrder,
    },
    { id: 'code', header: t('promotions.spin.columns.code'), cell: (s) => <code>{s.code}</code> },
    {
      id: 'label',
      header: t('promotions.spin.columns.label'),
      cell: (s) => (
        <span className="slice-label">
          <span
            className="slice-swatch"
            style={{ background: s.bgColor, color: s.textColor }}
            aria-hidden="true"
          >
            A
          </span>
          {localizedText(s.label, lang)}
        </span>
      ),
    },
    {
      id: 'weight',
      header: t('promotions.spin.columns.weight'),
      align: 'end',
      cell: (s) => s.weight.toLocaleString('en-US'),
    },
    {
      id: 'chance',
      header: t('promotions.spin.columns.chance'),
      align: 'end',
      cell: (s) => (
        <span data-testid="slice-chance">{formatChance(odds[slices.indexOf(s)] ?? 0)}</span>
      ),
    },
    {
      id: 'prize',
      header: t('promotions.spin.columns.prize'),
      align: 'end',
      cell: (s) => (s.prize > 0 ? <Money baht={s.prize} currency /> : t('promotions.spin.noPrize')),
    },
    {
      id: 'actions',
      header: t('promotions.columns.actions'),
      cell: (s) => (
        <button
          type="button"
          className="btn"
          aria-label={t('promotions.spin.editSliceLabel', { code: s.code })}
          onClick={() => setSliceEditor({ slice: s })}
        >
          {t('promotions.form.edit')}
        </button>
      ),
    },
  ];

  // Expected payout of one spin: the sum of prize x chance.
  const expected = slices.reduce((sum, s, i) => sum + (s.prize * (odds[i] ?? 0)) / 100, 0);

  return (
    <section className="promo-tab" data-testid="spin-tab">
      <div className="promo-toolbar">
        <p className="muted">{t('promotions.spin.intro')}</p>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => setWheelEditor({ wheel: null })}
        >
          {t('promotions.spin.newWheel')}
        </button>
      </div>
      {wheels.isError ? (
        <LoadFailed error={wheels.error} onRetry={() => void wheels.refetch()} />
      ) : (
        <DataTable
          caption={t('promotions.spin.wheelsCaption')}
          columns={wheelColumns}
          rows={wheels.data}
          rowKey={(w) => w._id}
          loading={wheels.isPending}
        />
      )}
      {wheel ? (
        <div className="spin-wheel-detail">
          <div className="spin-slices">
            <div className="promo-toolbar">
              <h2>{t('promotions.spin.slicesOf', { name: localizedText(wheel.name, lang) })}</h2>
              <button
                type="button"
                className="btn btn-primary"
                disabled={wheel.slices.length >= L.wheelSlicesMax}
                onClick={() => setSliceEditor({ slice: null })}
              >
                {t('promotions.spin.newSlice')}
              </button>
            </div>
            <DataTable
              caption={t('promotions.spin.slicesCaption', {
                name: localizedText(wheel.name, lang),
              })}
              columns={sliceColumns}
              rows={slices}
              rowKey={(s) => s._id}
            />
            <p className="muted" data-testid="spin-summary">
              {totalWeight > 0
                ? t('promotions.spin.summary', {
                    total: totalWeight.toLocaleString('en-US'),
                    expected: expected.toFixed(2),
                  })
                : t('promotions.spin.noWeight')}
            </p>
          </div>
          <WheelPreview
            title={localizedText(wheel.name, lang)}
            slices={slices.map((s) => ({
              code: s.code,
              label: s.label.th,
              bgColor: s.bgColor,
              textColor: s.textColor,
            }))}
          />
        </div>
      ) : null}
      {settings.data ? <SpinSettingsForm settings={settings.data} /> : null}
      {settings.isError ? (
        <LoadFailed error={settings.error} onRetry={() => void settings.refetch()} />
      ) : null}
      {wheelEditor ? (
        <WheelEditor wheel={wheelEditor.wheel} onClose={() => setWheelEditor(null)} />
      ) : null}
      {sliceEditor && wheel ? (
        <SliceEditor wheel={wheel} slice={sliceEditor.slice} onClose={() => setSliceEditor(null)} />
      ) : null}
    </section>
  );
}
