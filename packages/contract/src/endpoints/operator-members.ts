import { z } from 'zod';
import { endpoint } from '../endpoint';
import { routes } from '../routes';
import { currencySchema, messageSchema, statementItemSchema } from '../entities';
import { bahtFigureSchema } from '../money-schema';
import { grantKinds } from '../constants';
import { pageOf, pageQuerySchema } from './operator';

// The members section of the operator console (issue 13, decision 0088). Money is baht with
// at most two decimals, as everywhere in the contract; the server keeps satang.

export const memberStatusSchema = z.enum(['active', 'inactive']);

const memberNoParams = z.object({ memberNo: z.string().min(1).max(20) });
/** Why an operator changed an account: shown in the audit log and the notes. */
const reasonSchema = z.string().trim().min(1).max(200);

/** One search result. */
export const memberRowSchema = z.object({
  memberNo: z.string(),
  /** The sign-in phone number (the member's username). */
  phone: z.string(),
  name: z.string(),
  bankCode: z.string(),
  bankAccountNo: z.string(),
  status: memberStatusSchema,
  createdAt: z.string(),
  /** The wallet (cash) balance. */
  balance: bahtFigureSchema,
});
export type MemberRow = z.infer<typeof memberRowSchema>;

/** A provider's balance as the provider tells it now; `unavailable` when it did not answer. */
export const memberGameBalanceSchema = z.object({
  code: z.string(),
  name: z.string(),
  username: z.string(),
  status: z.enum(['ok', 'unavailable']),
  /** The live balance; null when the provider is unavailable. */
  balance: bahtFigureSchema.nullable(),
  /** The balance the provider last reported to us, and when (null: never asked). */
  lastKnownBalance: bahtFigureSchema,
  lastKnownAt: z.string().nullable(),
});

export const memberPageSchema = z.object({
  profile: z.object({
    memberNo: z.string(),
    phone: z.string(),
    name: z.string(),
    status: memberStatusSchema,
    createdAt: z.string(),
    currency: currencySchema,
    coin: z.number(),
    bank: z.object({
      code: z.string(),
      /** The bank's name in the three languages (the code when the bank is unknown). */
      name: z.object({ th: z.string(), la: z.string(), en: z.string() }),
      accountName: z.string(),
      accountNo: z.string(),
    }),
    source: z
      .object({ code: z.string(), description: z.object({ th: z.string(), en: z.string() }) })
      .nullable(),
    invitedBy: z.object({ memberNo: z.string(), name: z.string() }).nullable(),
  }),
  wallet: z.object({
    /** Cash the member can use. */
    balance: bahtFigureSchema,
    /** Money held for withdrawals and game transfers in flight, per purpose. */
    holds: z.array(z.object({ purpose: z.string(), amount: bahtFigureSchema })),
    heldTotal: bahtFigureSchema,
  }),
  games: z.array(memberGameBalanceSchema),
  counts: z.object({
    deposits: z.number().int(),
    withdrawals: z.number().int(),
    slips: z.number().int(),
    bonuses: z.number().int(),
    activeSessions: z.number().int(),
    notes: z.number().int(),
    invitees: z.number().int(),
  }),
});
export type MemberPage = z.infer<typeof memberPageSchema>;

/** One posting that touched the member's cash or a hold of theirs. */
export const memberLedgerRowSchema = z.object({
  entryId: z.number().int(),
  transactionId: z.number().int(),
  at: z.string(),
  /** The business event: `adjustment`, `withdrawal_hold`, `game_transfer_hold`, ... */
  event: z.string(),
  actor: z.string(),
  /** The member's account the entry moved: `cash`, or `hold:<purpose>`. */
  account: z.string(),
  /** The other side's account code (`world:bank`, `provider:PG`, `house:adjustments`, ...). */
  counterparty: z.string(),
  /** Signed: positive into the member's account, negative out of it. */
  amount: bahtFigureSchema,
  balanceAfter: bahtFigureSchema,
  externalRef: z.string().nullable(),
  memo: z.string().nullable(),
});

export const memberDepositRowSchema = z.object({
  kind: z.enum(['qr', 'slip', 'gift_link']),
  reference: z.string(),
  /** The QR gateway, the slip's sending bank, or the gift link issuer. */
  channel: z.string().nullable(),
  amount: bahtFigureSchema,
  /** As stored for its kind: QR `OPEN`/`PAID`/..., slip `processing`/`success`/`failed`, gift `CREDITED`/... */
  status: z.string(),
  /** A failed slip's reason code, or the last outside error. */
  detail: z.string().nullable(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});

export const memberWithdrawalRowSchema = z.object({
  reference: z.string(),
  amount: bahtFigureSchema,
  status: z.string(),
  reviewReason: z.string().nullable(),
  bankCode: z.string(),
  bankAccountNo: z.string(),
  decidedBy: z.string().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});

export const memberSlipRowSchema = z.object({
  reference: z.string(),
  status: z.string(),
  reason: z.string().nullable(),
  amount: bahtFigureSchema,
  sendingBank: z.string().nullable(),
  transRef: z.string().nullable(),
  transferredAt: z.string().nullable(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});

export const memberBonusRowSchema = z.object({
  id: z.number().int(),
  kind: z.enum(grantKinds),
  code: z.string().nullable(),
  name: z.object({ th: z.string(), la: z.string(), en: z.string() }),
  credited: bahtFigureSchema,
  /** Turnover that ends the condition (weighted bets). */
  required: bahtFigureSchema,
  status: z.string(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
});

export const memberSessionRowSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
});

export const memberNoteRowSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  /** The operator's username. */
  operator: z.string(),
  text: z.string(),
});

const bankAccountStateSchema = z.object({
  bankCode: z.string().nullable(),
  accountNo: z.string().nullable(),
  accountName: z.string(),
});

export const memberBankChangeRowSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  /** `bank`: an operator changed the payout account (0019); `account_name`: the member fixed the name (0052). */
  kind: z.enum(['bank', 'account_name']),
  /** The operator's username; null for the member's own name change. */
  operator: z.string().nullable(),
  reason: z.string().nullable(),
  /** Bank code and number are null on an account-name change (only the name changed). */
  before: bankAccountStateSchema,
  after: bankAccountStateSchema,
});

const tab = <R extends z.ZodType>(row: R) => ({
  params: memberNoParams,
  query: pageQuerySchema,
  response: pageOf(row),
  milestone: 13 as const,
});

const m = routes.operatorMembers;

export const operatorMembersEndpoints = {
  search: endpoint({
    ...m.search,
    summary:
      'Find members, newest first: q matches the member number (exactly, listed first), the phone or name (contained), or the bank account number (its digits contained, 4 digits or more)',
    query: pageQuerySchema.extend({ q: z.string().trim().max(100).optional() }),
    response: pageOf(memberRowSchema),
    milestone: 13,
  }),
  member: endpoint({
    ...m.member,
    summary:
      "A member's page: profile, wallet and holds, live game balances (a provider that fails shows as unavailable), counts",
    params: memberNoParams,
    response: memberPageSchema,
    milestone: 13,
  }),
  ledger: endpoint({
    ...m.ledger,
    summary: "The ledger entries of the member's cash and holds, newest first",
    ...tab(memberLedgerRowSchema),
  }),
  statement: endpoint({
    ...m.statement,
    summary: "The member's statement, the same rows the member sees, newest first",
    ...tab(statementItemSchema),
  }),
  deposits: endpoint({
    ...m.deposits,
    summary: "The member's deposits (QR, slips, gift links) with their status, newest first",
    ...tab(memberDepositRowSchema),
  }),
  withdrawals: endpoint({
    ...m.withdrawals,
    summary: "The member's withdrawals, newest first",
    ...tab(memberWithdrawalRowSchema),
  }),
  slips: endpoint({
    ...m.slips,
    summary: "The member's slip uploads, newest first",
    ...tab(memberSlipRowSchema),
  }),
  bonuses: endpoint({
    ...m.bonuses,
    summary: "The member's promotion grants (bonuses, codes, invite, refund), newest first",
    ...tab(memberBonusRowSchema),
  }),
  sessions: endpoint({
    ...m.sessions,
    summary: "The member's active sessions, newest first",
    ...tab(memberSessionRowSchema),
  }),
  bankChanges: endpoint({
    ...m.bankChanges,
    summary:
      "The history of the member's payout account: operator changes (decision 0019) and the member's own account-name fixes (0052), newest first",
    ...tab(memberBankChangeRowSchema),
  }),
  notes: endpoint({
    ...m.notes,
    summary: "Operators' notes on the member, newest first",
    ...tab(memberNoteRowSchema),
  }),
  addNote: endpoint({
    ...m.addNote,
    summary: 'Add a note to the member (how support hands over)',
    params: memberNoParams,
    body: z.strictObject({ text: z.string().trim().min(1).max(2000) }),
    response: memberNoteRowSchema,
    milestone: 13,
  }),
  revokeSession: endpoint({
    ...m.revokeSession,
    summary: "End one of the member's sessions",
    params: memberNoParams.extend({ sessionId: z.coerce.number().int().positive() }),
    response: messageSchema,
    milestone: 13,
  }),
  deactivate: endpoint({
    ...m.deactivate,
    summary: 'Deactivate the member (no sign-in, every session ended); a reason is required',
    params: memberNoParams,
    body: z.strictObject({ reason: reasonSchema }),
    response: z.object({ status: memberStatusSchema, revokedSessions: z.number().int() }),
    milestone: 13,
  }),
  reactivate: endpoint({
    ...m.reactivate,
    summary: 'Reactivate a deactivated member; a reason is required',
    params: memberNoParams,
    body: z.strictObject({ reason: reasonSchema }),
    response: z.object({ status: memberStatusSchema }),
    milestone: 13,
  }),
  resetPassword: endpoint({
    ...m.resetPassword,
    summary:
      'Give the member a new random password by SMS and end every session; the password never appears in an answer',
    params: memberNoParams,
    body: z.strictObject({ reason: reasonSchema }),
    response: z.object({ message: z.string(), revokedSessions: z.number().int() }),
    milestone: 13,
  }),
};
