import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeChatMessages } from './chat-merge';

interface Msg {
  _id?: string | null;
  clientMessageId?: string | null;
  createdAt: string;
  text: string;
}

const at = (second: number) => new Date(Date.UTC(2025, 0, 1, 0, 0, second)).toISOString();
const msg = (
  id: string | null,
  clientId: string | null,
  second: number,
  text = `${id ?? clientId}`,
): Msg => ({ _id: id, clientMessageId: clientId, createdAt: at(second), text });

describe('mergeChatMessages', () => {
  it('keeps each message once when the socket event and the REST history both hold it', () => {
    const fromSocket = [msg('m2', 'c2', 2)];
    const history = [msg('m3', 'c3', 3), msg('m2', 'c2', 2), msg('m1', 'c1', 1)]; // newest first
    const merged = mergeChatMessages(fromSocket, history);
    expect(merged.map((m) => m._id)).toEqual(['m1', 'm2', 'm3']);
  });

  it("replaces a pending local copy by the server's copy, matched by clientMessageId", () => {
    const pending = { ...msg(null, 'c9', 5, 'hello'), text: 'hello (sending)' };
    const confirmed = msg('m9', 'c9', 6, 'hello');
    const merged = mergeChatMessages([msg('m1', 'c1', 1), pending], [confirmed]);
    expect(merged).toEqual([msg('m1', 'c1', 1), confirmed]);
  });

  it('matches by _id when the copies lack a client id, and keeps the id only the old copy had', () => {
    const agentReply = msg('m5', null, 5, 'agent says hi');
    const again = { ...agentReply, text: 'agent says hi (link re-signed)' };
    expect(mergeChatMessages([agentReply], [again])).toEqual([again]);

    const withClientId = msg('m6', 'c6', 6);
    const withoutClientId = { ...msg('m6', null, 6), text: 'newer' };
    expect(mergeChatMessages([withClientId], [withoutClientId])).toEqual([
      { ...withoutClientId, clientMessageId: 'c6' },
    ]);
  });

  it('joins two copies that turn out to be one message (one known by client id, one by _id)', () => {
    const byClient = msg(null, 'c1', 1, 'pending');
    const byServer = msg('m1', null, 1, 'agent view');
    const both = msg('m1', 'c1', 1, 'final');
    const merged = mergeChatMessages([byClient, byServer], [both]);
    expect(merged).toEqual([both]);
  });

  it('removes duplicates inside one list, sorts oldest first and never changes its inputs', () => {
    const existing = [msg('m3', 'c3', 3), msg('m1', 'c1', 1), msg('m3', 'c3', 3)];
    const incoming = [msg('m2', 'c2', 2)];
    const copies = JSON.stringify([existing, incoming]);
    const merged = mergeChatMessages(existing, incoming);
    expect(merged.map((m) => m._id)).toEqual(['m1', 'm2', 'm3']);
    expect(JSON.stringify([existing, incoming])).toBe(copies);
  });

  it('puts a local copy without createdAt (not sent yet) after the server-dated messages', () => {
    const local = { _id: null, clientMessageId: 'c-new', text: 'typing...' };
    const merged = mergeChatMessages<Msg | typeof local>([local], [msg('m1', 'c1', 1)]);
    expect(merged.map((m) => m.clientMessageId)).toEqual(['c1', 'c-new']);
  });

  it('orders messages of the same instant by _id, and keeps messages with no id at all', () => {
    const merged = mergeChatMessages(
      [msg('b', null, 1), msg(null, null, 0, 'anonymous')],
      [msg('a', null, 1), msg(null, null, 0, 'anonymous')],
    );
    expect(merged.map((m) => m._id ?? m.text)).toEqual(['anonymous', 'anonymous', 'a', 'b']);
  });

  it('shows every message exactly once, whatever mix of pages and events arrives (property)', () => {
    // A conversation of n messages; the client receives arbitrary overlapping slices of it in
    // any order (socket events, history pages, catch-ups), some as pending copies without _id.
    const conversation = (n: number) =>
      Array.from({ length: n }, (_, i) => msg(`m${i}`, `c${i}`, i));
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }).chain((n) =>
          fc.tuple(
            fc.constant(n),
            fc.array(
              fc.array(fc.tuple(fc.integer({ min: 0, max: n - 1 }), fc.boolean()), {
                maxLength: 12,
              }),
              { maxLength: 8 },
            ),
          ),
        ),
        ([n, deliveries]) => {
          const all = conversation(n);
          let shown: Msg[] = [];
          const seen = new Set<number>();
          for (const batch of deliveries) {
            const copies = batch.map(([i, pending]) =>
              pending ? { ...all[i]!, _id: null } : all[i]!,
            );
            shown = mergeChatMessages(shown, copies);
            for (const [i] of batch) seen.add(i);
          }
          // Once per message, in conversation order.
          expect(shown.map((m) => m.clientMessageId)).toEqual(
            [...seen].sort((a, b) => a - b).map((i) => `c${i}`),
          );
        },
      ),
    );
  });
});
