// The wallet read model (spec section 3, decision 0034): GET /api/wallet's answer from the
// member, their bank, the ledger's cash balance, the invite figures and the games module's
// slots. It reads those tables and modules but never writes them.
import type { Wallet } from '@wallet/contract';
import { api, satangToBaht } from '@wallet/contract';
import type { AppDeps, MemberAuth } from '../../deps';
import type { Db } from '../../db/database';
import { prepared } from '../../db/prepared';
import type { CheckedJson } from '../../http/contract-route';
import { checkedJson } from '../../http/contract-route';
import { memberSlots } from '../games';
import { accounts } from '../ledger';
import { inviteClaimable } from '../promotions';
import { getSetting } from '../settings';
import type { SettingValue } from '../settings';
import type { WalletAnswerCache } from './wallet.cache';

type Deps = Pick<AppDeps, 'db' | 'config'>;

/**
 * The member, bank names and cash balance in one query (GET /api/wallet is the most frequent
 * call; one round trip instead of three, decision 0034).
 */
const walletRow = prepared(2, (db, memberId: number, cashCode: string) =>
  db
    .selectFrom('members')
    .leftJoin('banks', 'banks.code', 'members.bank_code')
    .leftJoin('ledger_accounts', (join) => join.on('ledger_accounts.code', '=', cashCode))
    .select([
      'members.member_no',
      'members.name',
      'members.username',
      'members.coin',
      'members.bank_code',
      'members.bank_account_name',
      'members.bank_account_no',
      'banks.name_th',
      'banks.name_la',
      'banks.name_en',
      'ledger_accounts.balance',
    ])
    .where('members.id', '=', memberId),
);

function findWalletRow(db: Db, memberId: number, cashCode: string) {
  return walletRow.first(db, memberId, cashCode);
}

/** GET /api/wallet: profile, bank account, wallet from the ledger, invite, the catalogue. */
export async function walletView(
  deps: Deps,
  member: MemberAuth,
  knownInvite?: SettingValue<'invite'>,
): Promise<Wallet> {
  const { db } = deps;
  const [row, invite, slots, inviteAmount] = await Promise.all([
    findWalletRow(db, member.memberId, accounts.memberCash(member.memberId).code),
    knownInvite ?? getSetting(db, 'invite'),
    memberSlots(deps, member.memberId),
    inviteClaimable(db, member.memberId, member.currency),
  ]);
  // The session was just checked; a member row cannot vanish (members are never deleted).
  if (!row) throw new Error(`member ${member.memberId} has no row`);
  return {
    profile: { _id: row.member_no, name: row.name, username: row.username, coin: row.coin },
    bankAccount: {
      bankCode: row.bank_code,
      bankAccountName: row.bank_account_name,
      bankAccountNo: row.bank_account_no,
      bank: {
        nameTH: row.name_th ?? row.bank_code,
        nameLA: row.name_la ?? row.bank_code,
        nameEN: row.name_en ?? row.bank_code,
      },
    },
    wallet: { amount: satangToBaht(row.balance ?? 0), currency: member.currency },
    // The claimable invite rewards (decision 0071); migration 0015 bumps wallet_version
    // when one is recorded, claimed, or becomes claimable (the invitee's first play).
    invite: {
      amount: satangToBaht(inviteAmount),
      success: invite.successPercent,
      fail: invite.failPercent,
    },
    slots,
  };
}

/**
 * GET /api/wallet through the per-member answer cache (decision 0034): the key is the
 * wallet_version read with the session plus the invite figures the answer shows.
 */
export async function cachedWalletAnswer(
  deps: Deps,
  member: MemberAuth,
  cache: WalletAnswerCache<CheckedJson<Wallet>>,
): Promise<CheckedJson<Wallet>> {
  const invite = await getSetting(deps.db, 'invite');
  const key = `${member.walletVersion}:${invite.successPercent}:${invite.failPercent}`;
  // The checked answer itself is kept, so its gzipped form is made once too.
  const hit = cache.get(member.memberId, key);
  if (hit !== undefined) return hit;
  const answer = checkedJson(api.wallet.get, await walletView(deps, member, invite));
  cache.set(member.memberId, key, answer);
  return answer;
}
