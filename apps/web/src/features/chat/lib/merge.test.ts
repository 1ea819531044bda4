import type { ChatMessage } from '@wallet/contract/client';
import { describe, expect, it } from 'vitest';
import { mergeEntries, type MergeableEntry } from './merge';

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

const make = (m: ChatMessage): MergeableEntry => ({
  key: m._id ?? m.clientMessageId ?? '?',
  message: m,
  status: 'succeed',
});
const pending = (id: string): MergeableEntry => ({
  key: id,
  message: message({ clientMessageId: id, session_id: null }),
  status: 'sending',
});
const keys = (entries: MergeableEntry[]) => entries.map((e) => e.key);

describe('mergeEntries (the contract merge, with delivery state)', () => {
  it('sorts oldest first whatever order the pages come in, and says what was new', () => {
    const a = message({ _id: 'a', createdAt: '2025-01-01T10:00:00.000Z' });
    const b = message({ _id: 'b', createdAt: '2025-01-01T10:01:00.000Z' });
    const c = message({ _id: 'c', createdAt: '2025-01-01T10:02:00.000Z' });
    const { entries, added } = mergeEntries([make(c)], [b, a], make);
    expect(keys(entries)).toEqual(['a', 'b', 'c']);
    expect(added.map((m) => m._id)).toEqual(['a', 'b']);
  });

  it('a message seen twice (history and socket) is kept once', () => {
    const a = message({ _id: 'a', createdAt: '2025-01-01T10:00:00.000Z' });
    const once = mergeEntries([], [a], make).entries;
    const { entries, added } = mergeEntries(once, [a, { ...a }], make);
    expect(entries).toHaveLength(1);
    expect(added).toHaveLength(0);
  });

  it("the server's echo replaces the optimistic copy by client id, keeping its key, as sent", () => {
    const echo = message({
      _id: 'x',
      clientMessageId: 'c1',
      createdAt: '2025-01-01T10:00:00.000Z',
    });
    const { entries, added } = mergeEntries([pending('c1')], [echo], make);
    expect(entries).toEqual([{ key: 'c1', message: echo, status: 'succeed' }]);
    expect(added).toHaveLength(0);
  });

  it('unsent messages stay last, in the order they were written', () => {
    const sent = message({ _id: 'a', createdAt: '2025-01-01T10:00:00.000Z' });
    const written = ['9', '1', '5', '3'].map(pending);
    expect(keys(mergeEntries(written, [sent], make).entries)).toEqual(['a', '9', '1', '5', '3']);
  });
});
