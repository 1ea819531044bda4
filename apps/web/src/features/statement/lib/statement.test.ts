import { describe, expect, it } from 'vitest';
import { installCatalog, translate, type Locale } from '@/i18n/i18n';
import type { Catalog } from '@/i18n/types';
import { en } from '@/i18n/locales/en';
import { la } from '@/i18n/locales/la';
import { th } from '@/i18n/locales/th';
import type { StatementEntry } from '@/features/statement/api/get-statement';
import { partyLabel, statementRowLabel } from '@/features/statement/lib/statement';

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

type FullRow = Parameters<typeof statementRowLabel>[0];
const names: Record<Locale, Record<string, string>> = {
  th: {
    welcome: 'โบนัสต้อนรับ 100%',
    code: 'โค้ด 50 บาท',
    invite: 'โบนัสแนะนำเพื่อน',
    refund: 'คืนยอดเสีย 2026-11-23',
    spin: 'วงล้อนำโชค: 20 บาท',
  },
  la: {
    welcome: 'ໂບນັດຕ້ອນຮັບ 100%',
    code: 'ໂຄດ 50 ບາດ',
    invite: 'ໂບນັດແນະນຳໝູ່',
    refund: 'ຄືນຍອດເສຍ 2026-11-23',
    spin: 'ວົງລໍ້ນຳໂຊກ: 20 ບາດ',
  },
  en: {
    welcome: 'Welcome bonus 100%',
    code: 'Code 50 baht',
    invite: 'Invite bonus',
    refund: 'Cashback refund 2026-11-23',
    spin: 'Lucky wheel: 20 baht',
  },
};

/** Every kind of row the server writes (statement.service.ts, decisions 0056 and 0112). */
function everyRow(locale: Locale): Record<string, FullRow> {
  const n = names[locale];
  const r = (o: Partial<FullRow>): FullRow => ({
    statementType: 'deposit',
    from: 'WALLET',
    to: 'WALLET',
    amount: 100,
    ...o,
  });
  const credit = (o: Partial<FullRow>) =>
    r({ statementType: 'bonus', from: 'BONUS', to: 'WALLET', channel: 'promotion', ...o });
  const ended = (o: Partial<FullRow>) =>
    r({ statementType: 'finish_bonus', from: 'WALLET', to: 'BONUS', channel: 'promotion', ...o });
  return {
    qr: r({ from: 'KBANK', channel: 'qr' }),
    slip: r({ from: 'SCB', channel: 'slip' }),
    gift: r({ from: 'GIFT_LINK', channel: 'gift_link' }),
    notice: r({ from: 'KBANK', channel: 'deposit_notice' }),
    adjustmentIn: r({ from: 'OPERATOR', channel: 'adjustment' }),
    adjustmentOut: r({ statementType: 'withdraw', to: 'OPERATOR', channel: 'adjustment' }),
    transferIn: r({ statementType: 'transfer', to: 'PG', channel: 'game' }),
    transferOut: r({ statementType: 'transfer', from: 'JOKER', channel: 'game' }),
    withdrawal: r({ statementType: 'withdraw', to: 'KBANK', channel: 'payout' }),
    bonus: credit({ bonus: { description: n.welcome! } }),
    promotion: credit({ promotion: { description: n.code! } }),
    invite: credit({ invite: { description: n.invite! } }),
    refund: credit({ refund: { description: n.refund! } }),
    coupon: credit({ luckydraw: { description: n.spin! } }),
    bonusEnded: ended({ amount: 0, bonus: { description: n.welcome! } }),
    promotionForfeited: ended({ amount: 37.5, promotion: { description: n.code! } }),
    inviteEnded: ended({ amount: 0, invite: { description: n.invite! } }),
    refundEnded: ended({ amount: 0, refund: { description: n.refund! } }),
    couponEnded: ended({ amount: 0, luckydraw: { description: n.spin! } }),
    // A finish_bonus row written before decision 0112 names no grant.
    oldEnded: ended({ amount: 0 }),
  };
}

function labels(locale: Locale, catalog: Catalog) {
  installCatalog(locale, catalog);
  return Object.fromEntries(
    Object.entries(everyRow(locale)).map(([kind, row]) => {
      const label = statementRowLabel(row, translate, games);
      return [kind, [label.title, label.movement.shown, ...label.details].join(' | ')];
    }),
  );
}

describe('statement rows, every kind (issue 26, decision 0132)', () => {
  it('reads each kind in English', () => {
    expect(labels('en', en)).toEqual({
      qr: 'Deposit | QR code (KBANK) → Wallet',
      slip: 'Deposit | Bank slip (SCB) → Wallet',
      gift: 'Deposit | Gift link → Wallet',
      notice: 'Deposit | Bank account (KBANK) → Wallet',
      adjustmentIn: 'Deposit | Operator → Wallet',
      adjustmentOut: 'Withdrawal | Wallet → Operator',
      transferIn: 'Transfer | Wallet → PG Soft',
      transferOut: 'Transfer | Joker Gaming → Wallet',
      withdrawal: 'Withdrawal | Wallet → Bank account (KBANK)',
      bonus: 'Bonus received | Promotions → Wallet | Welcome bonus 100%',
      promotion: 'Promotion received | Promotions → Wallet | Code 50 baht',
      invite: 'Invite bonus received | Promotions → Wallet | Invite bonus',
      refund: 'Cashback received | Promotions → Wallet | Cashback refund 2026-11-23',
      coupon: 'Spin prize received | Promotions → Wallet | Lucky wheel: 20 baht',
      bonusEnded: 'Bonus ended | Nothing forfeited | Welcome bonus 100%',
      promotionForfeited: 'Promotion ended | Forfeited from the wallet | Code 50 baht',
      inviteEnded: 'Invite bonus ended | Nothing forfeited | Invite bonus',
      refundEnded: 'Cashback ended | Nothing forfeited | Cashback refund 2026-11-23',
      couponEnded: 'Spin prize ended | Nothing forfeited | Lucky wheel: 20 baht',
      oldEnded: 'Bonus ended | Nothing forfeited',
    });
  });

  it('reads promotion rows in Thai and Lao', () => {
    expect(labels('th', th)).toMatchObject({
      bonus: 'รับโบนัส | โปรโมชั่น → กระเป๋าเงิน | โบนัสต้อนรับ 100%',
      refund: 'รับเงินคืนยอดเสีย | โปรโมชั่น → กระเป๋าเงิน | คืนยอดเสีย 2026-11-23',
      bonusEnded: 'จบโบนัส | ไม่มีเงินถูกตัดทิ้ง | โบนัสต้อนรับ 100%',
      promotionForfeited: 'จบโปรโมชั่น | ตัดทิ้งจากกระเป๋าเงิน | โค้ด 50 บาท',
    });
    expect(labels('la', la)).toMatchObject({
      invite: 'ຮັບໂບນັດແນະນຳໝູ່ | ໂປຣໂມຊັ່ນ → ກະເປົາເງິນ | ໂບນັດແນະນຳໝູ່',
      couponEnded: 'ສິ້ນສຸດລາງວັນວົງລໍ້ | ບໍ່ມີເງິນຖືກຕັດອອກ | ວົງລໍ້ນຳໂຊກ: 20 ບາດ',
    });
  });

  it('shows no code and no English word in Thai or Lao, but proper names', () => {
    // Game names and bank codes are proper names, the same in every language (decision 0056).
    const properNames = /Joker Gaming|PG Soft|\b(KBANK|SCB)\b/g;
    for (const [locale, catalog] of [
      ['th', th],
      ['la', la],
    ] as const) {
      for (const [kind, text] of Object.entries(labels(locale, catalog)))
        expect(text.replace(properNames, ''), `${locale} ${kind}`).not.toMatch(/[A-Za-z_]/);
    }
    // And in English no code either.
    for (const [kind, text] of Object.entries(labels('en', en)))
      expect(text.replace(properNames, ''), `en ${kind}`).not.toMatch(
        /\b(BONUS|WALLET|OPERATOR|GIFT_LINK)\b|statement\./,
      );
  });

  it('every title and outcome differs between kinds that mean different things', () => {
    for (const [locale, catalog] of [
      ['th', th],
      ['la', la],
      ['en', en],
    ] as const) {
      const read = labels(locale, catalog);
      const titles = ['bonus', 'promotion', 'invite', 'refund', 'coupon'].map(
        (kind) => read[kind]!.split(' | ')[0],
      );
      expect(new Set(titles).size, locale).toBe(5);
      expect(read.bonusEnded!.split(' | ')[1]).not.toBe(read.promotionForfeited!.split(' | ')[1]);
    }
  });
});
