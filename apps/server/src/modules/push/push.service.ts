// Web Push for money events (issue 29, decision 0152): the member's devices and choices, and
// the outbox the money paths write into, in their own transaction. Delivery is the reconcile
// flow of push.delivery.ts: nothing here calls a push service, so a push service that is slow
// or down never slows a money request.
import type { PushKind, PushPreferences } from '@wallet/contract';
import { PUSH_KINDS } from '@wallet/contract';
import type { Db } from '../../db/database';
import type { AppDeps } from '../../deps';
import type { Clock } from '../../lib/clock';
import { DAY_MS, isoNow } from '../../lib/clock';
import { PushError } from './push.errors';
import type { PushParams } from './push.texts';

type Lang = 'th' | 'la' | 'en';

/** Devices per member at most; a new one beyond replaces the oldest. */
export const MAX_DEVICES = 10;

/** Whether `endpoint` is on an allowed push service (config.push.endpointOrigins). */
export function endpointAllowed(endpoint: string, origins: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  return origins.some((allowed) => {
    const wild = /^(https?:)\/\/\*\.(.+)$/.exec(allowed);
    if (!wild) return url.origin === allowed;
    return url.protocol === wild[1] && url.host.endsWith(`.${wild[2]}`);
  });
}

export interface SubscribeInput {
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  lang: Lang;
  label?: string | undefined;
}

/**
 * This device, for this member and session. An endpoint already known (the same browser, a
 * member signed in again, or another member on the same phone) moves to this member and
 * session: a device receives one member's pushes, the signed-in one's.
 */
export async function subscribe(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  member: { memberId: number; sessionId: number },
  input: SubscribeInput,
): Promise<void> {
  const { endpoint, keys } = input.subscription;
  if (!endpointAllowed(endpoint, deps.config.push.endpointOrigins))
    throw new PushError('KEY_INVALID');
  const now = isoNow(deps.clock);
  const row = {
    member_id: member.memberId,
    session_id: member.sessionId,
    p256dh: keys.p256dh,
    auth: keys.auth,
    label: input.label || null,
    created_at: now,
  };
  await deps.db
    .insertInto('push_subscriptions')
    .values({ endpoint, ...row })
    .onConflict((oc) => oc.column('endpoint').doUpdateSet(row))
    .execute();
  await ensurePreferences(deps.db, member.memberId, input.lang, now, true);
  // The oldest devices beyond the cap go (a member cannot make one event cost many sends).
  const extra = await deps.db
    .selectFrom('push_subscriptions')
    .select('id')
    .where('member_id', '=', member.memberId)
    .orderBy('id', 'desc')
    .offset(MAX_DEVICES)
    .limit(1000)
    .execute();
  if (extra.length)
    await deps.db
      .deleteFrom('push_subscriptions')
      .where(
        'id',
        'in',
        extra.map((r) => r.id),
      )
      .execute();
}

/** Removes this member's device (NO_DATA when the member has no such endpoint). */
export async function unsubscribe(db: Db, memberId: number, endpoint: string): Promise<void> {
  const result = await db
    .deleteFrom('push_subscriptions')
    .where('member_id', '=', memberId)
    .where('endpoint', '=', endpoint)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw new PushError('NO_DATA');
}

const ALL_ON: PushPreferences = {
  deposit_credited: true,
  withdrawal_paid: true,
  withdrawal_rejected: true,
  support_reply: true,
  bonus_turnover_met: true,
};

/** The member's choices and language; every kind on, the build's language, until changed. */
export async function preferencesOf(
  db: Db,
  memberId: number,
  fallbackLang: Lang,
): Promise<{ preferences: PushPreferences; lang: Lang }> {
  const row = await db
    .selectFrom('push_preferences')
    .selectAll()
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  if (!row) return { preferences: { ...ALL_ON }, lang: fallbackLang };
  const preferences = Object.fromEntries(
    PUSH_KINDS.map((kind) => [kind, Number(row[kind]) === 1]),
  ) as PushPreferences;
  return { preferences, lang: row.lang };
}

async function ensurePreferences(
  db: Db,
  memberId: number,
  lang: Lang,
  now: string,
  updateLang: boolean,
): Promise<void> {
  await db
    .insertInto('push_preferences')
    .values({
      member_id: memberId,
      lang,
      deposit_credited: 1,
      withdrawal_paid: 1,
      withdrawal_rejected: 1,
      support_reply: 1,
      bonus_turnover_met: 1,
      updated_at: now,
    })
    .onConflict((oc) =>
      updateLang
        ? oc.column('member_id').doUpdateSet({ lang, updated_at: now })
        : oc.column('member_id').doNothing(),
    )
    .execute();
}

export async function setPreferences(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  memberId: number,
  input: { preferences: PushPreferences; lang?: Lang | undefined },
): Promise<void> {
  const now = isoNow(deps.clock);
  const current = await preferencesOf(deps.db, memberId, defaultLang(deps.config));
  const lang = input.lang ?? current.lang;
  await ensurePreferences(deps.db, memberId, lang, now, false);
  const flags = Object.fromEntries(
    PUSH_KINDS.map((kind) => [kind, input.preferences[kind] ? 1 : 0]),
  ) as Record<PushKind, number>;
  await deps.db
    .updateTable('push_preferences')
    .set({ ...flags, lang, updated_at: now })
    .where('member_id', '=', memberId)
    .execute();
}

export async function deviceCount(db: Db, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('push_subscriptions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Texts before a member chose: the build's language. */
export const defaultLang = (config: Pick<AppDeps['config'], 'laoBuild'>): Lang =>
  config.laoBuild ? 'la' : 'th';

export interface PushEvent {
  memberId: number;
  kind: PushKind;
  /** Names the event once (`deposit:<ref>`): a second queueing of it is ignored. */
  tag: string;
  params: PushParams;
  /** Support replies: the member's chat room; nothing is pushed while a socket is in it. */
  presenceRoom?: string;
}

/**
 * Queues an event's push in the caller's transaction (the money or chat write itself), so it
 * exists exactly when the event does. A member with no device costs one indexed read.
 */
export async function queuePush(trx: Db, clock: Clock, event: PushEvent): Promise<void> {
  const device = await trx
    .selectFrom('push_subscriptions')
    .select('id')
    .where('member_id', '=', event.memberId)
    .limit(1)
    .executeTakeFirst();
  if (!device) return;
  const now = isoNow(clock);
  await trx
    .insertInto('push_outbox')
    .values({
      member_id: event.memberId,
      kind: event.kind,
      tag: event.tag,
      params_json: JSON.stringify(event.params),
      presence_room: event.presenceRoom ?? null,
      status: 'pending',
      next_attempt_at: now,
      last_error: null,
      created_at: now,
      settled_at: null,
    })
    .onConflict((oc) => oc.column('tag').doNothing())
    .execute();
}

/** How long a settled outbox row (and which devices it reached) is kept: for support's questions. */
export const PUSH_KEEP_MS = 30 * DAY_MS;

/**
 * Housekeeping (jobs/housekeeping.ts): deletes the outbox rows settled longer ago than
 * PUSH_KEEP_MS with their delivery rows. Pending rows stay whatever their age (the delivery
 * flow gives up a row past the push TTL, which settles it). Answers how many events went.
 */
export async function purgeSettledPushEvents(db: Db, clock: Clock): Promise<number> {
  const before = new Date(clock.now().getTime() - PUSH_KEEP_MS).toISOString();
  const settled = () =>
    db
      .selectFrom('push_outbox')
      .select('id')
      .where('status', '!=', 'pending')
      .where('settled_at', '<', before);
  // Deliveries first (they name the outbox row); a run stopped between the two is finished
  // by the next one.
  await db.deleteFrom('push_deliveries').where('outbox_id', 'in', settled()).execute();
  const gone = await db.deleteFrom('push_outbox').where('id', 'in', settled()).execute();
  return Number(gone[0]?.numDeletedRows ?? 0);
}
