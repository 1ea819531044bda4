// The push delivery flow (issue 29, decision 0152) on the reconcile kernel (decision 0061):
// each due outbox row is sent to every live device of its member that it has not reached yet.
// A device the push service calls gone (404, 410), or whose session has ended (logout,
// password change, expiry), is removed. A failing push service leaves the row due again after
// the kernel's backoff; an event older than the push TTL is given up. At least once per
// device; the payload's tag makes a repeat replace itself on the device (shown once).
import type { PushKind } from '@wallet/contract';
import type { AppDeps } from '../../deps';
import { isoNow } from '../../lib/clock';
import { PushSendError } from '../../ports/push-sender';
import type { Flow, ReconcileRow, Resolution } from '../../reconcile';
import { liveSessions } from '../auth';
import { blockOf, marketingAllowed } from '../protection';
import { defaultLang, preferencesOf } from './push.service';
import type { PushParams } from './push.texts';
import { renderPush } from './push.texts';

/** Kinds that promote play: never pushed during a time-out or self-exclusion (0152). */
const PROMOTIONAL: ReadonlySet<PushKind> = new Set(['bonus_turnover_met']);

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'pushSender' | 'chatHub'>;
type Row = ReconcileRow<'push_outbox'>;

async function finish(
  deps: Deps,
  row: Row,
  status: 'sent' | 'skipped',
  outcome: string,
  sent = 0,
): Promise<Resolution> {
  await deps.db
    .updateTable('push_outbox')
    .set((eb) => ({
      status,
      sent_count: eb('sent_count', '+', sent),
      settled_at: isoNow(deps.clock),
    }))
    .where('id', '=', row.id)
    .execute();
  return { kind: 'settled', outcome };
}

/** One take of one outbox row. */
export async function deliver(deps: Deps, row: Row, count: (figure: string) => void) {
  const { db, clock, config } = deps;
  const ageMs = clock.now().getTime() - Date.parse(row.created_at);
  if (ageMs > config.push.ttlSeconds * 1000) return finish(deps, row, 'skipped', 'expired');

  const { preferences, lang } = await preferencesOf(db, row.member_id, defaultLang(config));
  if (!preferences[row.kind]) return finish(deps, row, 'skipped', 'off');
  if (
    PROMOTIONAL.has(row.kind) &&
    ((await blockOf(db, clock, row.member_id)) !== null ||
      !(await marketingAllowed(db, row.member_id)))
  )
    return finish(deps, row, 'skipped', 'protected');
  if (row.presence_room !== null && (await deps.chatHub.occupied(row.presence_room)))
    return finish(deps, row, 'skipped', 'in_chat');

  const devices = await db
    .selectFrom('push_subscriptions')
    .selectAll()
    .where('member_id', '=', row.member_id)
    .execute();
  const live = await liveSessions(
    deps,
    devices.map((d) => d.session_id),
  );
  const ended = devices.filter((d) => !live.has(d.session_id));
  if (ended.length) {
    await db
      .deleteFrom('push_subscriptions')
      .where(
        'id',
        'in',
        ended.map((d) => d.id),
      )
      .execute();
    for (let i = 0; i < ended.length; i++) count('session_ended');
  }
  const reached = new Set(
    (
      await db
        .selectFrom('push_deliveries')
        .select('subscription_id')
        .where('outbox_id', '=', row.id)
        .execute()
    ).map((r) => r.subscription_id),
  );
  const targets = devices.filter((d) => live.has(d.session_id) && !reached.has(d.id));
  if (targets.length === 0)
    return reached.size > 0
      ? finish(deps, row, 'sent', 'sent')
      : finish(deps, row, 'skipped', 'no_device');

  const payload = JSON.stringify(
    renderPush(row.kind, row.tag, JSON.parse(row.params_json) as PushParams, lang),
  );
  let sent = 0;
  let failure: unknown;
  for (const device of targets) {
    try {
      const outcome = await deps.pushSender.send(device, {
        payload,
        ttlSeconds: config.push.ttlSeconds,
        topic: row.tag,
      });
      if (outcome === 'gone') {
        await db.deleteFrom('push_subscriptions').where('id', '=', device.id).execute();
        count('gone');
        continue;
      }
      await db
        .insertInto('push_deliveries')
        .values({ outbox_id: row.id, subscription_id: device.id, delivered_at: isoNow(clock) })
        .onConflict((oc) => oc.columns(['outbox_id', 'subscription_id']).doNothing())
        .execute();
      sent += 1;
      count('delivered');
    } catch (error) {
      if (!(error instanceof PushSendError)) throw error;
      failure = error;
    }
  }
  if (failure !== undefined) {
    if (sent)
      await db
        .updateTable('push_outbox')
        .set((eb) => ({ sent_count: eb('sent_count', '+', sent) }))
        .where('id', '=', row.id)
        .execute();
    return { kind: 'retry', error: failure } satisfies Resolution;
  }
  return sent + reached.size > 0
    ? finish(deps, row, 'sent', 'sent', sent)
    : finish(deps, row, 'skipped', 'no_device');
}

/** The delivery flow the composition level starts (modules/index.ts, decision 0136). */
export function pushFlow(deps: Deps): Flow<'push_outbox'> {
  return {
    name: 'push-delivery',
    table: 'push_outbox',
    intervalMs: deps.config.push.intervalMs,
    // A take sends to at most MAX_DEVICES devices, each within the push timeout.
    leaseMs: deps.config.push.timeoutMs * 12,
    backoff: { baseMs: 5_000, maxMs: 10 * 60_000, jitter: 0.2 },
    batch: 100,
    concurrency: 4,
    resolve: (row, count) => deliver(deps, row, count),
  };
}
