import { describe, expect, it } from 'vitest';
import {
  checkTransfer,
  checkTransferAll,
  NONE,
  transferOnlyPreset,
  transferParties,
} from '@/features/home/lib/transfer-rules';

const parties = transferParties(500, [
  { code: 'PG', name: 'PG Soft', isActive: true, amount: 20 },
  { code: 'JOKER', name: 'Joker Gaming', isActive: false, amount: 0 },
  { code: 'UFABET', name: 'UFABET', isActive: true, amount: 0 },
]);
const check = (from: string, to: string, amount: string) =>
  checkTransfer({ from, to, amount, parties });

describe('transfer rules (spec section 5)', () => {
  it('offers the wallet and active game accounts only', () => {
    expect(parties.map((p) => p.value)).toEqual(['WALLET', 'PG', 'UFABET']);
  });

  it('needs both sides chosen: NONE or an inactive game is not a choice', () => {
    expect(check(NONE, 'PG', '10')).toEqual({ ok: false, problem: 'chooseBoth', field: 'from' });
    expect(check('WALLET', NONE, '10')).toEqual({ ok: false, problem: 'chooseBoth', field: 'to' });
    expect(check('WALLET', 'JOKER', '10')).toEqual({
      ok: false,
      problem: 'chooseBoth',
      field: 'to',
    });
  });

  it('needs the source and the destination to differ', () => {
    expect(check('PG', 'PG', '10')).toEqual({ ok: false, problem: 'sameAccount', field: 'to' });
  });

  it('needs at least 1 baht, written with at most 2 decimals', () => {
    expect(check('WALLET', 'PG', '')).toMatchObject({ ok: false, problem: 'minimum' });
    expect(check('WALLET', 'PG', '0.99')).toMatchObject({ ok: false, problem: 'minimum' });
    expect(check('WALLET', 'PG', '1.005')).toMatchObject({
      ok: false,
      problem: 'amount',
      amount: { reason: 'format' },
    });
    expect(check('WALLET', 'PG', '1e3😀abc')).toMatchObject({ problem: 'amount' });
    expect(check('WALLET', 'PG', '99,999,999')).toMatchObject({
      ok: false,
      problem: 'amount',
      amount: { reason: 'tooLarge', max: 10_000_000 },
    });
    expect(check('WALLET', 'PG', '1')).toEqual({
      ok: true,
      body: { from: 'WALLET', to: 'PG', amount: 1 },
    });
    expect(check('PG', 'UFABET', '1,000.50')).toEqual({
      ok: true,
      body: { from: 'PG', to: 'UFABET', amount: 1000.5 },
    });
  });

  it('moves the whole wallet only into a game', () => {
    expect(checkTransferAll({ to: 'PG', parties })).toEqual({ ok: true, body: { to: 'PG' } });
    expect(checkTransferAll({ to: 'WALLET', parties })).toEqual({ ok: false });
    expect(checkTransferAll({ to: NONE, parties })).toEqual({ ok: false });
  });

  it('presets transfer-only and disables it when there is nothing to move', () => {
    const pg = { code: 'PG', isActive: true, amount: 20 };
    expect(transferOnlyPreset(500, pg)).toEqual({ from: 'WALLET', to: 'PG' });
    expect(transferOnlyPreset(0, pg)).toEqual({ from: 'PG', to: 'WALLET' });
    expect(transferOnlyPreset(0, { ...pg, amount: 0 })).toBeNull();
    expect(transferOnlyPreset(-1, { ...pg, amount: -1 })).toBeNull();
    expect(transferOnlyPreset(500, { ...pg, isActive: false })).toBeNull();
  });
});
