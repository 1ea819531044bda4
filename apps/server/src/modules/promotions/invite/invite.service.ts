// The invite bonus (docs/decisions/0071-promotions-rule-book.md "Invite", 0074, 0112): an
// inviter earns a share of each credited deposit of each invitee (recorded in the deposit's
// own transaction), and claims the rewards whose deposit the invitee has played through (their
// bets since it reach its amount: a deposit cycled in and out earns nothing), as one credit
// that opens an invite grant (turnover invite.successPercent % of the credit).
import type { Banner, Locale, ProviderCode } from '@wallet/contract';
import { satangToBaht } from '@wallet/contract';
import type { AppDeps, MemberAuth } from '../../../deps';
import type { Db } from '../../../db/database';
import type { Currency, InviteRewardRow } from '../../../db/schema';
import { lockKey } from '../../../db/transaction';
import type { Clock } from '../../../lib/clock';
import { isoNow } from '../../../lib/clock';
import { memberGameAccounts, membersWhoPlayed } from '../../games';
import type { Localized, SettingValue } from '../../settings';
import { getSetting } from '../../settings';
import { creditGrant, DEFAULT_WEIGHTS, openGrant } from '../promotions.grants';
import { withHoldings } from '../promotions.own-money';
import { refreshTurnover } from '../promotions.turnover';
import { percentOf } from '../promotions.percent';
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
  // What the reward reads of promotions.deposits.ts's CreditedDeposit, named here: that file
  // calls this one, so this one does not import it (no import cycle, decision 0136).
  deposit: { memberId: number; currency: Currency; amount: number; reference: string },
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
    depositAmount: deposit.amount,
    createdAt: isoNow(clock),
  });
}

/** At most this many rewards are looked at by one claim (the rest wait for the next). */
const CLAIM_BATCH = 50;

/**
 * Of `rewards`, the ids of those whose invitee's bets since the reward (all their game
 * accounts, as the providers report them) reach the deposit. Provider calls, outside any
 * transaction; a provider that does not answer counts nothing this time.
 */
async function playedThrough(
  deps: Pick<AppDeps, 'db' | 'gameProvider'>,
  rewards: InviteRewardRow[],
): Promise<Set<number>> {
  const accountsOf = new Map<number, { provider_code: string; username: string }[]>();
  for (const r of rewards)
    if (!accountsOf.has(r.invitee_id))
      accountsOf.set(r.invitee_id, await memberGameAccounts(deps.db, r.invitee_id));
  const ready = new Set<number>();
  for (const reward of rewards) {
    const need = Number(reward.deposit_amount ?? reward.amount);
    const bets = await Promise.all(
      (accountsOf.get(reward.invitee_id) ?? []).map((a) =>
        deps.gameProvider
          .betReport(a.provider_code as ProviderCode, a.username, reward.created_at)
          .then((report) => report.bets)
          .catch(() => 0),
      ),
    );
    if (bets.reduce((sum, b) => sum + b, 0) >= need) ready.add(reward.id);
  }
  return ready;
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
 * GET /api/invite/bonus: credits every reward whose deposit the invitee has played through
 * (each claimed once) and opens an invite grant. One grant at a time (decision 0112):
 * BONUS_REMAINING while another is open. The claims of one member are serialised, and the
 * claim number is the ledger key, so simultaneous claims pay once.
 */
export async function claimInviteBonus(
  deps: Pick<AppDeps, 'db' | 'clock' | 'gameProvider'>,
  member: Pick<MemberAuth, 'memberId' | 'currency'>,
): Promise<{ claimNo: number; amount: number }> {
  const settings = await getSetting(deps.db, 'invite');
  if (!settings.enabled) throw new InviteError('INVITE_INACTIVE');
  const pending = await repo.unclaimedRewards(deps.db, member.memberId, member.currency);
  if (pending.length === 0) throw new InviteError('NO_INVITE_BONUS');
  const ready = await playedThrough(deps, pending.slice(0, CLAIM_BATCH));
  if (ready.size === 0) throw new InviteError('NO_INVITEE_PLAY_INFO');
  // A grant whose turnover was played through ends here, so this claim may open its own.
  await refreshTurnover(deps, member.memberId);
  return withHoldings(deps, member, async (trx, holdings) => {
    await lockKey(trx, `invite-claim:${member.memberId}`);
    if (await openGrant(trx, member.memberId)) throw new InviteError('BONUS_REMAINING');
    const unclaimed = await repo.unclaimedRewards(trx, member.memberId, member.currency);
    const claimable = unclaimed.filter((r) => ready.has(r.id));
    if (claimable.length === 0) throw new InviteError('NO_INVITE_BONUS');
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
      principal: holdings.total,
      base: amount,
      turnoverMultiple: settings.successPercent / 100,
      weights: DEFAULT_WEIGHTS,
      percentFail: settings.failPercent,
      depositRef: null,
      ledgerKey: `invite-claim:${member.memberId}:${claimNo}`,
      actor: `member:${member.memberId}`,
      related: { invite: { description: INVITE_NAME } },
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
