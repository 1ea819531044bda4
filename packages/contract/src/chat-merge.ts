// The one way a chat client folds messages together (issue 14, decision 0098): what it
// shows, a `messaging` event from the socket, a page of REST history, the catch-up after a
// reconnect. The same message may arrive by more than one of these (an event and then the
// history that already holds it, or a member's own send echoed back): it is shown once.
//
// A message is the same message when its `clientMessageId` matches (the sender's id, unique
// per conversation message, known before the server answers) or its `_id` matches (the
// server's id). The newer copy (from `incoming`) wins: it carries the server's id, signed
// links and final timestamps that a pending local copy lacks.

/** The fields the merge reads; ChatMessage (the contract's) has them all. */
export interface MergeableChatMessage {
  _id?: string | null;
  clientMessageId?: string | null;
  /** Set by the server; a local copy not yet sent may lack it (sorted last). */
  createdAt?: string | null;
}

const present = (value: string | null | undefined): value is string =>
  typeof value === 'string' && value.length > 0;

/** Oldest first by createdAt (none: last), then by `_id`, then by client id. */
function compareMessages(a: MergeableChatMessage, b: MergeableChatMessage): number {
  const at = Date.parse(a.createdAt ?? '');
  const bt = Date.parse(b.createdAt ?? '');
  if (at !== bt) {
    if (Number.isNaN(at)) return 1;
    if (Number.isNaN(bt)) return -1;
    return at - bt;
  }
  const aid = a._id ?? '';
  const bid = b._id ?? '';
  if (aid !== bid) return aid < bid ? -1 : 1;
  const ac = a.clientMessageId ?? '';
  const bc = b.clientMessageId ?? '';
  return ac < bc ? -1 : ac > bc ? 1 : 0;
}

/**
 * `existing` and `incoming` folded into one list, each message once, oldest first (the order
 * a conversation is read in; the inputs may be in any order, REST history comes newest
 * first). A message of `incoming` replaces the copy of `existing` it matches by
 * `clientMessageId` or `_id`, keeping what only the old copy knew (an `_id` or a
 * `clientMessageId` the new copy lacks). Messages with neither id are kept as they come
 * (nothing can tell two of them apart). Inputs are never changed.
 */
export function mergeChatMessages<T extends MergeableChatMessage>(
  existing: readonly T[],
  incoming: readonly T[],
): T[] {
  const slots: (T | undefined)[] = [];
  const byClientId = new Map<string, number>();
  const byId = new Map<string, number>();

  const remember = (message: T, slot: number) => {
    if (present(message.clientMessageId)) byClientId.set(message.clientMessageId, slot);
    if (present(message._id)) byId.set(message._id, slot);
  };
  const slotOf = (message: T): number | undefined =>
    (present(message.clientMessageId) ? byClientId.get(message.clientMessageId) : undefined) ??
    (present(message._id) ? byId.get(message._id) : undefined);

  const add = (message: T) => {
    const slot = slotOf(message);
    if (slot === undefined) {
      slots.push(message);
      remember(message, slots.length - 1);
      return;
    }
    const old = slots[slot]!;
    const merged: T = {
      ...message,
      ...(!present(message._id) && present(old._id) ? { _id: old._id } : {}),
      ...(!present(message.clientMessageId) && present(old.clientMessageId)
        ? { clientMessageId: old.clientMessageId }
        : {}),
    };
    // Two copies that were separate so far (one known by its client id, one by its server
    // id) may turn out to be one message: the later slot is emptied.
    const other = present(merged._id) ? byId.get(merged._id) : undefined;
    if (other !== undefined && other !== slot) {
      const dropped = slots[other];
      slots[other] = undefined;
      if (dropped && present(dropped.clientMessageId))
        byClientId.set(dropped.clientMessageId, slot);
    }
    slots[slot] = merged;
    remember(merged, slot);
  };

  for (const message of existing) add(message);
  for (const message of incoming) add(message);
  return slots.filter((m): m is T => m !== undefined).sort(compareMessages);
}
