// Grants (docs/decisions/0071-promotions-rule-book.md, 0112): the turnover condition each
// bonus, promotion, invite bonus, refund and spin coupon opens when it credits the wallet.
// This file is the one way promotion money reaches a wallet: the ledger posting from the
// house promotions account, the grant row, the member's principal (their own money, decision
// 0112) and the statement row, in the caller's transaction. One grant is open at a time.
import type { GameCategory, GrantKind } from '@wallet/contract';
import { WALLET } from '@wallet/contract';
import type { Db } from '../../db/database';
import type { Currency, PromotionGrantRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { isoNow } from '../../lib/clock';
import { accounts, post } from '../ledger';
import type { Localized } from '../settings';
import type { Related } from '../statement';
import { recordStatement } from '../statement';
import { setPrincipal } from './promotions.own-money';

/** The statement's name for the house side of every promotion credit and forfeit. */
export const BONUS_LABEL = 'BONUS';

/** Turnover weights per game category, in percent (decision 0071: 100 / 50 / 0). */
export type Weights = Record<GameCategory, number>;
export const DEFAULT_WEIGHTS: Weights = { slot: 100, sport: 50, lotto: 0 };
/** The rule book's cap on any turnover multiple. */
export const MAX_TURNOVER_MULTIPLE = 10;

export interface GrantCredit {
  memberId: number;
  currency: Currency;
  kind: GrantKind;
  /** The bonus or promotion code; null for invite, refund and coupon. */
  sourceCode: string | null;
  name: Localized;
  /** Satang credited into the wallet, > 0. */
  credited: number;
  /**
   * Satang the member held before this credit (wallet, in flight, games), read by
   * withHoldings: their own money while the grant is open (decision 0112).
   */
  principal: number;
  /** Satang: deposit + bonus for a bonus or promotion; the credit itself otherwise. */
  base: number;
  /** 1 to 10 (MAX_TURNOVER_MULTIPLE). */
  turnoverMultiple: number;
  weights: Weights;
  percentFail: number;
  /** The qualifying deposit's statement reference (used by one grant only, a unique index). */
  depositRef: string | null;
  /**
   * The payment's unique ledger key (rule book table), or a function of the new grant's id
   * (`bonus-grant:{grantId}`); `grant:{id}` when left out.
   */
  ledgerKey?: string | ((grantId: number) => string);
  actor: string;
  /** What the statement row says about the credit (bonus / promotion / invite / refund / draw). */
  related: Related;
  /** The statement reference; `BN{grantId}` when left out. */
  reference?: string;
}

export interface CreditedGrant {
  grant: PromotionGrantRow;
  transactionId: number;
  /** The wallet balance after the credit (satang). */
  walletBalance: number;
}

/** The statement reference of a grant's credit (channel `promotion`). */
export const grantReference = (grantId: number) => `BN${grantId}`;

/**
 * Credits the wallet and opens the grant, in a transaction of withHoldings (which holds the
 * wallet lock): the caller has checked that no grant is open (each with its own catalogue
 * code), so finding one here is a broken invariant. Throws a unique violation on
 * `promotion_grants.deposit_ref` when the deposit was used, and the ledger's
 * DuplicatePostingError when the ledger key was paid before; the caller maps these.
 */
export async function creditGrant(
  trx: Db,
  clock: Clock,
  input: GrantCredit,
): Promise<CreditedGrant> {
  const multiple = Math.trunc(input.turnoverMultiple);
  if (!Number.isSafeInteger(input.credited) || input.credited <= 0)
    throw new RangeError(`grant credit must be a positive integer, got ${input.credited}`);
  if (multiple < 1 || multiple > MAX_TURNOVER_MULTIPLE)
    throw new RangeError(`turnover multiple must be 1..${MAX_TURNOVER_MULTIPLE}, got ${multiple}`);
  if (await openGrant(trx, input.memberId))
    throw new Error(`member ${input.memberId} already has an open grant`);
  const now = isoNow(clock);
  const grant = await trx
    .insertInto('promotion_grants')
    .values({
      member_id: input.memberId,
      kind: input.kind,
      source_code: input.sourceCode,
      name_json: JSON.stringify(input.name),
      currency: input.currency,
      credited: input.credited,
      base: input.base,
      required: multiple * input.base,
      weights_json: JSON.stringify(input.weights),
      percent_fail: input.percentFail,
      deposit_ref: input.depositRef,
      ledger_tx_id: null,
      status: 'open',
      started_at: now,
      ended_at: null,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const posted = await payCredit(trx, clock, {
    memberId: input.memberId,
    currency: input.currency,
    kind: input.kind,
    amount: input.credited,
    actor: input.actor,
    ledgerKey:
      typeof input.ledgerKey === 'function'
        ? input.ledgerKey(grant.id)
        : (input.ledgerKey ?? `grant:${grant.id}`),
    reference: input.reference ?? grantReference(grant.id),
    related: input.related,
  });
  await trx
    .updateTable('promotion_grants')
    .set({ ledger_tx_id: posted.transactionId })
    .where('id', '=', grant.id)
    .execute();
  await setPrincipal(trx, clock, input.memberId, input.principal);
  return {
    grant: { ...grant, ledger_tx_id: posted.transactionId },
    transactionId: posted.transactionId,
    walletBalance: posted.walletBalance,
  };
}

/**
 * The one posting of promotion money into a wallet (house:promotions -> member cash, under
 * the payment's unique ledger key) and its statement row (type bonus, BONUS -> WALLET).
 */
async function payCredit(
  trx: Db,
  clock: Clock,
  input: {
    memberId: number;
    currency: Currency;
    kind: GrantKind;
    amount: number;
    actor: string;
    ledgerKey: string;
    reference: string;
    related: Related;
  },
): Promise<{ transactionId: number; walletBalance: number }> {
  const cash = accounts.memberCash(input.memberId, input.currency);
  const posted = await post(trx, clock, {
    event: `${input.kind}_credit`,
    actor: input.actor,
    entries: [
      { debit: accounts.house('promotions', input.currency), credit: cash, amount: input.amount },
    ],
    idempotencyKey: input.ledgerKey,
  });
  await recordStatement(trx, clock, {
    memberId: input.memberId,
    reference: input.reference,
    type: 'bonus',
    status: 'SUCCESS',
    from: BONUS_LABEL,
    to: WALLET,
    amount: input.amount,
    related: input.related,
  });
  return {
    transactionId: posted.transactionId,
    walletBalance: posted.balances.get(cash.code) ?? 0,
  };
}

/** True when the member has an open grant of any kind. */
export async function hasOpenGrant(db: Db, memberId: number): Promise<boolean> {
  const row = await db
    .selectFrom('promotion_grants')
    .select('id')
    .where('member_id', '=', memberId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return row !== undefined;
}

/** The member's open grants, oldest first. */
export function openGrants(db: Db, memberId: number): Promise<PromotionGrantRow[]> {
  return db
    .selectFrom('promotion_grants')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('status', '=', 'open')
    .orderBy('id')
    .execute();
}

/**
 * The member's open grant, if any (decision 0112: one at a time; a member may still have
 * several from before it, and this answers the oldest, bonus kinds first).
 */
export async function openGrant(db: Db, memberId: number): Promise<PromotionGrantRow | undefined> {
  const grants = await openGrants(db, memberId);
  return grants.find((g) => g.kind === 'bonus' || g.kind === 'promotion') ?? grants[0];
}

/**
 * A coupon claimed while a coupon grant is open adds to it (decision 0112): the credit, the
 * base and the turnover it requires grow by the prize; the member's principal is unchanged.
 * Posts the prize, in the caller's transaction (which holds the wallet lock).
 */
export async function topUpGrant(
  trx: Db,
  clock: Clock,
  grant: PromotionGrantRow,
  input: Pick<GrantCredit, 'credited' | 'turnoverMultiple' | 'actor' | 'related' | 'reference'> & {
    ledgerKey: string;
  },
): Promise<{ transactionId: number }> {
  const multiple = Math.trunc(input.turnoverMultiple);
  if (!Number.isSafeInteger(input.credited) || input.credited <= 0)
    throw new RangeError(`grant credit must be a positive integer, got ${input.credited}`);
  const now = isoNow(clock);
  const updated = await trx
    .updateTable('promotion_grants')
    .set((eb) => ({
      credited: eb('credited', '+', input.credited),
      base: eb('base', '+', input.credited),
      required: eb('required', '+', multiple * input.credited),
      updated_at: now,
    }))
    .where('id', '=', grant.id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw new Error(`grant ${grant.id} is not open`);
  return payCredit(trx, clock, {
    memberId: grant.member_id,
    currency: grant.currency,
    kind: grant.kind,
    amount: input.credited,
    actor: input.actor,
    ledgerKey: input.ledgerKey,
    reference: input.reference ?? grantReference(grant.id),
    related: input.related,
  });
}

/** The member's open bonus or promotion grant, if any (at most one: a unique index). */
export function openBonusGrant(db: Db, memberId: number): Promise<PromotionGrantRow | undefined> {
  return db
    .selectFrom('promotion_grants')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('status', '=', 'open')
    .where('kind', 'in', ['bonus', 'promotion'])
    .executeTakeFirst();
}
