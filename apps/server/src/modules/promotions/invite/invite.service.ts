// The invite bonus (docs/decisions/0071-promotions-rule-book.md "Invite", 0074): an inviter
// earns a share of each credited deposit of each invitee (recorded in the deposit's own
// transaction), and claims the rewards of invitees who have played, as one credit that opens
// an invite grant (turnover invite.successPercent % of the credit).
import type { Banner, Locale } from '@wallet/contract';
import { satangToBaht } from '@wallet/contract';
import type { AppDeps, MemberAuth } from '../../../deps';
import type { Db } from '../../../db/database';
import type { Currency } from '../../../db/schema';
import { lockKey, withTransaction } from '../../../db/transaction';
import type { Clock } from '../../../lib/clock';
import { isoNow } from '../../../lib/clock';
import { membersWhoPlayed } from '../../games';
import type { Localized, SettingValue } from '../../settings';
import { getSetting } from '../../settings';
import { creditGrant, DEFAULT_WEIGHTS } from '../promotions.grants';
import { percentOf } from '../promotions.percent';
import type { CreditedDeposit } from '../promotions.deposits';
import { InviteError } from './invite.errors';
import * as repo from './invite.repository';

/** The invite grant's name (statement description, turnover page). */
export const INVITE_NAME: Localized = {
  th: 'โบนัสแนะนำเพื่อน',
  la: 'ໂບນັດແນະນຳໝູ່',
  en: 'Invite bonus',
};

/** What one deposit earns the inviter: ratePercent of it, at most capPerDepositSatang. */
export function rewardFor(amount: number, settings: SettingValue<'invite'>): number {
  return Math.min(settings.capPerDepositSatang, percentOf(amount, settings.ratePercent));
}

/**
 * Called by onDepositCredited inside the deposit's transaction: records the depositor's
 * inviter's reward (one per deposit). Nothing when the depositor has no inviter, the program
 * is off, the inviter keeps another currency, or the reward rounds to 0 (decision 0074).
 */
export async function accrueInviteReward(
  trx: Db,
  clock: Clock,
  deposit: CreditedDeposit,
): Promise<void> {
  const inviter = await repo.inviterOf(trx, deposit.memberId);
  if (!inviter || inviter.currency !== deposit.currency) return;
  const settings = await getSetting(trx, 'invite');
  if (!settings.enabled) return;
  const amount = rewardFor(deposit.amount, settings);
  if (amount <= 0) return;
  await repo.insertReward(trx, {
    inviterId: inviter.id,
    inviteeId: deposit.memberId,
    depositRef: deposit.reference,
    currency: deposit.currency,
    amount,
    createdAt: isoNow(clock),
  });
}

/** The unclaimed rewards of invitees who have played (satang), oldest first. */
async function claimableRewards(db: Db, memberId: number, currency: Currency) {
  const unclaimed = await repo.unclaimedRewards(db, memberId, currency);
  const played = await membersWhoPlayed(
    db,
    unclaimed.map((r) => r.invitee_id),
  );
  return { unclaimed, claimable: unclaimed.filter((r) => played.has(r.invitee_id)) };
}

/** The claimable sum in satang: GET /api/wallet's invite.amount (before the minimum). */
export async function inviteClaimable(
  db: Db,
  memberId: number,
  currency: Currency,
): Promise<number> {
  const { claimable } = await claimableRewards(db, memberId, currency);
  return claimable.reduce((sum, r) => sum + Number(r.amount), 0);
}

/** GET /api/wallet's invite figures: the claimable sum (satang) and the two percentages. */
export async function inviteFigures(
  db: Db,
  member: Pick<MemberAuth, 'memberId' | 'currency'>,
): Promise<{ amount: number; success: number; fail: number }> {
  const [amount, settings] = await Promise.all([
    inviteClaimable(db, member.memberId, member.currency),
    getSetting(db, 'invite'),
  ]);
  return { amount, success: settings.successPercent, fail: settings.failPercent };
}

/**
 * GET /api/invite/bonus: credits every claimable reward at once (each claimed once), opens
 * an invite grant. The claims of one member are serialised, and the claim number is the
 * ledger key, so simultaneous claims pay once.
 */
export async function claimInviteBonus(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  member: Pick<MemberAuth, 'memberId' | 'currency'>,
  locale: Locale,
): Promise<{ claimNo: number; amount: number }> {
  return withTransaction(deps.db, async (trx) => {
    const settings = await getSetting(trx, 'invite');
    if (!settings.enabled) throw new InviteError('INVITE_INACTIVE');
    await lockKey(trx, `invite-claim:${member.memberId}`);
    const { unclaimed, claimable } = await claimableRewards(trx, member.memberId, member.currency);
    if (unclaimed.length === 0) throw new InviteError('NO_INVITE_BONUS');
    if (claimable.length === 0) throw new InviteError('NO_INVITEE_PLAY_INFO');
    const amount = claimable.reduce((sum, r) => sum + Number(r.amount), 0);
    if (amount < settings.minimumSatang) throw new InviteError('NO_INVITE_BONUS');
    const claimNo = (await repo.lastClaimNo(trx, member.memberId)) + 1;
    const now = isoNow(deps.clock);
    const claimId = await repo.insertClaim(trx, {
      memberId: member.memberId,
      claimNo,
      currency: member.currency,
      amount,
      createdAt: now,
    });
    const marked = await repo.markClaimed(
      trx,
      claimable.map((r) => r.id),
      claimId,
    );
    // Under the lock nothing else claims them; a difference means a broken invariant.
    if (marked !== claimable.length) throw new InviteError('NO_INVITE_BONUS');
    const credited = await creditGrant(trx, deps.clock, {
      memberId: member.memberId,
      currency: member.currency,
      kind: 'invite',
      sourceCode: null,
      name: INVITE_NAME,
      credited: amount,
      base: amount,
      turnoverMultiple: settings.successPercent / 100,
      weights: DEFAULT_WEIGHTS,
      percentFail: settings.failPercent,
      depositRef: null,
      ledgerKey: `invite-claim:${member.memberId}:${claimNo}`,
      actor: `member:${member.memberId}`,
      related: { invite: { description: INVITE_NAME[locale] } },
    });
    await repo.setClaimGrant(trx, claimId, credited.grant.id);
    return { claimNo, amount };
  });
}

/** The invitee's first name and the initial of the last name (decision 0071: privacy). */
export function privateName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  const first = words[0]!;
  const last = words[words.length - 1]!;
  if (words.length === 1) return first;
  const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  const initial = segmenter.segment(last)[Symbol.iterator]().next().value?.segment ?? '';
  return `${first} ${initial}.`;
}

/** POST /api/invite: the member's rewards, newest first. */
export async function listInvites(
  db: Db,
  memberId: number,
  page: { page: number; limit: number },
): Promise<{
  total: number;
  invites: { from: { name: string }; amount: number; createdAt: string }[];
}> {
  const { total, rows } = await repo.listRewards(db, memberId, page);
  return {
    total,
    invites: rows.map((r) => ({
      from: { name: privateName(r.name) },
      amount: satangToBaht(r.amount),
      createdAt: r.created_at,
    })),
  };
}

/** The program's banners in the member's language. */
export async function inviteBanners(db: Db, locale: Locale): Promise<Banner[]> {
  const settings = await getSetting(db, 'invite');
  return settings.banners.map((b) => ({ image: b.image, html: b.html[locale] }));
}
