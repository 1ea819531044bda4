// Creating or editing a wheel: its name, and whether it is the active one.
import { promotionLimits as L } from '@wallet/contract/client';
import { useState } from 'react';
import { useToast } from '@/components/toast';
import { useI18n } from '@/i18n/i18n';
import { useSaveWheel, type Wheel } from '../api';
import { EditorDialog } from '../editor-dialog';
import { CheckField, LocalizedField } from '../fields';
import { collector, emptyLocalized, type Localized, type Problems } from '../form';
import { saveErrorText } from '../shared';

export function WheelEditor({ wheel, onClose }: { wheel: Wheel | null; onClose: () => void }) {
  const { t, errorText } = useI18n();
  const toast = useToast();
  const save = useSaveWheel();
  const [name, setName] = useState<Localized>(wheel?.name ?? emptyLocalized());
  const [active, setActive] = useState(wheel?.active ?? false);
  const [problems, setProblems] = useState<Problems>({});
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const c = collector();
    c.localized(
      'name',
      { th: name.th.trim(), la: name.la.trim(), en: name.en.trim() },
      L.wheelNameMax,
    );
    setProblems(c.problems);
    setError(null);
    if (!c.ok()) return;
    save.mutate(
      { wheelId: wheel?._id ?? null, name, active },
      {
        onSuccess: () => {
          toast.show(t(wheel ? 'promotions.form.saved' : 'promotions.form.created'));
          onClose();
        },
        onError: (e) => setError(saveErrorText(e, errorText)),
      },
    );
  };
  return (
    <EditorDialog
      title={wheel ? t('promotions.spin.editWheel') : t('promotions.spin.newWheel')}
      busy={save.isPending}
      error={error}
      invalid={Object.keys(problems).length > 0}
      onSubmit={submit}
      onCancel={onClose}
      testId="wheel-editor"
    >
      <LocalizedField
        legend={t('promotions.spin.fields.wheelName')}
        field="name"
        value={name}
        problems={problems}
        maxLength={L.wheelNameMax}
        onChange={setName}
      />
      <CheckField
        label={t('promotions.spin.fields.active')}
        hint={t('promotions.spin.hints.active')}
        checked={active}
        onChange={setActive}
      />
    </EditorDialog>
  );
}
