// The panel's rows (spec section 2): a date separator before the first message of each
// calendar day (the member's local day), and an end-of-conversation marker where the
// conversation (session_id) changes. Messages not yet confirmed have no session and never
// start a marker.
import type { ChatMessage } from '@wallet/contract/client';

export type TimelineRow<T> =
  | { kind: 'date'; key: string; date: Date }
  | { kind: 'end'; key: string }
  | { kind: 'message'; key: string; item: T };

function dayKey(date: Date): string {
  return `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;
}

export function buildTimeline<T>(
  items: readonly T[],
  messageOf: (item: T) => ChatMessage,
  keyOf: (item: T) => string,
): TimelineRow<T>[] {
  const rows: TimelineRow<T>[] = [];
  let lastDay: string | null = null;
  let lastSession: string | null = null;
  for (const item of items) {
    const message = messageOf(item);
    const key = keyOf(item);
    const session = message.session_id ?? null;
    if (session && lastSession && session !== lastSession) {
      rows.push({ kind: 'end', key: `end:${key}` });
    }
    if (session) lastSession = session;
    const date = message.createdAt ? new Date(message.createdAt) : new Date();
    const day: string | null = Number.isNaN(date.getTime()) ? lastDay : dayKey(date);
    if (day && day !== lastDay) {
      rows.push({ kind: 'date', key: `date:${day}`, date });
      lastDay = day;
    }
    rows.push({ kind: 'message', key, item });
  }
  return rows;
}
