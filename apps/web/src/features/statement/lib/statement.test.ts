import { describe, expect, it } from 'vitest';
import { installCatalog, translate, type Locale } from '@/i18n/i18n';
import type { Catalog } from '@/i18n/types';
import { en } from '@/i18n/locales/en';
import { la } from '@/i18n/locales/la';
import { th } from '@/i18n/locales/th';
import type { StatementEntry } from '@/features/statement/api/get-statement';
import { partyLabel } from '@/features/statement/lib/statement';

type Row = Pick<StatementEntry, 'from' | 'to' | 'channel'>;
const games = new Map([
  ['JOKER', 'Joker Gaming'],
  ['PG', 'PG Soft'],
]);
const rows: Record<string, Row> = {
  gift: { from: 'GIFT_LINK', to: 'WALLET', channel: 'gift_link' },
  qr: { from: 'KBANK', to: 'WALLET', channel: 'qr' },
  slip: { from: 'KBANK', to: 'WALLET', channel: 'slip' },
  notice: { from: 'SCB', to: 'WALLET', channel: 'deposit_notice' },
  payout: { from: 'WALLET', to: 'KBANK', channel: 'payout' },
  gameIn: { from: 'WALLET', to: 'JOKER', channel: 'game' },
  gameOut: { from: 'PG', to: 'WALLET', channel: 'game' },
  adjustment: { from: 'OPERATOR', to: 'WALLET', channel: 'adjustment' },
  // Rows without a channel (older servers, future kinds): codes still read sensibly.
  oldGift: { from: 'GIFT_LINK', to: 'WALLET' },
  oldGame: { from: 'WALLET', to: 'JOKER' },
  unknown: { from: 'SOMETHING', to: 'WALLET' },
};

function read(locale: Locale, catalog: Catalog): Record<string, string> {
  installCatalog(locale, catalog);
  return Object.fromEntries(
    Object.entries(rows).map(([name, row]) => [
      name,
      `${partyLabel(row, 'from', translate, games)} → ${partyLabel(row, 'to', translate, games)}`,
    ]),
  );
}

describe('statement parties (issue 16)', () => {
  it('reads translated, distinguishable labels in English', () => {
    expect(read('en', en)).toEqual({
      gift: 'Gift link → Wallet',
      qr: 'QR code (KBANK) → Wallet',
      slip: 'Bank slip (KBANK) → Wallet',
      notice: 'Bank account (SCB) → Wallet',
      payout: 'Wallet → Bank account (KBANK)',
      gameIn: 'Wallet → Joker Gaming',
      gameOut: 'PG Soft → Wallet',
      adjustment: 'Operator → Wallet',
      oldGift: 'Gift link → Wallet',
      oldGame: 'Wallet → Joker Gaming',
      unknown: 'SOMETHING → Wallet',
    });
  });

  it('reads them in Thai', () => {
    expect(read('th', th)).toMatchObject({
      gift: 'ลิงก์ของขวัญ → กระเป๋าเงิน',
      qr: 'คิวอาร์โค้ด (KBANK) → กระเป๋าเงิน',
      slip: 'สลิปโอนเงิน (KBANK) → กระเป๋าเงิน',
      payout: 'กระเป๋าเงิน → บัญชีธนาคาร (KBANK)',
      gameIn: 'กระเป๋าเงิน → Joker Gaming',
    });
  });

  it('reads them in Lao', () => {
    expect(read('la', la)).toMatchObject({
      gift: 'ລິ້ງຂອງຂວັນ → ກະເປົາເງິນ',
      qr: 'ຄິວອາໂຄດ (KBANK) → ກະເປົາເງິນ',
      slip: 'ສະລິບໂອນເງິນ (KBANK) → ກະເປົາເງິນ',
      payout: 'ກະເປົາເງິນ → ບັນຊີທະນາຄານ (KBANK)',
      gameOut: 'PG Soft → ກະເປົາເງິນ',
    });
  });

  it('never shows a raw code for the parties it knows, in any language', () => {
    for (const [locale, catalog] of [
      ['th', th],
      ['la', la],
      ['en', en],
    ] as const) {
      const labels = read(locale, catalog);
      for (const [name, label] of Object.entries(labels)) {
        if (name === 'unknown') continue;
        expect(label, `${locale} ${name}`).not.toMatch(
          /GIFT_LINK|WALLET|OPERATOR|\bJOKER\b|(^|→ )PG( →|$)/,
        );
      }
      // QR and slip deposits from the same bank read differently.
      expect(labels.qr).not.toBe(labels.slip);
    }
  });
});
