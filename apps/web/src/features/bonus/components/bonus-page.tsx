import { useState, type FormEvent } from 'react';
import { grantKinds, type GrantKind } from '@wallet/contract/client';
import { AlertDialog } from '@/components/alert-dialog';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { TextField } from '@/components/field';
import { PageHeader } from '@/components/page-header';
import { PageLoader } from '@/components/spinner';
import { toast } from '@/components/toast/toast-store';
import { useAsyncAction } from '@/hooks/use-async-action';
import { useI18n } from '@/i18n/use-i18n';
import { errorMessage } from '@/lib/error-message';
import { useTurnover, type TurnoverGrant } from '@/lib/api/get-turnover';
import { formatAmount } from '@/lib/money';
import { useActiveBonus } from '@/features/bonus/api/check-active';
import { useClearBonus } from '@/features/bonus/api/clear-bonus';
import { useBonuses, type BonusItem } from '@/features/bonus/api/get-bonuses';
import { bonusCardState } from '@/features/bonus/lib/bonus-cards';
import {
  checkPromoCode,
  normalizePromoCode,
  PROMO_CODE_MAX,
} from '@/features/bonus/lib/promo-code';
import { BonusDialog } from '@/features/bonus/components/bonus-dialog';
import { PromotionDialog } from '@/features/bonus/components/promotion-dialog';
import { TurnoverList } from '@/features/bonus/components/turnover-list';
import './bonus-page.css';

function isGrantKind(type: string | null | undefined): type is GrantKind {
  return (grantKinds as readonly (string | null | undefined)[]).includes(type);
}

/**
 * The active condition: its type, its name and the cancel button behind a confirm dialog,
 * which shows what ending it forfeits and what the member keeps (decision 0112).
 */
function ActiveBonus({
  kind,
  name,
  grant,
}: {
  kind: GrantKind;
  name: string | null;
  grant: TurnoverGrant | undefined;
}) {
  const { t } = useI18n();
  const clear = useClearBonus();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  // mutateAsync, not mutate's callbacks: the refetch after a clear removes this block, and
  // callbacks given to mutate are dropped once their component has gone.
  const clearing = useAsyncAction(() => clear.mutateAsync());
  const cancel = async () => {
    const outcome = await clearing.run();
    if (!outcome) return;
    setConfirming(false);
    if (outcome.ok) toast.success(errorMessage(outcome.value.message));
    else setFailure(errorMessage(outcome.error));
  };

  return (
    <section
      className="card bonus-active"
      aria-labelledby="bonus-active-heading"
      data-testid="bonus-active"
    >
      <h2 id="bonus-active-heading" className="bonus-page__heading">
        {t('bonus.activeHeading')}
      </h2>
      <dl className="bonus-active__facts">
        <div>
          <dt>{t('bonus.typeLabel')}</dt>
          <dd data-testid="bonus-active-type">{t(`bonus.kinds.${kind}`)}</dd>
        </div>
        {name ? (
          <div>
            <dt>{t('bonus.nameLabel')}</dt>
            <dd data-testid="bonus-active-name">{name}</dd>
          </div>
        ) : null}
      </dl>
      <Button
        variant="secondary"
        block
        aria-haspopup="dialog"
        onClick={() => setConfirming(true)}
        data-testid="bonus-cancel"
      >
        {t('bonus.cancel')}
      </Button>
      {confirming ? (
        <Dialog
          role="alertdialog"
          title={t('bonus.cancelTitle')}
          onClose={() => setConfirming(false)}
          testId="bonus-cancel-confirm"
          footer={
            <div className="bonus-confirm__actions">
              <Button variant="secondary" onClick={() => setConfirming(false)} data-autofocus>
                {t('bonus.cancelNo')}
              </Button>
              <Button
                pending={clearing.pending}
                onClick={() => void cancel()}
                data-testid="bonus-cancel-yes"
              >
                {t('bonus.cancelYes')}
              </Button>
            </div>
          }
        >
          <p>{t('bonus.cancelText')}</p>
          {grant ? (
            // Clear moves the games home first, so the wallet then holds all of it and the
            // promotion money (`locked`) is what goes; the member's own money stays.
            <ul className="bonus-cancel__figures">
              <li className="bonus-cancel__forfeit" data-testid="bonus-cancel-forfeit">
                {t('bonus.cancelForfeit', { amount: formatAmount(grant.locked) })}
              </li>
              <li data-testid="bonus-cancel-keep">
                {t('bonus.cancelKeep', { amount: formatAmount(grant.own) })}
              </li>
            </ul>
          ) : null}
        </Dialog>
      ) : null}
      {failure ? (
        <AlertDialog
          kind="error"
          title={t('bonus.cancelFailed')}
          message={failure}
          testId="bonus-cancel-failed"
          onClose={() => setFailure(null)}
        />
      ) : null}
    </section>
  );
}

/** The promotion-code search: required, upper case while typing and in the call. */
function PromotionSearch({ onSearch }: { onSearch: (code: string) => void }) {
  const { t } = useI18n();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkPromoCode(code);
    if (!check.ok) {
      setProblem(t(check.problem === 'required' ? 'bonus.codeRequired' : 'bonus.codeFormat'));
      return;
    }
    setProblem(null);
    onSearch(check.code);
  };
  return (
    <form className="card bonus-search" onSubmit={submit} noValidate data-testid="promotion-form">
      <TextField
        label={t('bonus.codeLabel')}
        name="promotionCode"
        required
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={PROMO_CODE_MAX}
        placeholder={t('bonus.codePlaceholder')}
        value={code}
        onChange={(event) => setCode(normalizePromoCode(event.target.value))}
        error={problem ?? undefined}
        data-testid="promotion-code"
      />
      <Button type="submit" aria-haspopup="dialog" data-testid="promotion-search">
        {t('bonus.search')}
      </Button>
    </form>
  );
}

function BonusCard({
  bonus,
  now,
  onOpen,
}: {
  bonus: BonusItem;
  now: Date;
  onOpen: (bonus: BonusItem, current: boolean) => void;
}) {
  const { t } = useI18n();
  const state = bonusCardState(bonus, now);
  const name = bonus.name ?? bonus.code;
  const banner = bonus.banners[0];
  const body = (
    <>
      {banner ? (
        <img className="bonus-card__image" src={banner.image} alt="" loading="lazy" />
      ) : (
        <span className="bonus-card__image bonus-card__image--empty" aria-hidden="true" />
      )}
      <span className="bonus-card__name">{name}</span>
      {state === 'current' ? (
        <span className="bonus-tag bonus-tag--current" data-testid="bonus-card-current">
          {t('bonus.current')}
        </span>
      ) : null}
      {state === 'received' ? (
        <span className="bonus-tag bonus-tag--received" data-testid="bonus-card-received">
          {t('bonus.received')}
        </span>
      ) : null}
    </>
  );
  return (
    <li data-testid="bonus-card" data-code={bonus.code} data-state={state}>
      {state === 'received' ? (
        // Received: shown, not clickable (spec section 2).
        <div className="bonus-card bonus-card--received" aria-disabled="true">
          {body}
        </div>
      ) : (
        <button
          type="button"
          className={`bonus-card${state === 'current' ? ' bonus-card--current' : ''}`}
          aria-haspopup="dialog"
          onClick={() => onOpen(bonus, state === 'current')}
        >
          {body}
        </button>
      )}
    </li>
  );
}

type OpenDialog =
  | { kind: 'bonus'; bonus: BonusItem; current: boolean }
  | { kind: 'promotion'; code: string }
  | null;

/**
 * The bonus page (spec section 2, decisions 0071 and 0078): the active condition with its
 * cancel, or the promotion-code search; the bonus cards; the turnover progress of every
 * open condition.
 */
export function BonusPage() {
  const { t, locale } = useI18n();
  const active = useActiveBonus();
  const bonuses = useBonuses(locale);
  const turnover = useTurnover(locale);
  const [open, setOpen] = useState<OpenDialog>(null);
  const now = new Date();

  const activeType = active.data?.status ? active.data.type : null;
  const activeKind = isGrantKind(activeType) ? activeType : null;
  const activeGrant = turnover.data?.grants.find((grant) => grant.kind === activeKind);
  const activeName =
    activeGrant?.name ?? bonuses.data?.find((bonus) => bonus.userBonus?.isActive)?.name ?? null;
  // One grant at a time (decision 0112): while any is open a code cannot be received, so
  // the search hides (decision 0113; before it, invite and refund conditions kept it).
  const anyOpen = activeKind !== null;

  return (
    <section className="page page--bonus" data-testid="bonus-page">
      <PageHeader title={t('bonus.title')} />
      {active.isPending ? <PageLoader /> : null}
      {activeKind ? <ActiveBonus kind={activeKind} name={activeName} grant={activeGrant} /> : null}
      {!active.isPending && !anyOpen ? (
        <PromotionSearch onSearch={(code) => setOpen({ kind: 'promotion', code })} />
      ) : null}

      <section aria-labelledby="bonus-cards-heading" data-testid="bonus-cards">
        <h2 id="bonus-cards-heading" className="bonus-page__heading">
          {t('bonus.cardsHeading')}
        </h2>
        {bonuses.isError && !bonuses.data ? (
          <div className="card">
            <p className="form__error">{t('bonus.loadFailed')}</p>
            <Button variant="secondary" onClick={() => void bonuses.refetch()}>
              {t('common.retry')}
            </Button>
          </div>
        ) : null}
        {bonuses.data && bonuses.data.length === 0 ? (
          <p className="muted">{t('bonus.cardsEmpty')}</p>
        ) : null}
        {bonuses.data && bonuses.data.length > 0 ? (
          <ul className="bonus-grid">
            {bonuses.data.map((bonus) => (
              <BonusCard
                key={bonus.code}
                bonus={bonus}
                now={now}
                onOpen={(item, current) => setOpen({ kind: 'bonus', bonus: item, current })}
              />
            ))}
          </ul>
        ) : null}
      </section>

      <TurnoverList
        turnover={turnover.data}
        pending={turnover.isPending}
        failed={turnover.isError}
      />

      {open?.kind === 'bonus' ? (
        <BonusDialog bonus={open.bonus} current={open.current} onClose={() => setOpen(null)} />
      ) : null}
      {open?.kind === 'promotion' ? (
        <PromotionDialog code={open.code} onClose={() => setOpen(null)} />
      ) : null}
    </section>
  );
}
