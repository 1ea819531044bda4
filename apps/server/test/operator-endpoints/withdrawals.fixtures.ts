// Audit-walker fixtures for the withdrawals queue and provider transfers (decision 0090).
import { activate, newMember as newPlayer, transfer } from '../game-support';
import { newMember, withdraw } from '../reliability/money-helpers';
import type { OperatorFixtures } from './fixture';

export const fixtures: OperatorFixtures = {
  // A payout whose outcome is unknown (the rail did not answer): PROCESSING, retryable.
  'POST /api/operator/withdrawals/:id/retry': async (t) => {
    const member = await newMember(t, 1000);
    t.payouts.failNext('down');
    const answer = await withdraw(t, member.token, 100);
    return { params: { id: answer.json<{ reference: string }>().reference } };
  },
  // A transfer the provider did not answer: PENDING, open in the reconcile kernel.
  'POST /api/operator/transfers/:ref/ask': async (t) => {
    const player = await newPlayer(t, 100);
    await activate(t, player, 'PG');
    t.games.fail.transfer = 'unknown';
    try {
      const res = await transfer(t, player, { from: 'WALLET', to: 'PG', amount: 10 });
      return { params: { ref: res.json<{ reference: string }>().reference } };
    } finally {
      delete t.games.fail.transfer;
    }
  },
};
