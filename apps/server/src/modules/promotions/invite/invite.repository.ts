// Queries of the invite bonus (migration 0015): rewards, claims and the inviter link.
import type { Db } from '../../../db/database';
import { pageOf } from '../../../db/paging';
import type { Currency, InviteRewardRow } from '../../../db/schema';

/** The depositor's inviter (members.invited_by) and the inviter's currency. */
export function inviterOf(
  db: Db,
  memberId: number,
): Promise<{ id: number; currency: Currency } | undefined> {
  return db
    .selectFrom('members as invitee')
    .innerJoin('members as inviter', 'inviter.id', 'invitee.invited_by')
    .select(['inviter.id as id', 'inviter.currency as currency'])
    .where('invitee.id', '=', memberId)
    .executeTakeFirst();
}

/** Records the reward of one deposit; a second call for the same deposit does nothing. */
export async function insertReward(
  db: Db,
  reward: {
    inviterId: number;
    inviteeId: number;
    depositRef: string;
    currency: Currency;
    amount: number;
    depositAmount: number;
    createdAt: string;
  },
): Promise<void> {
  await db
    .insertInto('invite_rewards')
    .values({
      inviter_id: reward.inviterId,
      invitee_id: reward.inviteeId,
      deposit_ref: reward.depositRef,
      currency: reward.currency,
      amount: reward.amount,
      deposit_amount: reward.depositAmount,
      created_at: reward.createdAt,
      claim_id: null,
    })
    .onConflict((oc) => oc.column('deposit_ref').doNothing())
    .execute();
}

/** The inviter's unclaimed rewards in their currency, oldest first. */
export function unclaimedRewards(
  db: Db,
  inviterId: number,
  currency: Currency,
): Promise<InviteRewardRow[]> {
  return db
    .selectFrom('invite_rewards')
    .selectAll()
    .where('inviter_id', '=', inviterId)
    .where('currency', '=', currency)
    .where('claim_id', 'is', null)
    .orderBy('id')
    .execute();
}

export async function lastClaimNo(db: Db, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('invite_claims')
    .select((eb) => eb.fn.max('claim_no').as('n'))
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function insertClaim(
  db: Db,
  claim: {
    memberId: number;
    claimNo: number;
    currency: Currency;
    amount: number;
    createdAt: string;
  },
): Promise<number> {
  const row = await db
    .insertInto('invite_claims')
    .values({
      member_id: claim.memberId,
      claim_no: claim.claimNo,
      currency: claim.currency,
      amount: claim.amount,
      grant_id: null,
      created_at: claim.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Marks the rewards claimed by `claimId`; returns how many were still unclaimed. */
export async function markClaimed(
  db: Db,
  rewardIds: readonly number[],
  claimId: number,
): Promise<number> {
  const result = await db
    .updateTable('invite_rewards')
    .set({ claim_id: claimId })
    .where('id', 'in', [...rewardIds])
    .where('claim_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function setClaimGrant(db: Db, claimId: number, grantId: number): Promise<void> {
  await db
    .updateTable('invite_claims')
    .set({ grant_id: grantId })
    .where('id', '=', claimId)
    .execute();
}

/** The inviter's rewards, newest first, with the invitee's name. */
export async function listRewards(
  db: Db,
  inviterId: number,
  page: { page: number; limit: number },
): Promise<{ total: number; rows: { name: string; amount: number; created_at: string }[] }> {
  const { rows, total } = await pageOf(
    db.selectFrom('invite_rewards').where('invite_rewards.inviter_id', '=', inviterId),
    (q) =>
      q
        .innerJoin('members', 'members.id', 'invite_rewards.invitee_id')
        .select(['members.name as name', 'invite_rewards.amount', 'invite_rewards.created_at'])
        .orderBy('invite_rewards.created_at', 'desc')
        .orderBy('invite_rewards.id', 'desc'),
    { page: page.page, pageSize: page.limit },
  );
  return { total, rows: rows.map((r) => ({ ...r, amount: Number(r.amount) })) };
}
