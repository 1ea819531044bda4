// The operator's settings (issue 13, decision 0093): every change shows at the next lookup
// answer (the settings cache is cleared, not waited out), is validated field by field, keeps
// only allowlisted HTML, is audited with before and after, and is refused to the wrong role.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEMO_MEMBER } from '../../seed';
import { forEachDialect } from '../../../test/helpers';
import type { TestApp } from '../../../test/helpers';

const loc = (th: string, la: string, en: string) => ({ th, la, en });

async function lastAudit(t: TestApp, target: string) {
  return t.db
    .selectFrom('audit_log')
    .selectAll()
    .where('target', '=', target)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

forEachDialect('operator settings', (get) => {
  const put = async (path: string, body: unknown, role: 'admin' | 'marketing' = 'admin') =>
    get().call('PUT', `/api/operator/settings/${path}`, {
      token: await get().operatorTokenAs(role),
      body,
    });
  const lookup = (name: string, lang = 'th', token?: string) =>
    get().call('GET', `/api/lookup/${name}`, {
      headers: { 'accept-language': lang },
      ...(token ? { token } : {}),
    });

  describe('content', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('a new notice shows at the very next lookup, while the cached answer is still fresh, and is audited', async () => {
      const t = get();
      // Time stands still: the cached setting never expires, so only clearing it shows the
      // new notice (settings.service SETTINGS_TTL_MS, decision 0034).
      vi.useFakeTimers({ toFake: ['Date'] });
      // Read first: the answer is now cached.
      const old = (await lookup('notice')).json<{ notice: string }>().notice;
      const res = await put(
        'notice',
        { notice: loc('ประกาศใหม่ %percentFail%%', 'ແຈ້ງການໃໝ່', 'New notice') },
        'marketing',
      );
      expect(res.statusCode, res.body).toBe(200);
      expect((await lookup('notice')).json()).toEqual({ notice: 'ประกาศใหม่ %percentFail%%' });
      expect((await lookup('notice', 'la')).json()).toEqual({ notice: 'ແຈ້ງການໃໝ່' });
      expect((await lookup('notice', 'en')).json()).toEqual({ notice: 'New notice' });
      vi.useRealTimers();

      const row = await lastAudit(t, 'setting:notice');
      expect(row).toMatchObject({
        action: 'PUT /api/operator/settings/notice',
        operator_username: 'marketing',
        role: 'marketing',
        outcome: 'ok',
      });
      expect(JSON.parse(row!.before_json!)).toMatchObject({ notice: { th: old } });
      expect(JSON.parse(row!.after_json!)).toEqual({
        notice: loc('ประกาศใหม่ %percentFail%%', 'ແຈ້ງການໃໝ່', 'New notice'),
      });

      // The console's read shows it, with who changed it and when.
      const content = await t.call('GET', '/api/operator/settings/content', {
        token: await t.operatorTokenAs('marketing'),
      });
      expect(content.statusCode).toBe(200);
      const body = content.json<{
        settings: { notice: unknown };
        changes: Record<string, { operator: string; at: string } | null>;
      }>();
      expect(body.settings.notice).toEqual(
        loc('ประกาศใหม่ %percentFail%%', 'ແຈ້ງການໃໝ່', 'New notice'),
      );
      expect(body.changes.notice).toEqual({ operator: 'marketing', at: row!.at });
    });

    it('sanitises contact, conditions and agreements HTML with the allowlist before storing', async () => {
      const dirty =
        '<p onclick="steal()">Hi <script>alert(1)</script><a href="javascript:alert(1)">x</a>' +
        '<a href="https://line.me/x">LINE</a><img src=x onerror="alert(1)"><iframe src="//evil"></iframe></p>';
      const res = await put('contact', {
        contactText: loc(dirty, '<p>ລາວ</p>', '<p>en</p>'),
        lineLink: 'https://line.me/R/ti/p/@royal',
        lineName: '@royal',
        lineQR: '/images/line-qr.png',
      });
      expect(res.statusCode, res.body).toBe(200);
      const stored = res.json<{ contactText: { th: string } }>().contactText.th;
      for (const bad of ['script', 'onclick', 'javascript:', 'onerror', '<img', '<iframe'])
        expect(stored).not.toContain(bad);
      expect(stored).toContain(
        '<a href="https://line.me/x" target="_blank" rel="noopener noreferrer nofollow">LINE</a>',
      );
      const contact = (await lookup('contact')).json<{ contactText: string; lineName: string }>();
      expect(contact.contactText).toBe(stored);
      expect(contact.lineName).toBe('@royal');

      const conditions = await put('conditions', {
        conditions: [loc('<p>ok</p><script>x()</script>', '<b>la</b>', '<i>en</i>')],
      });
      expect(conditions.statusCode, conditions.body).toBe(200);
      expect((await lookup('conditions')).json()).toEqual(['<p>ok</p>']);
      expect((await lookup('conditions', 'en')).json()).toEqual(['<i>en</i>']);

      const agreements = await put('agreements', {
        agreements: [loc('<p style="x" onmouseover="y()">อายุ 18</p>', 'la', 'en')],
      });
      expect(agreements.statusCode, agreements.body).toBe(200);
      const token = await get().login(DEMO_MEMBER.username, DEMO_MEMBER.password);
      expect((await lookup('agreements', 'th', token)).json()).toEqual({
        agreements: ['<p>อายุ 18</p>'],
      });
    });

    it('changes the operator name and website', async () => {
      const res = await put(
        'info',
        { name: loc('รอยัล', 'ຣອຍັລ', 'Royal'), website: 'https://royal.example' },
        'marketing',
      );
      expect(res.statusCode, res.body).toBe(200);
      expect((await lookup('info', 'la')).json()).toEqual({
        name: 'ຣອຍັລ',
        website: 'https://royal.example',
      });
    });

    it('refuses a bad field with KEY_MISSING or KEY_INVALID and changes nothing', async () => {
      const before = (await lookup('info')).json();
      const cases: [string, unknown, string][] = [
        ['info', { name: loc('', 'a', 'b'), website: '' }, 'KEY_INVALID'],
        ['info', { name: loc('a', 'b', 'c'), website: 'javascript:alert(1)' }, 'KEY_INVALID'],
        ['info', { name: { th: 'a', la: 'b' }, website: '' }, 'KEY_MISSING'],
        ['info', { name: loc('a', 'b', 'c'), website: '', extra: 1 }, 'KEY_INVALID'],
        ['notice', { notice: loc('a'.repeat(2001), 'b', 'c') }, 'KEY_INVALID'],
        ['notice', {}, 'KEY_MISSING'],
        [
          'contact',
          { contactText: loc('a', 'b', 'c'), lineLink: 'line.me', lineName: '', lineQR: null },
          'KEY_INVALID',
        ],
        [
          'contact',
          {
            contactText: loc('a', 'b', 'c'),
            lineLink: '',
            lineName: '',
            lineQR: 'javascript:x',
          },
          'KEY_INVALID',
        ],
        ['conditions', { conditions: 'x' }, 'KEY_INVALID'],
        ['agreements', { agreements: Array(51).fill(loc('a', 'b', 'c')) }, 'KEY_INVALID'],
      ];
      for (const [path, body, code] of cases) {
        const res = await put(path, body, 'marketing');
        expect([res.statusCode, res.json()], `${path} ${JSON.stringify(body)}`).toEqual([
          400,
          { message: code },
        ]);
      }
      expect((await lookup('info')).json()).toEqual(before);
    });
  });

  describe('money and site', () => {
    it('withdraw limits in baht: stored in satang, shown at the next lookup, audited', async () => {
      const t = get();
      const token = await t.login(DEMO_MEMBER.username, DEMO_MEMBER.password);
      await lookup('withdraw', 'th', token);
      const res = await put('withdraw', { withdrawMin: 150.5, withdrawMax: 30_000 });
      expect([res.statusCode, res.json()]).toEqual([
        200,
        { withdrawMin: 150.5, withdrawMax: 30_000 },
      ]);
      expect((await lookup('withdraw', 'th', token)).json()).toEqual({
        withdrawMin: 150.5,
        withdrawMax: 30_000,
      });
      const stored = await t.db
        .selectFrom('operator_settings')
        .select('value_json')
        .where('key', '=', 'withdraw')
        .executeTakeFirstOrThrow();
      expect(JSON.parse(stored.value_json)).toEqual({
        withdrawMinSatang: 15_050,
        withdrawMaxSatang: 3_000_000,
      });
      const row = await lastAudit(t, 'setting:withdraw');
      expect(JSON.parse(row!.before_json!)).toEqual({ withdrawMin: 100, withdrawMax: 50_000 });
      expect(JSON.parse(row!.after_json!)).toEqual({ withdrawMin: 150.5, withdrawMax: 30_000 });
      // 120 baht was inside the old bounds; below the new minimum it is refused at once.
      const small = await t.call('POST', '/api/wallet/withdraw', { token, body: { amount: 120 } });
      expect([small.statusCode, small.json()]).toEqual([400, { message: 'KEY_INVALID' }]);

      for (const body of [
        { withdrawMin: 500, withdrawMax: 100 },
        { withdrawMin: 0, withdrawMax: 100 },
        { withdrawMin: 100.123, withdrawMax: 200 },
        { withdrawMin: '100', withdrawMax: 200 },
      ]) {
        const bad = await put('withdraw', body);
        expect([bad.statusCode, bad.json()], JSON.stringify(body)).toEqual([
          400,
          { message: 'KEY_INVALID' },
        ]);
      }
      expect((await put('withdraw', { withdrawMin: 100 })).json()).toEqual({
        message: 'KEY_MISSING',
      });
      // Back to the demo bounds for the other tests.
      await put('withdraw', { withdrawMin: 100, withdrawMax: 50_000 });
    });

    it('deposit accounts: the next deposit lookup shows the new receiving account', async () => {
      const t = get();
      const token = await t.login(DEMO_MEMBER.username, DEMO_MEMBER.password);
      const site = await t.call('GET', '/api/operator/settings/site', {
        token: await t.operatorToken(),
      });
      expect(site.statusCode).toBe(200);
      const { deposit } = site.json<{
        settings: { deposit: { banks: object[]; wallets: object[]; isManual: boolean } };
      }>().settings;
      await lookup('deposit', 'th', token);
      const added = {
        bankCode: 'BBL',
        bankType: 'BANK',
        mode: 'AUTO',
        bank: loc('ธนาคารกรุงเทพ', 'ທະນາຄານກຸງເທບ', 'Bangkok Bank'),
        bankAccountName: 'บจก. รอยัล วอลเล็ท',
        bankAccountNo: '1234567890',
        currency: 'BAHT',
      };
      const res = await put('deposit', { ...deposit, banks: [...deposit.banks, added] });
      expect(res.statusCode, res.body).toBe(200);
      const lookedUp = (await lookup('deposit', 'th', token)).json<{
        banks: { bankCode: string; bankAccountNo: string; bank: { nameEN: string } }[];
      }>();
      expect(lookedUp.banks.at(-1)).toMatchObject({
        bankCode: 'BBL',
        bankAccountNo: '1234567890',
        bank: { nameEN: 'Bangkok Bank' },
      });

      const bad = [
        { ...deposit, banks: [{ ...added, bankCode: 'bbl' }] },
        { ...deposit, banks: [{ ...added, bankType: 'CRYPTO' }] },
        { ...deposit, banks: [{ ...added, currency: 'USD' }] },
        { ...deposit, banks: [{ ...added, bankAccountNo: '12 34' }] },
        { ...deposit, banks: [added, added] },
        { ...deposit, wallets: [{ mode: '', walletAccountName: 'x' }] },
      ];
      for (const body of bad) {
        const r = await put('deposit', body);
        expect([r.statusCode, r.json()], JSON.stringify(body)).toEqual([
          400,
          { message: 'KEY_INVALID' },
        ]);
      }
      const missing = await put('deposit', { ...deposit, banks: [{ ...added, bank: undefined }] });
      expect(missing.json()).toEqual({ message: 'KEY_MISSING' });
      await put('deposit', deposit);
    });

    it('slip window and chat flag show at the next lookup; bad windows are refused', async () => {
      await lookup('slip');
      await lookup('enableChatWidget');
      const slip = { uploadWindowMinutes: 90, closedFrom: null, closedTo: null, maxFileBytes: 5e6 };
      expect((await put('slip', slip)).statusCode).toBe(200);
      expect((await lookup('slip')).json()).toEqual(slip);
      for (const body of [
        { ...slip, closedFrom: '23:00' },
        { ...slip, closedFrom: '24:00', closedTo: '01:00' },
        { ...slip, closedFrom: '01:00', closedTo: '01:00' },
        { ...slip, uploadWindowMinutes: 0 },
        { ...slip, maxFileBytes: 50 * 1024 * 1024 },
      ]) {
        const r = await put('slip', body);
        expect([r.statusCode, r.json()], JSON.stringify(body)).toEqual([
          400,
          { message: 'KEY_INVALID' },
        ]);
      }
      expect((await put('chat', { enableChatWidget: true })).statusCode).toBe(200);
      expect((await lookup('enableChatWidget')).json()).toEqual({ enableChatWidget: true });
      expect((await put('chat', { enableChatWidget: 'yes' })).json()).toEqual({
        message: 'KEY_INVALID',
      });
      await put('slip', {
        ...slip,
        closedFrom: '23:50',
        closedTo: '00:10',
        maxFileBytes: 10485760,
      });
      await put('chat', { enableChatWidget: false });
    });

    it('the site flag and registration OTP are audited with before and after and show in the site read', async () => {
      const t = get();
      const token = await t.operatorToken();
      await t.call('PUT', '/api/operator/settings/registerOTP', {
        token,
        body: { registerOTP: false },
      });
      expect((await lookup('registerOTP')).json()).toEqual({ registerOTP: false });
      const row = await lastAudit(t, 'setting:registerOTP');
      expect(JSON.parse(row!.before_json!)).toEqual({ registerOTP: true });
      expect(JSON.parse(row!.after_json!)).toEqual({ registerOTP: false });
      await t.call('PUT', '/api/operator/site', { token, body: { terminated: false } });
      const site = await lastAudit(t, 'setting:terminated');
      expect(JSON.parse(site!.after_json!)).toEqual({ terminated: null });
      const read = (await t.call('GET', '/api/operator/settings/site', { token })).json<{
        settings: { registerOTP: boolean; terminated: boolean };
        changes: Record<string, { operator: string } | null>;
      }>();
      expect(read.settings).toMatchObject({ registerOTP: false, terminated: false });
      expect(read.changes.registerOTP).toMatchObject({ operator: 'admin' });
      expect(read.changes.terminated).toMatchObject({ operator: 'admin' });
      await t.call('PUT', '/api/operator/settings/registerOTP', {
        token,
        body: { registerOTP: true },
      });
    });
  });

  it('marketing changes content only; cashier and support change nothing', async () => {
    const t = get();
    const marketing = await t.operatorTokenAs('marketing');
    expect(
      (await t.call('GET', '/api/operator/settings/site', { token: marketing })).json(),
    ).toEqual({ message: 'UNAUTHORIZED' });
    for (const [path, body] of [
      ['withdraw', { withdrawMin: 1, withdrawMax: 2 }],
      ['chat', { enableChatWidget: true }],
    ] as const) {
      const r = await put(path, body, 'marketing');
      expect([r.statusCode, r.json()]).toEqual([403, { message: 'UNAUTHORIZED' }]);
    }
    for (const role of ['cashier', 'support'] as const) {
      const token = await t.operatorTokenAs(role);
      const read = await t.call('GET', '/api/operator/settings/content', { token });
      expect(read.statusCode, role).toBe(403);
      const write = await t.call('PUT', '/api/operator/settings/notice', {
        token,
        body: { notice: loc('x', 'y', 'z') },
      });
      expect([write.statusCode, write.json()], role).toEqual([403, { message: 'UNAUTHORIZED' }]);
    }
    const member = await t.login(DEMO_MEMBER.username, DEMO_MEMBER.password);
    const asMember = await t.call('GET', '/api/operator/settings/content', { token: member });
    expect(asMember.statusCode).not.toBe(200);
  });
});
