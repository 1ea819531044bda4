// The home's banner carousel and announcement line (issue 26, decision 0134): members read
// what is on now in their language; marketing and admin replace them (audited, shown at the
// next read), every text stored as plain text through the one sanitiser; members, cashiers
// and support are refused; a slide shows only inside its window.
import { afterEach, expect, it, vi } from 'vitest';
import { DEMO_MEMBER, demoSettings } from '../../seed';
import { forEachDialect, type TestApp } from '../../../test/helpers';
import { sanitizePlainText } from '../../lib/sanitize-html';

const loc = (th: string, la: string, en: string) => ({ th, la, en });
const art = (name: string) =>
  loc(
    `/api/promotions/art/home-${name}-th.jpg`,
    `/api/promotions/art/home-${name}-la.jpg`,
    `/api/promotions/art/home-${name}-en.jpg`,
  );
const slide = (overrides: Record<string, unknown> = {}) => ({
  image: art('welcome'),
  alt: loc('โบนัสต้อนรับ', 'ໂບນັດຕ້ອນຮັບ', 'Welcome bonus'),
  link: '/user/bonus',
  active: true,
  startsAt: null,
  endsAt: null,
  ...overrides,
});

type Promotions = {
  banners: { image: string; alt: string; link: string | null }[];
  announcement: string | null;
};

async function lastAudit(t: TestApp, target: string) {
  return t.db
    .selectFrom('audit_log')
    .selectAll()
    .where('target', '=', target)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

forEachDialect('home promotions', (get) => {
  let member = '';
  const promotions = async (lang = 'th') => {
    const t = get();
    member ||= await t.login(DEMO_MEMBER.username, DEMO_MEMBER.password);
    const res = await t.call('GET', '/api/home/promotions', {
      token: member,
      headers: { 'accept-language': lang },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Promotions>();
  };
  const put = async (
    path: 'banners' | 'announcement',
    body: unknown,
    role: 'admin' | 'marketing' = 'marketing',
  ) =>
    get().call('PUT', `/api/operator/settings/${path}`, {
      token: await get().operatorTokenAs(role),
      body,
    });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers a member the seeded slides and line in th, la and en; no one else', async () => {
    const th = await promotions('th');
    expect(th.banners).toHaveLength(3);
    expect(th.banners.map((b) => [b.image, b.link])).toEqual([
      ['/api/promotions/art/home-welcome-th.jpg', '/user/bonus'],
      ['/api/promotions/art/home-spin-th.jpg', '/user/spin'],
      ['/api/promotions/art/home-cashback-th.jpg', null],
    ]);
    expect(th.banners[0]!.alt).toMatch(/^โบนัสต้อนรับ 100%/);
    expect(th.announcement).toMatch(/^ยินดีต้อนรับสู่ Royal Wallet/);
    const la = await promotions('la');
    expect(la.banners.map((b) => b.image)).toEqual([
      '/api/promotions/art/home-welcome-la.jpg',
      '/api/promotions/art/home-spin-la.jpg',
      '/api/promotions/art/home-cashback-la.jpg',
    ]);
    expect(la.banners[1]!.alt).toMatch(/\p{Script=Lao}/u);
    expect(la.announcement).toMatch(/^ຍິນດີຕ້ອນຮັບສູ່/);
    const en = await promotions('en');
    expect(en.banners[2]!.alt).toBe('5% cashback every week, to claim from Monday for 7 days');
    expect(en.announcement).toMatch(/^Welcome to Royal Wallet/);

    // The seeded texts are plain text already: the sanitiser would store them as they are.
    const seeded = demoSettings.announcement!.text;
    for (const lang of ['th', 'la', 'en'] as const)
      expect(await sanitizePlainText(seeded[lang])).toBe(seeded[lang]);

    // Members only: no one signed out, and not with an operator's token.
    const t = get();
    const anonymous = await t.call('GET', '/api/home/promotions');
    expect([anonymous.statusCode, anonymous.json()]).toEqual([401, { message: 'UNAUTHORIZED' }]);
    const asOperator = await t.call('GET', '/api/home/promotions', {
      token: await t.operatorTokenAs('marketing'),
    });
    expect(asOperator.statusCode).toBe(403);
    // The stock slides are served as pictures to anyone (an <img> sends no header).
    const picture = await t.app.inject({ url: '/api/promotions/art/home-spin-la.jpg' });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toMatch(/^image\//);
  });

  it('marketing replaces the slides in order: shown at the next read, audited', async () => {
    const t = get();
    // Time stands still: the cached settings never expire, so only the write's clearing of
    // the cache can show the change (decision 0093).
    vi.useFakeTimers({ toFake: ['Date'] });
    const before = await promotions('en');
    const banners = [
      slide({
        image: art('spin'),
        alt: loc('วงล้อ', 'ວົງລໍ້', 'Wheel'),
        link: 'https://promo.example/spin?x=1',
      }),
      slide({ link: null }),
    ];
    const res = await put('banners', { banners });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ banners });
    expect((await promotions('en')).banners).toEqual([
      {
        image: '/api/promotions/art/home-spin-en.jpg',
        alt: 'Wheel',
        link: 'https://promo.example/spin?x=1',
      },
      { image: '/api/promotions/art/home-welcome-en.jpg', alt: 'Welcome bonus', link: null },
    ]);
    vi.useRealTimers();

    const row = await lastAudit(t, 'setting:homeBanners');
    expect(row).toMatchObject({
      action: 'PUT /api/operator/settings/banners',
      operator_username: 'marketing',
      role: 'marketing',
      outcome: 'ok',
    });
    expect(JSON.parse(row!.before_json!).banners).toHaveLength(before.banners.length);
    expect(JSON.parse(row!.after_json!)).toEqual({ banners });

    // The console's read: both settings, with who changed them and when.
    const read = await t.call('GET', '/api/operator/settings/home', {
      token: await t.operatorTokenAs('marketing'),
    });
    expect(read.statusCode).toBe(200);
    const body = read.json<{
      banners: unknown[];
      announcement: { enabled: boolean };
      changes: { banners: { operator: string; at: string } | null };
    }>();
    expect(body.banners).toEqual(banners);
    expect(body.changes.banners).toEqual({ operator: 'marketing', at: row!.at });
  });

  it('the announcement: on in every language, off, or empty in one', async () => {
    const t = get();
    const res = await put(
      'announcement',
      { enabled: true, text: loc('ข่าวดี ฝากถอน 24 ชม.', '', 'Good news') },
      'admin',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await promotions('th')).announcement).toBe('ข่าวดี ฝากถอน 24 ชม.');
    expect((await promotions('la')).announcement).toBeNull();
    expect((await promotions('en')).announcement).toBe('Good news');
    const row = await lastAudit(t, 'setting:announcement');
    expect(row).toMatchObject({ operator_username: 'admin', outcome: 'ok' });
    expect(JSON.parse(row!.after_json!)).toEqual({
      enabled: true,
      text: loc('ข่าวดี ฝากถอน 24 ชม.', '', 'Good news'),
    });
    const off = await put('announcement', { enabled: false, text: loc('ปิด', 'ປິດ', 'Off') });
    expect(off.statusCode).toBe(200);
    expect((await promotions('th')).announcement).toBeNull();
    expect((await promotions('en')).announcement).toBeNull();
  });

  it('stores every text as plain text: markup, scripts and direction tricks removed', async () => {
    const dirty =
      '<b onclick="steal()">Big</b> <script>alert(1)</script><img src=x onerror="alert(2)">' +
      '&amp; <a href="javascript:alert(3)">win</a>\u202E\n\t now <iframe src="//evil"></iframe>';
    const res = await put('announcement', { enabled: true, text: loc(dirty, dirty, dirty) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      enabled: true,
      text: loc('Big & win now', 'Big & win now', 'Big & win now'),
    });
    expect((await promotions('la')).announcement).toBe('Big & win now');

    const banners = await put('banners', {
      banners: [slide({ alt: loc('<i>โบนัส</i> <style>x{}</style>ใหม่', 'ໂບນັດ', 'a < b & "c"') })],
    });
    expect(banners.statusCode, banners.body).toBe(200);
    expect((await promotions('th')).banners[0]!.alt).toBe('โบนัส ใหม่');
    expect((await promotions('en')).banners[0]!.alt).toBe('a < b & "c"');

    // An alternative text that was only markup is refused, not stored without one.
    const before = await promotions('th');
    const empty = await put('banners', {
      banners: [slide({ alt: loc('<script>alert(1)</script>', 'ໂບນັດ', 'Bonus') })],
    });
    expect([empty.statusCode, empty.json()]).toEqual([400, { message: 'KEY_INVALID' }]);
    expect(await promotions('th')).toEqual(before);
  });

  it('refuses bad images, links, windows and counts, and changes nothing', async () => {
    const before = await promotions('th');
    const many = Array.from({ length: 11 }, () => slide());
    const cases: [unknown, string][] = [
      [[slide({ image: art('x'), link: 'javascript:alert(1)' })], 'KEY_INVALID'],
      [[slide({ link: 'http://plain.example' })], 'KEY_INVALID'],
      [[slide({ link: '/user/elsewhere' })], 'KEY_INVALID'],
      [[slide({ link: '//evil.example' })], 'KEY_INVALID'],
      [[slide({ image: loc('javascript:alert(1)', '', '') })], 'KEY_INVALID'],
      [[slide({ image: loc('//evil.example/a.jpg', '', '') })], 'KEY_INVALID'],
      [[slide({ image: loc('http://plain.example/a.jpg', '', '') })], 'KEY_INVALID'],
      [[slide({ image: loc('', '', '') })], 'KEY_INVALID'],
      [[slide({ alt: loc('ok', '', 'ok') })], 'KEY_INVALID'],
      [[slide({ alt: loc('a'.repeat(151), 'b', 'c') })], 'KEY_INVALID'],
      [
        [slide({ startsAt: '2030-01-02T00:00:00.000Z', endsAt: '2030-01-01T00:00:00.000Z' })],
        'KEY_INVALID',
      ],
      [[slide({ startsAt: 'tomorrow' })], 'KEY_INVALID'],
      [[slide({ extra: 1 })], 'KEY_INVALID'],
      [[{ ...slide(), active: undefined }], 'KEY_MISSING'],
      [many, 'KEY_INVALID'],
    ];
    for (const [banners, code] of cases) {
      const res = await put('banners', { banners });
      expect([res.statusCode, res.json()], JSON.stringify(banners).slice(0, 200)).toEqual([
        400,
        { message: code },
      ]);
    }
    for (const [body, code] of [
      [{ enabled: true, text: loc('', ' ', '') }, 'KEY_INVALID'],
      [{ enabled: true, text: loc('a'.repeat(501), '', '') }, 'KEY_INVALID'],
      [{ enabled: 'yes', text: loc('a', 'b', 'c') }, 'KEY_INVALID'],
      [{ text: loc('a', 'b', 'c') }, 'KEY_MISSING'],
    ] as const) {
      const res = await put('announcement', body);
      expect([res.statusCode, res.json()], JSON.stringify(body)).toEqual([400, { message: code }]);
    }
    expect(await promotions('th')).toEqual(before);
  });

  it('shows a slide only while it is on and inside its window, and where it has a picture', async () => {
    const t = get();
    const now = t.clock.now().getTime();
    const at = (ms: number) => new Date(now + ms).toISOString();
    const hour = 3_600_000;
    const res = await put('banners', {
      banners: [
        slide({ alt: loc('always', 'always', 'always') }),
        slide({ alt: loc('later', 'later', 'later'), startsAt: at(hour) }),
        slide({ alt: loc('ending', 'ending', 'ending'), endsAt: at(2 * hour) }),
        slide({ alt: loc('off', 'off', 'off'), active: false }),
        slide({
          image: { ...art('spin'), la: '' },
          alt: loc('no lao', '', 'no lao'),
          startsAt: at(-hour),
          endsAt: at(3 * hour),
        }),
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const alts = async (lang = 'en') => (await promotions(lang)).banners.map((b) => b.alt);
    expect(await alts()).toEqual(['always', 'ending', 'no lao']);
    expect(await alts('la')).toEqual(['always', 'ending']);
    t.clock.advance(hour);
    // Its start is included.
    expect(await alts()).toEqual(['always', 'later', 'ending', 'no lao']);
    t.clock.advance(hour);
    // Its end is not.
    expect(await alts()).toEqual(['always', 'later', 'no lao']);
    t.clock.advance(hour + 1);
    expect(await alts()).toEqual(['always', 'later']);
  });

  it('refuses members, cashiers and support on the operator calls (T9)', async () => {
    const t = get();
    const memberToken = await t.login(DEMO_MEMBER.username, DEMO_MEMBER.password);
    const calls = [
      ['GET', '/api/operator/settings/home', undefined],
      ['PUT', '/api/operator/settings/banners', { banners: [slide()] }],
      ['PUT', '/api/operator/settings/announcement', { enabled: false, text: loc('a', 'b', 'c') }],
    ] as const;
    const before = await promotions('th');
    for (const [method, url, body] of calls) {
      for (const token of [
        memberToken,
        await t.operatorTokenAs('cashier'),
        await t.operatorTokenAs('support'),
      ]) {
        const res = await t.call(method, url, { token, ...(body ? { body } : {}) });
        expect([res.statusCode, res.json()], `${method} ${url}`).toEqual([
          403,
          { message: 'UNAUTHORIZED' },
        ]);
      }
      const anonymous = await t.call(method, url, body ? { body } : {});
      expect(anonymous.statusCode).toBe(401);
    }
    expect(await promotions('th')).toEqual(before);
    // The refusals to operators are in the audit log like every other operator write.
    const refused = await t.db
      .selectFrom('audit_log')
      .select(['role', 'outcome'])
      .where('action', '=', 'PUT /api/operator/settings/banners')
      .where('role', 'in', ['cashier', 'support'])
      .execute();
    expect(refused.map((r) => r.outcome)).toEqual(['UNAUTHORIZED', 'UNAUTHORIZED']);
  });
});
