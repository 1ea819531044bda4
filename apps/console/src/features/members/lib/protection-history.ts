// A protection history row in words (issue 28): the change (its code read back with the
// contract's `readProtectionChange`, the one list the server writes from), who made it, and
// its old and new values: money with the console's formatter, durations, periods and times in
// words. A code or value this console does not know is shown as it is rather than hidden.
import { readProtectionChange, type ProtectionChange } from '@wallet/contract/client';
import type { t as translate } from '@/i18n/i18n';
import { formatDateTime, formatMoney } from '@/lib/format';
import { showValue } from './protection';

type T = typeof translate;
type Row = { actor: string; operator: string | null; change: string };
type Value = Record<string, unknown>;

const isObject = (value: unknown): value is Value =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const limitName = (t: T, change: ProtectionChange) =>
  'limitKind' in change
    ? t('members.protection.history.limitName', {
        kind: t(`members.protection.limitKind.${change.limitKind}`),
        period: t(`members.protection.period.${change.period}`),
      })
    : '';

/** The change in words, e.g. "Deposit limit per day: set or lowered (at once)". */
export function changeText(t: T, code: string): string {
  const change = readProtectionChange(code);
  if (!change) return code;
  return t(`members.protection.history.change.${change.kind}`, { limit: limitName(t, change) });
}

/** Who made the change: the member, or the operator by name. */
export function actorText(t: T, row: Row): string {
  if (row.operator) return t('members.protection.history.byOperator', { name: row.operator });
  if (row.actor.startsWith('member:')) return t('members.protection.history.byMember');
  return row.actor;
}

const money = (t: T, amount: unknown) =>
  typeof amount === 'number' ? formatMoney(amount) : t('members.protection.none');

function limitValue(t: T, value: Value): string {
  const parts = [money(t, value.amount)];
  if ('pending' in value && value.pending !== undefined)
    parts.push(
      t('members.protection.history.pending', {
        amount:
          typeof value.pending === 'number'
            ? formatMoney(value.pending)
            : t('members.protection.removal'),
      }),
    );
  if (typeof value.confirmableAt === 'string')
    parts.push(
      t('members.protection.history.confirmableFrom', { at: formatDateTime(value.confirmableAt) }),
    );
  return parts.join(', ');
}

const BLOCK_KINDS = ['time_out', 'self_exclusion'] as const;
const DURATIONS = ['24h', '7d', '30d', '6w', '6m', '1y', '5y'] as const;
const isOneOf = <V extends string>(list: readonly V[], x: unknown): x is V =>
  (list as readonly unknown[]).includes(x);

function blockValue(t: T, value: Value): string | null {
  if (!isOneOf(BLOCK_KINDS, value.kind) || typeof value.endsAt !== 'string') return null;
  const block = t(`members.protection.blockKind.${value.kind}`);
  const until = formatDateTime(value.endsAt);
  return isOneOf(DURATIONS, value.duration)
    ? t('members.protection.history.blockFor', {
        block,
        duration: t(`members.protection.duration.${value.duration}`),
        until,
      })
    : t('members.protection.history.blockUntil', { block, until });
}

/** An old or new value of `code`'s change in words; `—` for none. */
export function valueText(t: T, code: string, value: unknown): string {
  const change = readProtectionChange(code);
  if (value === null || value === undefined)
    return change?.kind === 'timeOut' || change?.kind === 'selfExclusion'
      ? t('members.protection.noBlock')
      : '—';
  if (!change || !isObject(value)) return showValue(value);
  switch (change.kind) {
    case 'limit':
    case 'limitPending':
    case 'limitConfirmed':
      return limitValue(t, value);
    case 'timeOut':
    case 'selfExclusion':
      return blockValue(t, value) ?? showValue(value);
    case 'realityCheck':
      return typeof value.minutes === 'number' && value.minutes > 0
        ? t('members.protection.everyMinutes', { minutes: value.minutes })
        : t('members.protection.off');
    case 'marketingConsent':
      return value.consent === false
        ? t('members.protection.history.consentEnded')
        : t('members.protection.history.consentGiven');
  }
}
