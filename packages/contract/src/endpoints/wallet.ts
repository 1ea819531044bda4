import { z } from 'zod';
import { endpoint } from '../endpoint';
import { routes } from '../routes';
import {
  messageSchema,
  slotCredentialsSchema,
  slotSchema,
  transferAnswerSchema,
  transferSchema,
  walletSchema,
} from '../entities';
import { hasAtMostTwoDecimals, MAX_AMOUNT_BAHT } from '../money';
import { bahtAmountSchema } from '../money-schema';

const code = z.object({ code: z.string().min(1).max(32) });
const moneyAnswer = z.object({ message: z.string(), status: z.string(), reference: z.string() });
/**
 * A withdrawal. `confirmForfeit` (ours, decision 0112): while a bonus is open, the baht of the
 * member's own money left in the wallet that this withdrawal forfeits (spec section 9: "withdraw
 * all funds when a bonus is active, or the remainder is forfeited"). Without it, or with another
 * figure, such a withdrawal is refused with BONUS_REMAINING and the figure (`forfeit`).
 */
const withdrawBody = z.strictObject({
  amount: bahtAmountSchema,
  confirmForfeit: z
    .number()
    .nonnegative()
    .max(MAX_AMOUNT_BAHT)
    .refine(hasAtMostTwoDecimals, { message: 'KEY_INVALID' })
    .optional(),
});

export const walletEndpoints = {
  get: endpoint({
    ...routes.wallet.get,
    summary: 'Wallet, profile, bank account, invite bonus and game accounts',
    response: walletSchema,
    milestone: 3,
  }),
  refreshSlots: endpoint({
    ...routes.wallet.refreshSlots,
    summary: 'Refresh all game balances from the providers',
    response: walletSchema,
    milestone: 3,
  }),
  activate: endpoint({
    ...routes.wallet.activate,
    summary: 'Open a game account',
    params: code,
    response: slotSchema,
    milestone: 3,
  }),
  account: endpoint({
    ...routes.wallet.account,
    summary: 'Game account credentials',
    params: code,
    response: slotCredentialsSchema,
    milestone: 3,
  }),
  resetPassword: endpoint({
    ...routes.wallet.resetPassword,
    summary: 'Reset the game account password',
    params: code,
    response: slotCredentialsSchema,
    milestone: 3,
  }),
  launch: endpoint({
    ...routes.wallet.launch,
    summary:
      'A one-time game link for any active game account (the launch of providers without an /api/autoLogin route; decision 0014)',
    params: code,
    response: z.object({ link: z.string() }),
    milestone: 3,
  }),
  add: endpoint({
    ...routes.wallet.add,
    summary:
      "The member's notice of a manual bank deposit: a waiting deposit row, no money moves (decision 0016)",
    body: z.strictObject({ amount: bahtAmountSchema }),
    response: messageSchema,
    milestone: 3,
  }),
  transfer: endpoint({
    ...routes.wallet.transfer,
    summary: 'Move money: WALLET or game code to WALLET or game code',
    body: transferSchema,
    response: transferAnswerSchema,
    milestone: 3,
  }),
  transferAll: endpoint({
    ...routes.wallet.transferAll,
    summary: 'Move the whole wallet into a game',
    body: z.strictObject({ to: z.string().min(1).max(32) }),
    response: transferAnswerSchema,
    milestone: 3,
  }),
  withdraw: endpoint({
    ...routes.wallet.withdraw,
    summary: 'Withdraw to the registered bank account',
    body: withdrawBody,
    response: moneyAnswer,
    milestone: 3,
  }),
  withdrawAll: endpoint({
    ...routes.wallet.withdrawAll,
    summary: 'Withdraw (used by the withdraw dialog)',
    body: withdrawBody,
    response: moneyAnswer,
    milestone: 3,
  }),
  slip: endpoint({
    ...routes.wallet.slip,
    summary: 'Upload a bank-transfer slip (multipart, field file)',
    response: z.object({
      message: z.string(),
      slipId: z.string(),
      /** Ours (issue 26): the baht credited, with message SUCCESS only. */
      amount: z.number().optional(),
    }),
    milestone: 4,
  }),
  truelink: endpoint({
    ...routes.wallet.truelink,
    summary: 'Redeem a gift link (AES-encrypted on the client)',
    body: z.strictObject({ link: z.string().min(1).max(4096) }),
    response: z.object({ message: z.string(), amount: z.number() }),
    milestone: 4,
  }),
};
