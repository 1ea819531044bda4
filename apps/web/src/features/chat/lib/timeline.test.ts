import type { ChatMessage } from '@wallet/contract/client';
import { describe, expect, it } from 'vitest';
import { buildTimeline } from './timeline';

function message(id: string, createdAt: string | undefined, session: string | null): ChatMessage {
  return {
    _id: id,
    sender: 'customer',
    message: { message_type: 'text', payload: id },
    userId: null,
    guestId: 'g',
    username: null,
    name: null,
    deviceToken: null,
    createdAt,
    session_id: session,
  };
}

describe('buildTimeline', () => {
  it('puts a date separator before each new day and an end marker where the session changes', () => {
    const rows = buildTimeline(
      [
        message('a', '2025-03-01T09:00:00', 's1'),
        message('b', '2025-03-01T10:00:00', 's1'),
        message('c', '2025-03-02T09:00:00', 's2'),
        message('d', undefined, null),
      ],
      (m) => m,
      (m) => m._id!,
    );
    expect(rows.map((r) => (r.kind === 'message' ? r.key : r.kind))).toEqual([
      'date',
      'a',
      'b',
      'end',
      'date',
      'c',
      'date', // an unsent message is today's
      'd',
    ]);
  });

  it('an unsent message (no session yet) never starts a marker', () => {
    const rows = buildTimeline(
      [message('a', '2025-03-01T09:00:00', 's1'), message('b', undefined, null)],
      (m) => m,
      (m) => m._id!,
    );
    expect(rows.some((r) => r.kind === 'end')).toBe(false);
  });
});
