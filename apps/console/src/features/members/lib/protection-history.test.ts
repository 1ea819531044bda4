// The protection history in words (issue 28): every change the server can write (the
// contract's one list, `protectionChangeKinds`, through `protectionChangeCode`) has words in
// th and en, and old and new values read as money, durations and times, never as codes.
import {
  everyProtectionChange,
  protectionChangeCode,
  protectionChangeKinds,
  readProtectionChange,
} from '@wallet/contract/client';
import { afterAll, describe, expect, it } from 'vitest';
import { en } from '@/i18n/en';
import { t } from '@/i18n/i18n';
import { th } from '@/i18n/th';
import { useCatalog } from '@/test/setup';

const install = useCatalog; // not a React hook: installs a catalogue
import { actorText, changeText, valueText } from './protection-history';

const at = '2026-11-20T03:00:00.000Z';

describe('protection history in words', () => {
  afterAll(() => useCatalog('en'));

  it('has words in th and en for every change kind the server can write', () => {
    expect(protectionChangeKinds.length).toBeGreaterThan(0);
    for (const [lang, catalogue] of [
      ['th', th],
      ['en', en],
    ] as const) {
      const words = catalogue.members.protection.history.change as Record<string, string>;
      for (const kind of protectionChangeKinds)
        expect(words[kind]?.trim(), `${lang} ${kind}`).toBeTruthy();
      install(lang);
      for (const change of everyProtectionChange()) {
        const code = protectionChangeCode(change);
        expect(readProtectionChange(code), code).toEqual(change);
        const text = changeText(t, code);
        expect(text, `${lang} ${code}`).not.toContain(code);
        expect(text, `${lang} ${code}`).not.toMatch(/[{}_]|limit:|undefined/);
      }
    }
  });

  it('words the old and new values: money, pending raises, blocks, reality check, consent', () => {
    useCatalog('en');
    const day = 'limit:deposit:day';
    expect(changeText(t, `${day}:pending`)).toBe(
      'Deposit limit per day: raise or removal asked (waits 24 hours)',
    );
    expect(valueText(t, day, { amount: null })).toBe('No limit');
    expect(valueText(t, day, { amount: 1234.5 })).toBe('1,234.50');
    expect(valueText(t, `${day}:pending`, { amount: 1000, pending: 5000, confirmableAt: at })).toBe(
      '1,000.00, waiting for the member: 5,000.00, can be confirmed from 20/11/2026 10:00',
    );
    expect(valueText(t, `${day}:pending`, { amount: 1000, pending: null })).toBe(
      '1,000.00, waiting for the member: removal',
    );
    expect(valueText(t, 'time_out', null)).toBe('None');
    expect(
      valueText(t, 'time_out', { kind: 'time_out', duration: '7d', startedAt: at, endsAt: at }),
    ).toBe('Time-out for 7 days, until 20/11/2026 10:00');
    expect(valueText(t, 'self_exclusion', { kind: 'time_out', startedAt: at, endsAt: at })).toBe(
      'Time-out until 20/11/2026 10:00',
    );
    expect(valueText(t, 'reality_check', { minutes: 0 })).toBe('Off');
    expect(valueText(t, 'reality_check', { minutes: 30 })).toBe('Every 30 minutes');
    expect(valueText(t, 'marketing_consent', { consent: false })).toBe('Ended');
    expect(actorText(t, { actor: 'member:2', operator: null, change: day })).toBe('The member');
    expect(actorText(t, { actor: 'operator:3', operator: 'support', change: day })).toBe(
      'Operator support',
    );
    useCatalog('th');
    expect(changeText(t, 'limit:loss:week')).toBe('วงเงินเสียต่อสัปดาห์: ตั้งหรือลดวงเงิน (มีผลทันที)');
    expect(
      valueText(t, 'time_out', { kind: 'time_out', duration: '24h', startedAt: at, endsAt: at }),
    ).toBe('พักการเล่น 24 ชั่วโมง ถึง 20/11/2026 10:00');
  });

  it('shows a code or value it does not know as it is', () => {
    useCatalog('en');
    expect(changeText(t, 'limit:bonus:day')).toBe('limit:bonus:day');
    expect(valueText(t, 'something_new', { a: 1 })).toBe('a: 1');
  });
});
