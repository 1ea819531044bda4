import { describe, expect, it } from 'vitest';
import { SMS_CAPACITY, SmsStore } from './sms.store.js';

function counterIds() {
  let n = 0;
  return () => `m${++n}`;
}

describe('SmsStore', () => {
  it('stores a message with an id and a UTC timestamp', () => {
    const store = new SmsStore({ now: () => new Date(Date.UTC(2026, 10, 22, 4, 5, 6)) });
    const message = store.add('0812345678', 'hello');
    expect(message).toMatchObject({ to: '0812345678', text: 'hello' });
    expect(message.createdAt).toBe('2026-11-22T04:05:06.000Z');
    expect(message.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('lists newest first and filters by phone', () => {
    const store = new SmsStore({ newId: counterIds() });
    store.add('0811111111', 'a');
    store.add('0822222222', 'b');
    store.add('0811111111', 'c');
    expect(store.list().map((m) => m.text)).toEqual(['c', 'b', 'a']);
    expect(store.list({ to: '0811111111' }).map((m) => m.text)).toEqual(['c', 'a']);
    expect(store.list({ to: '0899999999' })).toEqual([]);
    expect(store.list({ limit: 2 }).map((m) => m.id)).toEqual(['m3', 'm2']);
  });

  it('keeps only the newest messages up to its capacity', () => {
    const store = new SmsStore({ capacity: 3, newId: counterIds() });
    for (let i = 1; i <= 5; i += 1) store.add('0811111111', `t${i}`);
    expect(store.size).toBe(3);
    expect(store.list().map((m) => m.text)).toEqual(['t5', 't4', 't3']);
  });

  it('keeps 1,000 by default', () => {
    const store = new SmsStore();
    for (let i = 0; i < SMS_CAPACITY + 5; i += 1) store.add('0811111111', `t${i}`);
    expect(SMS_CAPACITY).toBe(1000);
    expect(store.size).toBe(1000);
    expect(store.list().at(-1)?.text).toBe('t5');
  });

  it('tells subscribers about each message until they unsubscribe', () => {
    const store = new SmsStore();
    const seen: string[] = [];
    const unsubscribe = store.subscribe((m) => seen.push(m.text));
    store.add('0811111111', 'one');
    unsubscribe();
    store.add('0811111111', 'two');
    expect(seen).toEqual(['one']);
  });

  it('refuses a capacity that is not a positive integer', () => {
    expect(() => new SmsStore({ capacity: 0 })).toThrow(/capacity/);
    expect(() => new SmsStore({ capacity: 1.5 })).toThrow(/capacity/);
  });

  it('comes back from its snapshot (the state file, decision 0126), newest kept to capacity', () => {
    const store = new SmsStore({ newId: counterIds() });
    store.add('0811111111', 'a');
    store.add('0822222222', 'b');
    expect(store.revision).toBe(2);
    const copy = SmsStore.fromSnapshot(store.snapshot());
    expect(copy.list()).toEqual(store.list());
    const small = SmsStore.fromSnapshot(store.snapshot(), { capacity: 1 });
    expect(small.list().map((m) => m.text)).toEqual(['b']);
    expect(() => SmsStore.fromSnapshot({ version: 2 } as never)).toThrow(/version/);
  });
});
