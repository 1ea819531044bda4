// The push module's tables (issue 29, migration 0034): one row interface per table, as the
// migration makes it; db/schema.ts composes `Database` from them. Times are ISO-8601 UTC text.
import type { Generated } from 'kysely';

/** One device of a member: the browser's push endpoint and keys (base64url). */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  member_id: number;
  /** The session that subscribed it: when that session ends, the device stops receiving. */
  session_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  label: string | null;
  created_at: string;
}

/** A member's per-kind choices (1: on) and the language of their push texts. */
export interface PushPreferencesTable {
  member_id: number;
  lang: 'th' | 'la' | 'en';
  deposit_credited: number;
  withdrawal_paid: number;
  withdrawal_rejected: number;
  support_reply: number;
  bonus_turnover_met: number;
  updated_at: string;
}

/** One event to push, written in the event's transaction; delivered by the reconcile kernel. */
export interface PushOutboxTable {
  id: Generated<number>;
  member_id: number;
  kind:
    | 'deposit_credited'
    | 'withdrawal_paid'
    | 'withdrawal_rejected'
    | 'support_reply'
    | 'bonus_turnover_met';
  /** The event's name (`deposit:<ref>` ...): one row per event, and the payload's tag. */
  tag: string;
  /** What the text needs (amount, reference, reason), as JSON. */
  params_json: string;
  /** A chat room: nothing is pushed while the member has a socket in it (support replies). */
  presence_room: string | null;
  /** pending -> sent (reached at least one device) or skipped (nobody to tell, or not to). */
  status: 'pending' | 'sent' | 'skipped';
  sent_count: Generated<number>;
  attempts: Generated<number>;
  next_attempt_at: string | null;
  last_error: string | null;
  created_at: string;
  settled_at: string | null;
}

/** Which device an event has reached (a retry sends only to the others). */
export interface PushDeliveriesTable {
  outbox_id: number;
  subscription_id: number;
  delivered_at: string;
}
