// The column vocabularies every table file shares (issue 27): the value lists of union
// columns and their types. Where a migration has a CHECK constraint for one, the value list
// here is what schema.int.test.ts compares it with. The contract's unions are reused where the
// stored values are the contract's. Each table's row interface lives beside its module
// (modules/<m>/<m>.tables.ts); db/schema.ts composes them into `Database`.
import type { Currency, StatementStatusValue, bonusTypes } from '@wallet/contract';
import {
  chatConversationStatuses,
  giftStatuses,
  grantKinds,
  grantStatuses,
  operatorQrStatuses,
  providerTransferStatuses,
  slipStatuses,
  statementTypes,
  withdrawalStatusValues,
} from '@wallet/contract';

export type { Currency };

export { statementTypes };
export type StatementType = (typeof statementTypes)[number];

export const memberStatuses = ['active', 'inactive'] as const;
export type MemberStatus = (typeof memberStatuses)[number];

/** Operators have no CHECK constraint on status; admins deactivate and reactivate (0089). */
export type OperatorStatus = 'active' | 'inactive';

export type SessionSubject = 'member' | 'operator';

export type BankCountry = 'TH' | 'LA';

/** The ledger's account kinds (docs/decisions/0012-ledger.md). */
export type LedgerAccountKind = 'member_cash' | 'member_hold' | 'provider' | 'world' | 'house';

export const idempotencyStatuses = ['pending', 'completed'] as const;
export type IdempotencyStatus = (typeof idempotencyStatuses)[number];

/** Anything but SUCCESS / FAILED shows as in progress (the contract's statuses.ts). */
export type StatementStatus = StatementStatusValue;

export const withdrawalStatuses = withdrawalStatusValues;
export type WithdrawalStatus = (typeof withdrawalStatuses)[number];

/** Why a withdrawal waits for an operator: over the auto-payout limit, a recent payout-account
 * change, or recent operator credits that pay for it (decision 0116). */
export const withdrawalReviewReasons = ['over_limit', 'bank_changed', 'adjustments'] as const;
export type WithdrawalReviewReason = (typeof withdrawalReviewReasons)[number];

export const gameTransferDirections = ['in', 'out'] as const;
export type GameTransferDirection = (typeof gameTransferDirections)[number];

export const gameTransferStatuses = providerTransferStatuses;
export type GameTransferStatus = (typeof gameTransferStatuses)[number];

export { slipStatuses };
export type SlipStatus = (typeof slipStatuses)[number];

export const qrDepositStatuses = operatorQrStatuses;
export type QrDepositStatus = (typeof qrDepositStatuses)[number];

export const giftRedemptionStatuses = giftStatuses;
export type GiftRedemptionStatus = (typeof giftRedemptionStatuses)[number];

/** The approval kernel's columns (src/approvals, decision 0116): every request table has them. */
export const approvalStatuses = ['pending', 'approved', 'rejected'] as const;
export type ApprovalStatus = (typeof approvalStatuses)[number];

export const controlChangeKinds = ['threshold', 'operator_access', 'totp_reset'] as const;
export type ControlChangeKind = (typeof controlChangeKinds)[number];

export const adjustmentRequestStatuses = ['pending', 'approved', 'rejected'] as const;
export type AdjustmentRequestStatus = (typeof adjustmentRequestStatuses)[number];

export const adjustmentDirections = ['credit', 'debit'] as const;

/** Why a payout account became trusted (decision 0124). */
export type AccountTrustCause = 'payout' | 'slip_approved';

export { grantKinds };
export type GrantKind = (typeof grantKinds)[number];

/** open until the turnover is met, the member clears it, or a withdrawal forfeits it. */
export { grantStatuses };
export type GrantStatus = (typeof grantStatuses)[number];

/** A bonus's receive-limit window (decision 0071). */
export type BonusType = (typeof bonusTypes)[number];

export const bonusCreditKinds = ['fixed', 'rate'] as const;
export type BonusCreditKind = (typeof bonusCreditKinds)[number];

export { chatConversationStatuses };
export type ChatConversationStatus = (typeof chatConversationStatuses)[number];

export const chatSenderKinds = ['customer', 'agent', 'system'] as const;
export type ChatSenderKind = (typeof chatSenderKinds)[number];

export const chatFileTypes = ['image', 'video', 'file'] as const;
export type ChatFileTypeColumn = (typeof chatFileTypes)[number];
