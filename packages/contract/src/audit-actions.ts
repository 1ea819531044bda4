// What the audit log's `action` column can hold (decisions 0086, 0119; issue 26): the
// operator calls the server audits (`METHOD /path` of every changing operator endpoint and
// of the audited reads in the route table), a slip image an operator opened, and the events
// the sign-in and the log itself write. Zod-free, its own entry (`@wallet/contract/audit-
// actions`: the whole route table, kept out of the member bundle): the console labels each
// action in its language (a test fails for an action without a label); the server writes these.
import { routes, type RouteDef } from './routes';

/** Sign-in events (auth module): who tried, from where, with what outcome. */
export const auditSignInEvents = [
  'login_failed',
  'login_totp_failed',
  'login_ok',
  'login_ok_enrolled',
  'password_changed_at_sign_in',
] as const;
export type AuditSignInEvent = (typeof auditSignInEvents)[number];

/** Every event the server writes as an action, besides operator calls. */
export const auditEvents = [
  ...auditSignInEvents,
  // The first failed sign-in past the hour's budget: later ones were not written (0119).
  'audit_rows_suppressed',
] as const;
export type AuditEvent = (typeof auditEvents)[number];

/** An operator's view of a slip image (decisions 0091, 0119): not in the route table. */
export const SLIP_IMAGE_ACTION = 'GET /static/slips/:ref';

type Groups = typeof routes;
/** `<group>.<name>` of the route table. */
export type RouteKey = {
  [G in keyof Groups]: `${G & string}.${keyof Groups[G] & string}`;
}[keyof Groups];

/** What one audit action is: an operator call by its route, the slip image, or an event. */
export type AuditAction =
  | { kind: 'route'; key: RouteKey; method: string; path: string }
  | { kind: 'slipImage' }
  | { kind: 'event'; event: AuditEvent };

const audited = (def: RouteDef) =>
  def.access === 'operator' && (def.method !== 'GET' || def.auditRead === true);

/** Every operator call the server writes a row for, by its `METHOD /path` action. */
export const auditedRoutes: ReadonlyMap<string, Extract<AuditAction, { kind: 'route' }>> = new Map(
  Object.entries(routes).flatMap(([group, entries]) =>
    Object.entries(entries as Record<string, RouteDef>)
      .filter(([, def]) => audited(def))
      .map(([name, def]) => [
        `${def.method} ${def.path}`,
        { kind: 'route', key: `${group}.${name}` as RouteKey, method: def.method, path: def.path },
      ]),
  ),
);

/** The audit action a stored `action` value names; undefined for one the log never writes. */
export function auditActionOf(action: string): AuditAction | undefined {
  const route = auditedRoutes.get(action);
  if (route) return route;
  if (action === SLIP_IMAGE_ACTION) return { kind: 'slipImage' };
  if ((auditEvents as readonly string[]).includes(action))
    return { kind: 'event', event: action as AuditEvent };
  return undefined;
}
