// The 13 lookups of spec section 7, answered from operator settings in the caller's
// language. Shapes are exactly the contract's.
import type {
  Bank,
  Contact,
  DepositLookup,
  Info,
  Locale,
  SlipLookup,
  Source,
  WithdrawLookup,
} from '@wallet/contract';
import { satangToBaht } from '@wallet/contract';
import type { Db } from '../../db/database';
import type { BankRow } from '../../db/schema';
import { pick } from '../../lib/locale';
import { getSetting } from '../settings';
import * as repo from './lookup.repository';

/**
 * A bank as the contract carries it: `nameTH` is the Thai name, `nameLA` the Lao one and
 * `nameEN` the English one, whatever the caller's language (the spec's profile shows "bank
 * name (Thai name)"; the client picks which to show). Decisions 0002, 0058.
 */
export function bankNames(row: BankRow): { nameTH: string; nameLA: string; nameEN: string } {
  return { nameTH: row.name_th, nameLA: row.name_la, nameEN: row.name_en };
}

export async function banks(db: Db): Promise<Bank[]> {
  const rows = await repo.listBanks(db);
  return rows.map((row) => ({ code: row.code, ...bankNames(row) }));
}

export async function sources(db: Db, locale: Locale): Promise<Source[]> {
  const rows = await repo.listSources(db);
  return rows.map((row) => ({
    code: row.code,
    description: pick(
      { th: row.description_th, la: row.description_la, en: row.description_en },
      locale,
    ),
  }));
}

export async function info(db: Db, locale: Locale): Promise<Info> {
  const value = await getSetting(db, 'info');
  return { name: pick(value.name, locale), website: value.website };
}

export async function contact(db: Db, locale: Locale): Promise<Contact> {
  const value = await getSetting(db, 'contact');
  return {
    contactText: pick(value.contactText, locale),
    lineLink: value.lineLink,
    lineName: value.lineName,
    lineQR: value.lineQR,
  };
}

export async function conditions(db: Db, locale: Locale): Promise<string[]> {
  return (await getSetting(db, 'conditions')).map((item) => pick(item, locale));
}

export async function agreements(db: Db, locale: Locale): Promise<{ agreements: string[] }> {
  return { agreements: (await getSetting(db, 'agreements')).map((item) => pick(item, locale)) };
}

export async function notice(db: Db, locale: Locale): Promise<{ notice: string }> {
  return { notice: pick(await getSetting(db, 'notice'), locale) };
}

export async function withdraw(db: Db): Promise<WithdrawLookup> {
  const value = await getSetting(db, 'withdraw');
  return {
    withdrawMin: satangToBaht(value.withdrawMinSatang),
    withdrawMax: satangToBaht(value.withdrawMaxSatang),
  };
}

export async function deposit(db: Db): Promise<DepositLookup> {
  const value = await getSetting(db, 'deposit');
  return {
    isManual: value.isManual,
    wallets: value.wallets,
    banks: value.banks.map(({ bank, ...entry }) => ({
      ...entry,
      bank: { nameTH: bank.th, nameLA: bank.la, nameEN: bank.en },
    })),
  };
}

export function slip(db: Db): Promise<SlipLookup> {
  return getSetting(db, 'slip');
}

export async function active(db: Db): Promise<{ terminated: string | null }> {
  return { terminated: await getSetting(db, 'terminated') };
}

export async function registerOtp(db: Db): Promise<{ registerOTP: boolean }> {
  return { registerOTP: await getSetting(db, 'registerOTP') };
}

export async function enableChatWidget(db: Db): Promise<{ enableChatWidget: boolean }> {
  return { enableChatWidget: await getSetting(db, 'enableChatWidget') };
}
