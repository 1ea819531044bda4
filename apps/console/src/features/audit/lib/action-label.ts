// An audit action in the console's language (issue 26): the contract names every action the
// server writes (audit-actions.ts: the audited operator calls by route, a slip image viewed,
// the sign-in events), and the audit catalogue labels each. An action the contract does not
// know (a route since removed) shows as stored.
import { auditActionOf } from '@wallet/contract/audit-actions';
import type { MessageKey } from '@/i18n/i18n';

export function auditActionLabel(t: (key: MessageKey) => string, action: string): string {
  const known = auditActionOf(action);
  if (!known) return action;
  if (known.kind === 'route') return t(`audit.actions.routes.${known.key}` as MessageKey);
  if (known.kind === 'event') return t(`audit.actions.events.${known.event}`);
  return t('audit.actions.slipImage');
}
