// The database as Kysely sees it (issue 27): `Database` composed of every module's tables
// (modules/<m>/<m>.tables.ts, one row interface per table, declared once beside the module that
// owns it) and of the tables that belong to no module (the idempotency claims of http/, the
// shared counters of db/ and the job leases of reconcile/, below). Row types are snake_case, as
// stored. Times are ISO-8601 UTC text (`Date.toISOString()`, fixed width, so text comparison
// orders them) on both dialects. The column vocabularies are in columns.ts (re-exported here).
// schema.int.test.ts holds `Database` to the migrated database, column by column (0070).
// Only types come from the modules: this file imports no module's code.
import type { Generated, Insertable, Selectable } from 'kysely';
import type {
  MembersTable,
  MemberBankChangeRequestsTable,
  MemberBankChangesTable,
  MemberAccountNameChangesTable,
  PayoutAccountTrustTable,
} from '../modules/account/account.tables';
import type {
  AdjustmentPostingsTable,
  AdjustmentRequestsTable,
} from '../modules/adjustments/adjustments.tables';
import type { AuditLogTable } from '../modules/audit/audit.tables';
import type {
  OperatorChallengesTable,
  SessionsTable,
  LoginThrottleTable,
} from '../modules/auth/auth.tables';
import type { MemberNotesTable } from '../modules/backoffice/backoffice.tables';
import type {
  ChatConversationsTable,
  ChatMessagesTable,
  ChatFilesTable,
  ChatNotesTable,
  ChatTemplatesTable,
} from '../modules/chat/chat.tables';
import type {
  QrDepositsTable,
  GiftRedemptionsTable,
  GiftLinkThrottleTable,
} from '../modules/deposits/deposits.tables';
import type { GameAccountsTable, GameTransfersTable } from '../modules/games/games.tables';
import type {
  LedgerAccountsTable,
  LedgerTransactionsTable,
  LedgerEntriesTable,
} from '../modules/ledger/ledger.tables';
import type { BanksTable, SourcesTable } from '../modules/lookup/lookup.tables';
import type {
  OperatorsTable,
  ControlChangeRequestsTable,
} from '../modules/operator/operator.tables';
import type { OtpRequestsTable, VerifiedPhonesTable } from '../modules/otp/otp.tables';
import type {
  PromotionCodeThrottleTable,
  PromotionGrantsTable,
  InviteRewardsTable,
  PromotionOwnMoneyTable,
  InviteClaimsTable,
  RefundReceiptsTable,
  BonusDefinitionsTable,
  PromotionCodesTable,
  PromotionUsesTable,
  SpinWheelsTable,
  SpinSlicesTable,
  SpinsTable,
  SpinCouponsTable,
} from '../modules/promotions/promotions.tables';
import type {
  HarmContactsTable,
  HarmNotesTable,
  ProtectionBlocksTable,
  ProtectionHistoryTable,
  ProtectionLimitsTable,
  ProtectionProfilesTable,
  ProtectionReturnsTable,
} from '../modules/protection/protection.tables';
import type {
  PushDeliveriesTable,
  PushOutboxTable,
  PushPreferencesTable,
  PushSubscriptionsTable,
} from '../modules/push/push.tables';
import type { OperatorSettingsTable } from '../modules/settings/settings.tables';
import type { SlipsTable, SlipFilePurgesTable } from '../modules/slips/slips.tables';
import type { StatementItemsTable } from '../modules/statement/statement.tables';
import type { WithdrawalsTable } from '../modules/withdrawals/withdrawals.tables';
import type { IdempotencyStatus } from './columns';

export * from './columns';
export type {
  AdjustmentPostingsTable,
  AdjustmentRequestsTable,
  AuditLogTable,
  BanksTable,
  BonusDefinitionsTable,
  ChatConversationsTable,
  ChatFilesTable,
  ChatMessagesTable,
  ChatNotesTable,
  ChatTemplatesTable,
  ControlChangeRequestsTable,
  GameAccountsTable,
  GameTransfersTable,
  GiftLinkThrottleTable,
  GiftRedemptionsTable,
  InviteClaimsTable,
  InviteRewardsTable,
  LedgerAccountsTable,
  LedgerEntriesTable,
  LedgerTransactionsTable,
  LoginThrottleTable,
  MemberAccountNameChangesTable,
  MemberBankChangeRequestsTable,
  MemberBankChangesTable,
  MemberNotesTable,
  MembersTable,
  OperatorChallengesTable,
  OperatorSettingsTable,
  OperatorsTable,
  OtpRequestsTable,
  PayoutAccountTrustTable,
  PromotionCodeThrottleTable,
  PromotionCodesTable,
  PromotionGrantsTable,
  PromotionOwnMoneyTable,
  PromotionUsesTable,
  HarmContactsTable,
  HarmNotesTable,
  ProtectionBlocksTable,
  ProtectionHistoryTable,
  ProtectionLimitsTable,
  ProtectionProfilesTable,
  ProtectionReturnsTable,
  PushDeliveriesTable,
  PushOutboxTable,
  PushPreferencesTable,
  PushSubscriptionsTable,
  QrDepositsTable,
  RefundReceiptsTable,
  SessionsTable,
  SlipFilePurgesTable,
  SlipsTable,
  SourcesTable,
  SpinCouponsTable,
  SpinSlicesTable,
  SpinWheelsTable,
  SpinsTable,
  StatementItemsTable,
  VerifiedPhonesTable,
  WithdrawalsTable,
};

/** Idempotency keys of money calls (docs/decisions/0013-idempotency-keys.md). */
export interface IdempotencyKeysTable {
  id: Generated<number>;
  /** Whose key: `member:12` or `operator:1`. */
  scope: string;
  key: string;
  request_hash: string;
  status: IdempotencyStatus;
  response_status: number | null;
  response_body: string | null;
  claimed_at: string;
  completed_at: string | null;
}

/** Fixed-window counters shared by the server processes (migration 0025, decision 0103). */
export interface SharedCountersTable {
  key: string;
  count: number;
  window_ends_at: string;
}

/** One row per periodic job: who runs it now and when the next run may start (0104). */
export interface JobLeasesTable {
  name: string;
  /** When the next run may start; while a process runs it, that process's lease end. */
  due_at: string;
  /** The process that took the last run (its id, for logs). */
  holder: string | null;
  runs: Generated<number>;
  last_finished_at: string | null;
}

export interface Database {
  members: MembersTable;
  operators: OperatorsTable;
  adjustment_requests: AdjustmentRequestsTable;
  adjustment_postings: AdjustmentPostingsTable;
  member_bank_change_requests: MemberBankChangeRequestsTable;
  control_change_requests: ControlChangeRequestsTable;
  operator_challenges: OperatorChallengesTable;
  audit_log: AuditLogTable;
  sessions: SessionsTable;
  otp_requests: OtpRequestsTable;
  verified_phones: VerifiedPhonesTable;
  login_throttle: LoginThrottleTable;
  operator_settings: OperatorSettingsTable;
  banks: BanksTable;
  sources: SourcesTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_transactions: LedgerTransactionsTable;
  ledger_entries: LedgerEntriesTable;
  idempotency_keys: IdempotencyKeysTable;
  statement_items: StatementItemsTable;
  game_accounts: GameAccountsTable;
  game_transfers: GameTransfersTable;
  withdrawals: WithdrawalsTable;
  member_bank_changes: MemberBankChangesTable;
  member_account_name_changes: MemberAccountNameChangesTable;
  payout_account_trust: PayoutAccountTrustTable;
  qr_deposits: QrDepositsTable;
  gift_redemptions: GiftRedemptionsTable;
  gift_link_throttle: GiftLinkThrottleTable;
  promotion_code_throttle: PromotionCodeThrottleTable;
  slips: SlipsTable;
  slip_file_purges: SlipFilePurgesTable;
  promotion_grants: PromotionGrantsTable;
  invite_rewards: InviteRewardsTable;
  promotion_own_money: PromotionOwnMoneyTable;
  invite_claims: InviteClaimsTable;
  refund_receipts: RefundReceiptsTable;
  bonus_definitions: BonusDefinitionsTable;
  promotion_codes: PromotionCodesTable;
  promotion_uses: PromotionUsesTable;
  spin_wheels: SpinWheelsTable;
  spin_slices: SpinSlicesTable;
  spins: SpinsTable;
  spin_coupons: SpinCouponsTable;
  member_notes: MemberNotesTable;
  chat_conversations: ChatConversationsTable;
  chat_messages: ChatMessagesTable;
  chat_files: ChatFilesTable;
  chat_notes: ChatNotesTable;
  chat_templates: ChatTemplatesTable;
  protection_limits: ProtectionLimitsTable;
  protection_blocks: ProtectionBlocksTable;
  protection_profiles: ProtectionProfilesTable;
  protection_history: ProtectionHistoryTable;
  protection_returns: ProtectionReturnsTable;
  harm_notes: HarmNotesTable;
  harm_contacts: HarmContactsTable;
  push_subscriptions: PushSubscriptionsTable;
  push_preferences: PushPreferencesTable;
  push_outbox: PushOutboxTable;
  push_deliveries: PushDeliveriesTable;
  shared_counters: SharedCountersTable;
  job_leases: JobLeasesTable;
}

export type MemberRow = Selectable<MembersTable>;
export type NewMember = Insertable<MembersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type OtpRequestRow = Selectable<OtpRequestsTable>;
export type BankRow = Selectable<BanksTable>;
export type SourceRow = Selectable<SourcesTable>;
export type LedgerAccountRow = Selectable<LedgerAccountsTable>;
export type LedgerTransactionRow = Selectable<LedgerTransactionsTable>;
export type LedgerEntryRow = Selectable<LedgerEntriesTable>;
export type GameAccountRow = Selectable<GameAccountsTable>;
export type GameTransferRow = Selectable<GameTransfersTable>;
export type WithdrawalRow = Selectable<WithdrawalsTable>;
export type SlipRow = Selectable<SlipsTable>;
export type QrDepositRow = Selectable<QrDepositsTable>;
export type GiftRedemptionRow = Selectable<GiftRedemptionsTable>;
export type PromotionGrantRow = Selectable<PromotionGrantsTable>;
export type InviteRewardRow = Selectable<InviteRewardsTable>;
export type RefundReceiptRow = Selectable<RefundReceiptsTable>;
export type BonusDefinitionRow = Selectable<BonusDefinitionsTable>;
export type PromotionCodeRow = Selectable<PromotionCodesTable>;
export type SpinWheelRow = Selectable<SpinWheelsTable>;
export type SpinSliceRow = Selectable<SpinSlicesTable>;
export type SpinCouponRow = Selectable<SpinCouponsTable>;
