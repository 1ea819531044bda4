import { describe, expect, it } from 'vitest';
import { api } from '@wallet/contract';
import { DEMO_MEMBER } from '../../seed';
import { forEachDialect } from '../../../test/helpers';

forEachDialect('lookups', (get) => {
  const lookup = (name: string, options: { token?: string; lang?: string } = {}) =>
    get().call('GET', `/api/lookup/${name}`, {
      ...(options.token ? { token: options.token } : {}),
      ...(options.lang ? { headers: { 'accept-language': options.lang } } : {}),
    });

  it('answers every public lookup in the contract shape', async () => {
    for (const [name, def] of Object.entries(api.lookup)) {
      if (def.access !== 'public') continue;
      const res = await lookup(name);
      expect(res.statusCode, name).toBe(200);
      expect(def.response.safeParse(res.json()).success, name).toBe(true);
    }
  });

  it('needs a member token for deposit, withdraw and agreements', async () => {
    const t = get();
    const token = await t.login(DEMO_MEMBER.username, DEMO_MEMBER.password);
    for (const name of ['deposit', 'withdraw', 'agreements'] as const) {
      const anonymous = await lookup(name);
      expect([anonymous.statusCode, anonymous.json()], name).toEqual([
        401,
        { message: 'UNAUTHORIZED' },
      ]);
      const res = await lookup(name, { token });
      expect(res.statusCode, name).toBe(200);
      expect(api.lookup[name].response.safeParse(res.json()).success, name).toBe(true);
    }
    expect((await lookup('withdraw', { token })).json()).toEqual({
      withdrawMin: 100,
      withdrawMax: 50000,
    });
    const deposit = (await lookup('deposit', { token })).json<{
      isManual: boolean;
      banks: {
        bankCode: string;
        bankType: string;
        bank: Record<string, string>;
        bankAccountName: string;
        bankAccountNameEN?: string;
      }[];
      wallets: unknown[];
    }>();
    // Lao bank names and the Latin form of the operator's account name (decision 0058).
    expect(deposit.banks[0]).toMatchObject({
      bank: { nameTH: 'ธนาคารกสิกรไทย', nameLA: 'ທະນາຄານກະສິກອນໄທ', nameEN: 'Kasikornbank' },
      bankAccountName: 'บจก. รอยัล วอลเล็ท',
      bankAccountNameEN: 'ROYAL WALLET CO., LTD.',
    });
    for (const entry of deposit.banks) expect(entry.bank.nameLA).toMatch(/[\u0E80-\u0EFF]/);
    expect(deposit.isManual).toBe(false);
    expect(deposit.banks.map((b) => `${b.bankCode}:${b.bankType}`)).toEqual([
      'KBANK:BANK',
      'SCB:BANK',
      'WW:PAYMENT',
      'PAYTIMZ:PAYMENT',
    ]);
    expect(deposit.wallets).toHaveLength(1);
    const agreements = (await lookup('agreements', { token, lang: 'en' })).json<{
      agreements: string[];
    }>();
    expect(agreements.agreements.length).toBeGreaterThanOrEqual(3);
  });

  it('answers operator content in the Accept-Language language, Thai by default', async () => {
    const th = (await lookup('conditions')).json<string[]>();
    const la = (await lookup('conditions', { lang: 'la' })).json<string[]>();
    const lo = (await lookup('conditions', { lang: 'lo-LA,en;q=0.5' })).json<string[]>();
    const en = (await lookup('conditions', { lang: 'en-US,en;q=0.9' })).json<string[]>();
    expect(th.length).toBeGreaterThanOrEqual(3);
    expect(th.join()).toMatch(/[\u0E00-\u0E7F]/); // Thai block
    expect(la.join()).toMatch(/[\u0E80-\u0EFF]/); // Lao block
    expect(lo).toEqual(la);
    expect(en.join()).toMatch(/^[\x20-\x7E]+$/);
    expect(new Set([th.length, la.length, en.length]).size).toBe(1);

    const sources = (await lookup('sources', { lang: 'en' })).json<{ code: string }[]>();
    expect(sources.map((s) => s.code)).toEqual([
      'FACEBOOK',
      'GOOGLE',
      'YOUTUBE',
      'TIKTOK',
      'LINE',
      'FRIEND',
      'OTHER',
    ]);
    const notice = (await lookup('notice', { lang: 'la' })).json<{ notice: string }>();
    expect(notice.notice).toContain('%percentFail%');
  });

  it('lists the seeded banks with Thai, Lao and English names', async () => {
    const banks = (await lookup('banks')).json<
      { code: string; nameTH: string; nameLA: string; nameEN: string }[]
    >();
    const codes = banks.map((b) => b.code);
    for (const code of [
      'SCB',
      'KBANK',
      'KTB',
      'BBL',
      'TMB',
      'BAY',
      'GSB',
      'BAAC',
      'KKP',
      'CIMB',
      'UOB',
      'LHBANK',
      'TISCO',
      'BCEL',
      'LDB',
    ])
      expect(codes).toContain(code);
    expect(banks.find((b) => b.code === 'KBANK')).toEqual({
      code: 'KBANK',
      nameTH: 'ธนาคารกสิกรไทย',
      nameLA: 'ທະນາຄານກະສິກອນໄທ',
      nameEN: 'Kasikornbank',
    });
    // Every bank has a Lao name in Lao script (issue 16, decision 0058).
    for (const bank of banks) expect(bank.nameLA, bank.code).toMatch(/[\u0E80-\u0EFF]/);
    // The same Thai and English names in every language: the client chooses which to show.
    expect((await lookup('banks', { lang: 'en' })).json()).toEqual(banks);
    expect((await lookup('banks', { lang: 'la' })).json()).toEqual(banks);
  });

  it('answers the demo info, contact and flags', async () => {
    expect((await lookup('info')).json()).toEqual({
      name: 'Royal Wallet',
      website: 'https://royal-wallet.example',
    });
    const contact = (await lookup('contact')).json<Record<string, unknown>>();
    expect(contact).toMatchObject({ lineName: '@royalwallet', lineQR: null });
    expect(String(contact.contactText)).toContain('<p>');
    expect((await lookup('registerOTP')).json()).toEqual({ registerOTP: true });
    expect((await lookup('enableChatWidget')).json()).toEqual({ enableChatWidget: true });
    expect((await lookup('active')).json()).toEqual({ terminated: null });
    expect((await lookup('slip')).json()).toMatchObject({ uploadWindowMinutes: 60 });
  });
});

describe('lookups without demo content', () => {
  forEachDialect(
    'SEED_DEMO=false',
    (get) => {
      it('still answers every public lookup from defaults, with banks and no demo member', async () => {
        const t = get();
        for (const [name, def] of Object.entries(api.lookup)) {
          if (def.access !== 'public') continue;
          const res = await t.call('GET', `/api/lookup/${name}`);
          expect(def.response.safeParse(res.json()).success, name).toBe(true);
        }
        expect((await t.call('GET', '/api/lookup/banks')).json<unknown[]>().length).toBe(15);
        // The chat stays off until an operator turns it on; only the demo data turns it on.
        expect((await t.call('GET', '/api/lookup/enableChatWidget')).json()).toEqual({
          enableChatWidget: false,
        });
        const login = await t.call('POST', '/api/login', {
          body: { username: DEMO_MEMBER.username, password: DEMO_MEMBER.password },
        });
        expect(login.statusCode).toBe(401);
      });
    },
    { seedDemo: false },
  );
});
