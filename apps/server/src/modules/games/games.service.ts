// Game accounts (spec sections 2, 3 and 7): the catalogue with the member's accounts and
// their balances from the providers (the wallet read model shows them), activation,
// credentials, password reset, launch links, and the manual-deposit notice of
// POST /api/wallet/add (docs/decisions/0014, 0016).
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { ProviderCode, Slot } from '@wallet/contract';
import { satangToBaht, WALLET } from '@wallet/contract';
import type { AppDeps, MemberAuth } from '../../deps';
import type { Db } from '../../db/database';
import type { GameAccountRow } from '../../db/schema';
import { withTransaction } from '../../db/transaction';
import { isoNow } from '../../lib/clock';
import { ProviderUserNotFound } from '../../ports/game-provider';
import { getProfile } from '../account';
import { assertMayLaunch } from '../protection';
import { recordStatement } from '../statement';
import type { ProviderEntry } from './games.catalogue';
import {
  backgroundPath,
  catalogue,
  findProvider,
  logoPath,
  providerLinks,
} from './games.catalogue';
import { openPassword, sealPassword } from './games.credentials';
import { GamesError } from './games.errors';
import * as repo from './games.repository';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'gameProvider'>;

/** Provider balance calls at once when refreshing a member's accounts. */
const REFRESH_CONCURRENCY = 4;

/** One catalogue entry with the member's account balance (satang), when there is one. */
function slotView(deps: Pick<AppDeps, 'config'>, entry: ProviderEntry, balance?: number): Slot {
  return {
    code: entry.code,
    name: entry.name,
    category: entry.category,
    isActive: balance !== undefined,
    amount: balance !== undefined ? satangToBaht(balance) : 0,
    logo: logoPath(entry.code),
    background: backgroundPath(entry.code),
    ftWalletSlot: entry.ftWalletSlot,
    ...providerLinks(entry, deps.config.games.publicUrl),
  };
}

function knownProvider(code: string): ProviderEntry {
  const entry = findProvider(code);
  if (!entry) throw new GamesError('NO_GAME');
  return entry;
}

async function ownAccount(db: Db, memberId: number, code: ProviderCode): Promise<GameAccountRow> {
  const account = await repo.findAccount(db, memberId, code);
  if (!account) throw new GamesError('SLOT_NO_ACCOUNT');
  return account;
}

const accountId = (row: { provider_code: string; username: string }) => ({
  providerCode: row.provider_code,
  username: row.username,
});

function passwordOf(deps: Pick<AppDeps, 'config'>, row: GameAccountRow): string {
  return openPassword(deps.config.games.credentialsKey, accountId(row), row.password_enc);
}

/**
 * The whole catalogue as the member's slots: each provider with the member's account there
 * and its last known balance (the wallet read model's slots, decision 0034).
 */
export async function memberSlots(
  deps: Pick<AppDeps, 'db' | 'config'>,
  memberId: number,
): Promise<Slot[]> {
  const balances = await repo.listBalances(deps.db, memberId);
  const byCode = new Map(balances.map((b) => [b.provider_code, b.last_balance]));
  return catalogue.map((entry) => slotView(deps, entry, byCode.get(entry.code)));
}

/**
 * Behind GET /api/wallet/refresh/slot: asks every active account's provider for its balance,
 * a few at a time; a provider that fails keeps the last balance it reported.
 */
export async function refreshBalances(
  deps: Pick<AppDeps, 'db' | 'clock' | 'gameProvider'>,
  member: MemberAuth,
  log?: { debug(obj: object, msg: string): void },
): Promise<void> {
  const queue = [...(await repo.listAccounts(deps.db, member.memberId))];
  const worker = async () => {
    for (let row = queue.shift(); row; row = queue.shift()) {
      const observedAt = isoNow(deps.clock);
      try {
        const balance = await deps.gameProvider.balance(
          row.provider_code as ProviderCode,
          row.username,
        );
        await repo.recordBalance(deps.db, member.memberId, row.provider_code, balance, observedAt);
      } catch (error) {
        log?.debug({ err: error, provider: row.provider_code }, 'game balance refresh failed');
      }
    }
  };
  await Promise.all(Array.from({ length: REFRESH_CONCURRENCY }, worker));
}

/** GET /api/wallet/activate/:code: opens the member's account at the provider. */
export async function activate(deps: Deps, member: MemberAuth, code: string): Promise<Slot> {
  const entry = knownProvider(code);
  if (await repo.findAccount(deps.db, member.memberId, entry.code))
    throw new GamesError('SLOT_ALREADY_ACTIVE');
  let credentials;
  try {
    // Idempotent at the provider on memberRef: a retried activation gets the same account.
    credentials = await deps.gameProvider.createAccount(entry.code, `member-${member.memberNo}`);
  } catch (cause) {
    throw new GamesError('SLOT_ACTIVATE_FAIL', { cause });
  }
  const at = isoNow(deps.clock);
  const inserted = await repo.insertAccount(deps.db, {
    member_id: member.memberId,
    provider_code: entry.code,
    username: credentials.username,
    password_enc: sealPassword(
      deps.config.games.credentialsKey,
      { providerCode: entry.code, username: credentials.username },
      credentials.password,
    ),
    created_at: at,
  });
  const row = await repo.findAccount(deps.db, member.memberId, entry.code);
  if (!inserted) {
    // Another request activated it first, or the provider's username is someone else's.
    throw new GamesError(row ? 'SLOT_ALREADY_ACTIVE' : 'SLOT_ACTIVATE_FAIL');
  }
  return slotView(deps, entry, row?.last_balance);
}

/** GET /api/wallet/account/:code: the member's own credentials for that provider. */
export async function credentials(
  deps: Deps,
  member: MemberAuth,
  code: string,
): Promise<{ username: string; password: string }> {
  const entry = knownProvider(code);
  const row = await ownAccount(deps.db, member.memberId, entry.code);
  return { username: row.username, password: passwordOf(deps, row) };
}

/** GET /api/wallet/resetpassword/:code: a new password from the provider, stored sealed. */
export async function resetPassword(
  deps: Deps,
  member: MemberAuth,
  code: string,
): Promise<{ username: string; password: string }> {
  const entry = knownProvider(code);
  const row = await ownAccount(deps.db, member.memberId, entry.code);
  let password: string;
  try {
    ({ password } = await deps.gameProvider.resetPassword(entry.code, row.username));
  } catch (cause) {
    throw new GamesError('SLOT_RESET_PASSWORD_FAIL', { cause });
  }
  const sealed = sealPassword(deps.config.games.credentialsKey, accountId(row), password);
  await repo.updatePassword(deps.db, row.id, sealed, isoNow(deps.clock));
  return { username: row.username, password };
}

async function launchFor(
  deps: Deps,
  entry: ProviderEntry,
  row: GameAccountRow,
  password?: string,
): Promise<{ link: string }> {
  try {
    return { link: await deps.gameProvider.launchLink(entry.code, row.username, password) };
  } catch (cause) {
    if (cause instanceof ProviderUserNotFound) {
      if (entry.code === 'AREASLOT') throw new GamesError('NOT_AREASLOT', { cause });
      if (entry.code === 'UFABET') throw new GamesError('NOT_UFABET', { cause });
      throw new GamesError('SLOT_NO_ACCOUNT', { cause });
    }
    throw new GamesError('INTERNAL_SERVER_ERROR', { cause });
  }
}

/** Player protection (decision 0139): no launch during a block or with no loss room left. */
const mayLaunch = (deps: Deps, member: MemberAuth) =>
  withTransaction(deps.db, (trx) => assertMayLaunch(trx, deps.clock, member.memberId));

/** GET /api/wallet/launch/:code: a one-time game link for the member's own account. */
export async function launch(deps: Deps, member: MemberAuth, code: string) {
  const entry = knownProvider(code);
  await mayLaunch(deps, member);
  return launchFor(deps, entry, await ownAccount(deps.db, member.memberId, entry.code));
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * GET /api/autoLogin/<provider>/:username[/:password]: only for the caller's own account at
 * that provider; any mismatch is SLOT_NO_ACCOUNT, whoever the username belongs to.
 */
export async function autoLogin(
  deps: Deps,
  member: MemberAuth,
  code: ProviderCode,
  params: { username: string; password?: string },
): Promise<{ link: string }> {
  const entry = knownProvider(code);
  await mayLaunch(deps, member);
  const row = await repo.findAccount(deps.db, member.memberId, entry.code);
  if (!row || !sameSecret(row.username, params.username)) throw new GamesError('SLOT_NO_ACCOUNT');
  if (params.password !== undefined && !sameSecret(passwordOf(deps, row), params.password))
    throw new GamesError('SLOT_NO_ACCOUNT');
  return launchFor(deps, entry, row, params.password);
}

/**
 * POST /api/wallet/add {amount}: the member says they sent this much to the operator's bank
 * account (manual deposit mode). Recorded as a WAITING deposit row; no money moves until an
 * operator confirms the deposit (decision 0016).
 */
export async function depositNotice(
  deps: Deps,
  member: MemberAuth,
  amountSatang: number,
): Promise<{ message: string }> {
  const { bankAccount } = await getProfile(deps.db, member);
  await withTransaction(deps.db, (trx) =>
    recordStatement(trx, deps.clock, {
      memberId: member.memberId,
      reference: `DN-${randomBytes(12).toString('hex')}`,
      type: 'deposit',
      status: 'WAITING',
      from: bankAccount.bankCode,
      to: WALLET,
      amount: amountSatang,
    }),
  );
  return { message: 'SUCCESS' };
}
