import type { ChatMessage } from '@wallet/contract/client';
import { describe, expect, it } from 'vitest';
import { mergeChatMessages } from './merge';

function message(over: Partial<ChatMessage>): ChatMessage {
  return {
    sender: 'customer',
    message: { message_type: 'text', payload: 'hi' },
    userId: null,
    guestId: 'g',
    username: null,
    name: null,
    deviceToken: null,
    session_id: 's1',
    ...over,
  };
}

describe('mergeChatMessages', () => {
  it('sorts oldest first whatever order the pages come in', () => {
    const a = message({ _id: 'a', createdAt: '2025-01-01T10:00:00.000Z' });
    const b = message({ _id: 'b', createdAt: '2025-01-01T10:01:00.000Z' });
    const c = message({ _id: 'c', createdAt: '2025-01-01T10:02:00.000Z' });
    expect(mergeChatMessages([c], [b, a]).map((m) => m._id)).toEqual(['a', 'b', 'c']);
  });

  it('a message seen twice (history and socket) is kept once', () => {
    const a = message({ _id: 'a', createdAt: '2025-01-01T10:00:00.000Z' });
    expect(mergeChatMessages([a], [a, { ...a }])).toHaveLength(1);
  });

  it("the server's echo replaces the optimistic copy by client message id", () => {
    const local = message({ clientMessageId: 'c1', session_id: null });
    const echo = message({
      _id: 'x',
      clientMessageId: 'c1',
      createdAt: '2025-01-01T10:00:00.000Z',
    });
    const merged = mergeChatMessages([local], [echo]);
    expect(merged).toEqual([echo]);
    // ...and a late optimistic copy never replaces the server's one.
    expect(mergeChatMessages(merged, [local])).toEqual([echo]);
  });

  it('unsent messages stay last, in the order they were written', () => {
    const sent = message({ _id: 'a', createdAt: '2025-01-01T10:00:00.000Z' });
    const one = message({ clientMessageId: '1' });
    const two = message({ clientMessageId: '2' });
    expect(mergeChatMessages([one, two], [sent]).map((m) => m._id ?? m.clientMessageId)).toEqual([
      'a',
      '1',
      '2',
    ]);
  });
});
