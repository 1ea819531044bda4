// The running totals of game transfers by status (decision 0105) equal a full count at every
// step: settled transfers, a pending one that settles later, rows folded after FOLD_AFTER_MS
// and rows newer than that.
import { expect, it } from 'vitest';
import { activate, newMember, transfer } from '../../../test/game-support';
import { forEachDialect, reconcilePass } from '../../../test/helpers';
import { countGameTransfersByStatus, FOLD_AFTER_MS, gameTransferTally } from './games.counts';
import { gameTransfersFlow } from './index';

const sorted = (rows: { direction: string; status: string; n: number }[]) =>
  rows
    .filter((row) => row.n > 0)
    .map((row) => `${row.direction} ${row.status} ${row.n}`)
    .sort();

forEachDialect('games: transfer counts for /metrics', (get) => {
  it('keeps running totals equal to a full count while transfers settle', async () => {
    const t = get();
    const tally = gameTransferTally(t.db, t.clock);
    const check = async () =>
      expect(sorted(await tally())).toEqual(sorted(await countGameTransfersByStatus(t.db)));
    await check();
    const m = await newMember(t, 1000);
    await activate(t, m, 'PG');
    await transfer(t, m, { from: 'WALLET', to: 'PG', amount: 100 });
    await transfer(t, m, { from: 'PG', to: 'WALLET', amount: 40 });
    await check(); // newer than FOLD_AFTER_MS: counted as they are
    t.games.down.add('PG');
    try {
      await transfer(t, m, { from: 'WALLET', to: 'PG', amount: 10 }); // PENDING
    } finally {
      t.games.down.delete('PG');
    }
    await check();
    t.clock.advance(FOLD_AFTER_MS + 1000);
    await check(); // folded: the settled ones counted, the pending one held by id
    expect(sorted(await tally())).toContain('in PENDING 1');
    await transfer(t, m, { from: 'WALLET', to: 'PG', amount: 5 });
    await check(); // one newer row on top of the folded ones
    t.clock.advance(10 * 60_000);
    const pass = await reconcilePass(gameTransfersFlow(t.app.deps), t.app.deps);
    expect(pass.settled).toBe(1);
    await check(); // the pending one moved to its final status
    expect(sorted(await tally()).join()).not.toContain('PENDING');
    t.clock.advance(FOLD_AFTER_MS + 1000);
    await check();
  });
});
