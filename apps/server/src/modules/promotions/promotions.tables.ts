// The promotions module's tables (issue 27): one row interface per table, as the
// migrations make it; schema.int.test.ts holds them to the migrated database. db/schema.ts
// composes `Database` from every module's tables file. Types only, imported from kysely,
// the contract and db/columns.ts (eslint.config.js).
import type { Generated } from 'kysely';
import type {
  BonusCreditKind,
  BonusType,
  Currency,
  GrantKind,
  GrantStatus,
} from '../../db/columns';

/** Unknown promotion codes per member (decision 0120): the gift-link throttle's columns. */
export interface PromotionCodeThrottleTable {
  /** 'member:<id>' */
  key: string;
  failures: number;
  window_started_at: string;
  locked_until: string | null;
}

/** A turnover condition opened by a promotion credit (decision 0071). */
export interface PromotionGrantsTable {
  id: Generated<number>;
  member_id: number;
  kind: GrantKind;
  /** The bonus or promotion code; null for invite and refund. */
  source_code: string | null;
  /** The name shown to the member, per language (JSON of {th, la, en}). */
  name_json: string;
  currency: Currency;
  /** Satang credited into the wallet. */
  credited: number;
  /** Satang: deposit + bonus, or the credit itself. */
  base: number;
  /** Satang of weighted bets that end the grant. */
  required: number;
  /** JSON of {slot, sport, lotto} percentages. */
  weights_json: string;
  percent_fail: number;
  /** The qualifying deposit's statement reference; used by one grant only. */
  deposit_ref: string | null;
  ledger_tx_id: number | null;
  status: GrantStatus;
  started_at: string;
  ended_at: string | null;
  updated_at: string;
}

/** What an invitee's credited deposit earned the inviter (decisions 0071, 0074). */
export interface InviteRewardsTable {
  id: Generated<number>;
  inviter_id: number;
  invitee_id: number;
  /** The deposit's statement reference; one reward per deposit. */
  deposit_ref: string;
  /**
   * Satang of the invitee's deposit: their bets since the reward must reach it before it can
   * be claimed (decision 0112). Null only for a row whose deposit row was never found.
   */
  deposit_amount: number | null;
  currency: Currency;
  /** Satang, > 0. */
  amount: number;
  created_at: string;
  /** Set once, by the claim that paid it. */
  claim_id: number | null;
}

/**
 * The member's own money while a promotion grant is open (decision 0112): set to what they
 * held when a grant opened, then moved by every deposit, withdrawal and operator adjustment.
 * Read only while a grant is open; a stale row is overwritten by the next grant.
 */
export interface PromotionOwnMoneyTable {
  member_id: number;
  /** Satang, >= 0. */
  principal: number;
  updated_at: string;
}

/** One invite-bonus payment (ledger key `invite-claim:{memberId}:{claimNo}`). */
export interface InviteClaimsTable {
  id: Generated<number>;
  member_id: number;
  /** 1, 2, ... per member. */
  claim_no: number;
  currency: Currency;
  amount: number;
  grant_id: number | null;
  created_at: string;
}

/** A received refund of one period (Bangkok week), moved into the wallet at most once. */
export interface RefundReceiptsTable {
  id: Generated<number>;
  member_id: number;
  /** The period's Monday as a Bangkok date (YYYY-MM-DD); unique per member. */
  period_start: string;
  currency: Currency;
  /** Satang: the period's net loss the refund was computed from. */
  net_loss: number;
  /** Satang, > 0. */
  amount: number;
  received_at: string;
  moved_at: string | null;
  grant_id: number | null;
}

/** A bonus definition (decisions 0071, 0072); amounts in satang. */
export interface BonusDefinitionsTable {
  id: Generated<number>;
  /** Unique; what GET /api/bonus/activate/:code names. */
  code: string;
  /** JSON of {th, la, en}. */
  name_json: string;
  /** JSON of {th, la, en}. */
  description_json: string;
  /** JSON of [{image, html: {th, la, en}}]. */
  banners_json: string;
  type: BonusType;
  max_received: number;
  percent_fail: number;
  credit_kind: BonusCreditKind;
  /** Satang credited by a fixed bonus. */
  credit_amount: number;
  /** Percent of the qualifying deposit a rate bonus credits (0-100). */
  credit_percent: number;
  /** Satang: the most a rate bonus credits. */
  credit_cap: number;
  /** Satang: the smallest qualifying deposit (0: none needed by a fixed bonus). */
  min_deposit: number;
  /** 1-10. */
  turnover_multiple: number;
  /** JSON of {slot, sport, lotto} percentages. */
  weights_json: string;
  /** 1 on, 0 off. */
  enabled: number;
  sort_order: number;
  created_at: string;
  updated_at: string;
}

/** A promotion code: a bonus definition's credit rules under its own code and window. */
export interface PromotionCodesTable {
  id: Generated<number>;
  /** A-Z and 0-9, upper case, unique. */
  code: string;
  bonus_id: number;
  /** JSON of {th, la, en}. */
  description_json: string;
  valid_from: string;
  /** Null: no end. */
  valid_to: string | null;
  max_uses_per_member: number;
  /** Null: no limit in total. */
  max_uses_total: number | null;
  /** 1 on, 0 off. */
  enabled: number;
  created_at: string;
  updated_at: string;
}

/** One activation of a promotion code; (code, member, use_no) and (code, total_no) unique. */
export interface PromotionUsesTable {
  id: Generated<number>;
  promotion_id: number;
  member_id: number;
  use_no: number;
  total_no: number;
  grant_id: number;
  created_at: string;
}

/** Spin wheels (migration 0016, decision 0082): at most one has active = 1. */
export interface SpinWheelsTable {
  id: Generated<number>;
  /** JSON of {th, la, en}. */
  name_json: string;
  /** 0 or 1. */
  active: number;
  created_at: string;
  updated_at: string;
}

export interface SpinSlicesTable {
  id: Generated<number>;
  wheel_id: number;
  code: string;
  /** JSON of {th, la, en}. */
  label_json: string;
  bg_color: string;
  text_color: string;
  /** JSON of {th, la, en} HTML. */
  description_json: string;
  /** Integer >= 0; 0 is shown on the wheel but never drawn. */
  weight: number;
  /** Satang, 0 for a slice without a prize. */
  prize: number;
  sort_order: number;
  updated_at: string;
}

export interface SpinsTable {
  id: Generated<number>;
  member_id: number;
  wheel_id: number;
  slice_id: number;
  /** The caller-scoped Idempotency-Key of the spin request (unique per member). */
  idempotency_key: string | null;
  /** The member's coins after this spin (the answer a re-run repeats). */
  coin_after: number;
  created_at: string;
}

export interface SpinCouponsTable {
  id: Generated<number>;
  spin_id: number;
  member_id: number;
  slice_id: number;
  /** Satang, > 0. */
  amount: number;
  expires_at: string;
  claimed_at: string | null;
  ledger_tx_id: number | null;
  created_at: string;
}
