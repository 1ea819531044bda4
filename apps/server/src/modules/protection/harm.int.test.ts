// Markers of harm (issue 28, decision 0146): for each marker a member who matches and one who
// does not, through the HTTP API (deposits through the one credit path); notes and the
// contacted mark (audited); the thresholds (admin only); the tool counts; T9 (marketing,
// cashier and member tokens refused). Each money test ends with the ledger check.
import { creditTestDeposit } from '../../../test/deposit-support';
import { expect, it } from 'vitest';
import { activate, transfer } from '../../../test/game-support';
import type { TestApp } from '../../../test/helpers';
import { forEachDialect } from '../../../test/helpers';
import { newMember, withdraw } from '../../../test/reliability/money-helpers';
import type { Member } from '../../../test/reliability/money-helpers';
import { ledgerCheck } from '../ledger';

const HOUR = 3_600_000;
const arrive = (t: TestApp, m: Member, satang: number) => creditTestDeposit(t, m.id, satang);

type Entry = {
  memberNo: string;
  markers: { marker: string; figure: number; threshold: number }[];
  contacted: { by: string; at: string } | null;
  needsContact: boolean;
  notes: { by: string; text: string }[];
};
type Page = { rows: Entry[]; total: number; page: number; needsContact: number };
/** A page of the queue (the whole of it unless told: the largest page the server allows). */
const queue = async (t: TestApp, paging = 'pageSize=200') => {
  const res = await t.call('GET', `/api/operator/harm?${paging}`, {
    token: await t.operatorTokenAs('support'),
  });
  expect(res.statusCode).toBe(200);
  return res.json<Page>();
};
const markersOf = async (t: TestApp, m: Member) =>
  ((await queue(t)).rows.find((r) => r.memberNo === m.memberNo)?.markers ?? []).map(
    (x) => x.marker,
  );
const clean = async (t: TestApp) => expect((await ledgerCheck(t.db)).violations).toEqual([]);
const player = (m: Member) => ({ ...m, memberId: m.id, phone: '' });
const DEFAULTS = {
  depositAfterLossMinutes: 30,
  depositAfterLossCount: 2,
  depositsPerDay: 5,
  cancelledWithdrawals: 2,
  longSessionHours: 6,
  lateNightNights: 3,
  limitRaises: 3,
};
const saveSettings = async (t: TestApp, body: unknown, token?: string) =>
  t.call('PUT', '/api/operator/harm/settings', {
    token: token ?? (await t.operatorToken()),
    body,
  });

forEachDialect('markers of harm', (get) => {
  it('deposits soon after a loss: money into a game, then a deposit within the window', async () => {
    const t = get();
    const lost = await newMember(t, 1000);
    const won = await newMember(t, 1000);
    for (const m of [lost, won]) await activate(t, player(m), 'PG');
    for (let i = 0; i < 2; i += 1) {
      expect(
        (await transfer(t, player(lost), { from: 'WALLET', to: 'PG', amount: 100 })).statusCode,
      ).toBe(200);
      t.clock.advance(5 * 60_000);
      await arrive(t, lost, 10_000);
      // The other one got money back before depositing: no loss.
      expect(
        (await transfer(t, player(won), { from: 'WALLET', to: 'PG', amount: 100 })).statusCode,
      ).toBe(200);
      expect(
        (await transfer(t, player(won), { from: 'PG', to: 'WALLET', amount: 50 })).statusCode,
      ).toBe(200);
      await arrive(t, won, 10_000);
    }
    expect(await markersOf(t, lost)).toContain('depositAfterLoss');
    expect(await markersOf(t, won)).not.toContain('depositAfterLoss');
    await clean(t);
  });

  it('many deposits on one day: five match, four do not', async () => {
    const t = get();
    const many = await newMember(t);
    const few = await newMember(t);
    for (let i = 0; i < 5; i += 1) await arrive(t, many, 10_000);
    for (let i = 0; i < 4; i += 1) await arrive(t, few, 10_000);
    const entry = (await queue(t)).rows.find((r) => r.memberNo === many.memberNo);
    expect(entry?.markers).toContainEqual({ marker: 'depositsPerDay', figure: 5, threshold: 5 });
    expect(await markersOf(t, few)).not.toContain('depositsPerDay');
    await clean(t);
  });

  it('cancelled withdrawals: two rejected in 30 days match, one does not', async () => {
    const t = get();
    const cashier = await t.operatorTokenAs('cashier');
    const reject = async (m: Member) => {
      const res = await withdraw(t, m.token, 6000);
      const { reference } = res.json<{ reference: string }>();
      const decided = await t.call('POST', `/api/operator/withdrawals/${reference}`, {
        token: cashier,
        body: { decision: 'reject', reason: 'name does not match' },
      });
      expect(decided.statusCode).toBe(200);
    };
    const twice = await newMember(t, 7000);
    const once = await newMember(t, 7000);
    await reject(twice);
    await reject(twice);
    await reject(once);
    expect(await markersOf(t, twice)).toContain('cancelledWithdrawals');
    expect(await markersOf(t, once)).not.toContain('cancelledWithdrawals');
    await clean(t);
  });

  it('long sessions: a session seen for more than 6 hours matches, a short one does not', async () => {
    const t = get();
    const long = await newMember(t);
    const short = await newMember(t);
    const started = new Date(t.clock.now().getTime() - 7 * HOUR).toISOString();
    // The session began 7 hours before its last use (the member kept it alive).
    await t.db
      .updateTable('sessions')
      .set({ created_at: started })
      .where('member_id', '=', long.id)
      .execute();
    await t.call('GET', '/api/protection', { token: long.token });
    await t.call('GET', '/api/protection', { token: short.token });
    const entry = (await queue(t)).rows.find((r) => r.memberNo === long.memberNo);
    expect(entry?.markers.find((x) => x.marker === 'longSession')?.figure).toBeGreaterThan(6);
    expect(await markersOf(t, short)).not.toContain('longSession');
  });

  it('late-night play (00:00-06:00 Bangkok) on N nights, with the threshold an admin set', async () => {
    const t = get();
    expect((await saveSettings(t, { ...DEFAULTS, lateNightNights: 1 })).statusCode).toBe(200);
    const night = await newMember(t, 1000);
    const day = await newMember(t, 1000);
    for (const m of [night, day]) await activate(t, player(m), 'PG');
    // Move to 01:00 Bangkok (18:00 UTC), then to 10:00 Bangkok for the day player.
    const now = t.clock.now();
    const toUtc18 = ((18 - now.getUTCHours() + 24) % 24) * HOUR - now.getUTCMinutes() * 60_000;
    t.clock.advance(toUtc18 + HOUR);
    expect(
      (await transfer(t, player(night), { from: 'WALLET', to: 'PG', amount: 100 })).statusCode,
    ).toBe(200);
    t.clock.advance(9 * HOUR);
    expect(
      (await transfer(t, player(day), { from: 'WALLET', to: 'PG', amount: 100 })).statusCode,
    ).toBe(200);
    expect(await markersOf(t, night)).toContain('lateNight');
    expect(await markersOf(t, day)).not.toContain('lateNight');
    expect((await saveSettings(t, DEFAULTS)).statusCode).toBe(200);
    await clean(t);
  });

  it('repeated limit raises: three requests in 30 days match, two do not', async () => {
    const t = get();
    const raiser = await newMember(t);
    const calm = await newMember(t);
    const limit = (m: Member, amount: number) =>
      t.call('PUT', '/api/protection/limits', {
        token: m.token,
        body: { kind: 'deposit', period: 'day', amount },
      });
    for (const m of [raiser, calm]) expect((await limit(m, 100)).statusCode).toBe(200);
    for (const amount of [200, 300, 400]) await limit(raiser, amount);
    for (const amount of [200, 300]) await limit(calm, amount);
    expect(await markersOf(t, raiser)).toContain('limitRaises');
    expect(await markersOf(t, calm)).not.toContain('limitRaises');
  });

  it('notes and the contacted mark: audited; the count of members to contact drops', async () => {
    const t = get();
    const m = await newMember(t);
    for (let i = 0; i < 5; i += 1) await arrive(t, m, 10_000);
    const support = await t.operatorTokenAs('support');
    const before = await queue(t);
    expect(before.rows.find((r) => r.memberNo === m.memberNo)?.needsContact).toBe(true);
    const note = await t.call('POST', `/api/operator/harm/${m.memberNo}/notes`, {
      token: support,
      body: { text: 'Called, member is fine' },
    });
    expect(note.statusCode).toBe(200);
    const contacted = await t.call('POST', `/api/operator/harm/${m.memberNo}/contacted`, {
      token: support,
      body: {},
    });
    expect(contacted.statusCode).toBe(200);
    const after = await queue(t);
    const entry = after.rows.find((r) => r.memberNo === m.memberNo)!;
    expect(entry).toMatchObject({ needsContact: false, contacted: { by: 'support' } });
    expect(entry.notes).toEqual([
      expect.objectContaining({ by: 'support', text: 'Called, member is fine' }),
    ]);
    expect(after.needsContact).toBe(before.needsContact - 1);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('target', '=', `member:${m.memberNo}`)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        'POST /api/operator/harm/:memberNo/notes',
        'POST /api/operator/harm/:memberNo/contacted',
      ]),
    );
    // Behaviour after the mark needs contact again.
    t.clock.advance(60_000);
    await arrive(t, m, 10_000);
    expect((await queue(t)).rows.find((r) => r.memberNo === m.memberNo)?.needsContact).toBe(true);
    await clean(t);
  });

  it('the tool counts', async () => {
    const t = get();
    const support = await t.operatorTokenAs('support');
    const read = async () =>
      (await t.call('GET', '/api/operator/harm/tools', { token: support })).json<
        Record<string, number>
      >();
    const before = await read();
    const m = await newMember(t);
    await t.call('PUT', '/api/protection/limits', {
      token: m.token,
      body: { kind: 'loss', period: 'week', amount: 100 },
    });
    await t.call('PUT', '/api/protection/reality-check', { token: m.token, body: { minutes: 30 } });
    await t.call('POST', '/api/protection/time-out', { token: m.token, body: { duration: '24h' } });
    const after = await read();
    expect(after.lossLimit).toBe(before.lossLimit! + 1);
    expect(after.realityCheck).toBe(before.realityCheck! + 1);
    expect(after.timeOut).toBe(before.timeOut! + 1);
    expect(after.depositLimit).toBe(before.depositLimit);
  });

  it('T9: marketing, cashier and members are refused; only an admin changes the thresholds', async () => {
    const t = get();
    const m = await newMember(t);
    const marketing = await t.operatorTokenAs('marketing');
    const cashier = await t.operatorTokenAs('cashier');
    const support = await t.operatorTokenAs('support');
    const calls: [string, string, unknown][] = [
      ['GET', '/api/operator/harm', undefined],
      ['GET', '/api/operator/harm/settings', undefined],
      ['POST', `/api/operator/harm/${m.memberNo}/notes`, { text: 'x' }],
      ['POST', `/api/operator/harm/${m.memberNo}/contacted`, {}],
    ];
    for (const [method, url, body] of calls) {
      for (const token of [marketing, cashier])
        expect((await t.call(method, url, { token, body })).statusCode, `${method} ${url}`).toBe(
          403,
        );
      expect([401, 403]).toContain(
        (await t.call(method, url, { token: m.token, body })).statusCode,
      );
    }
    const tools = '/api/operator/harm/tools';
    expect((await t.call('GET', tools, { token: marketing })).statusCode).toBe(403);
    expect((await t.call('GET', tools, { token: cashier })).statusCode).toBe(200);
    expect([401, 403]).toContain((await t.call('GET', tools, { token: m.token })).statusCode);
    expect((await saveSettings(t, DEFAULTS, support)).statusCode).toBe(403);
    expect((await saveSettings(t, { ...DEFAULTS, depositsPerDay: 1 })).statusCode).toBe(400);
    expect((await saveSettings(t, { ...DEFAULTS, extra: 1 })).statusCode).toBe(400);
  });

  it('pages: every member once across pages in one order, totals of all pages, bad paging refused', async () => {
    const t = get();
    expect((await saveSettings(t, { ...DEFAULTS, limitRaises: 1 })).statusCode).toBe(200);
    const raisers = [await newMember(t), await newMember(t), await newMember(t)];
    for (const m of raisers)
      for (const amount of [100, 200])
        await t.call('PUT', '/api/protection/limits', {
          token: m.token,
          body: { kind: 'loss', period: 'day', amount },
        });
    const support = await t.operatorTokenAs('support');
    const contacted = await t.call('POST', `/api/operator/harm/${raisers[0]!.memberNo}/contacted`, {
      token: support,
      body: {},
    });
    expect(contacted.statusCode).toBe(200);

    const all = await queue(t);
    expect(all.total).toBe(all.rows.length);
    expect(all.total).toBeGreaterThanOrEqual(3);
    const mine = all.rows.filter((r) => raisers.some((m) => m.memberNo === r.memberNo));
    expect(mine).toHaveLength(3);
    // Not contacted first: the contacted raiser comes after every member still to contact.
    const firstDone = all.rows.findIndex((r) => !r.needsContact);
    expect(all.rows.slice(firstDone).every((r) => !r.needsContact)).toBe(true);
    expect(all.needsContact).toBe(firstDone === -1 ? all.total : firstDone);
    expect(all.rows.findIndex((r) => r.memberNo === raisers[0]!.memberNo)).toBeGreaterThanOrEqual(
      firstDone,
    );

    const pages: Page[] = [];
    for (let page = 1; page <= Math.ceil(all.total / 2); page += 1)
      pages.push(await queue(t, `page=${page}&pageSize=2`));
    for (const [i, p] of pages.entries()) {
      expect(p).toMatchObject({ page: i + 1, total: all.total, needsContact: all.needsContact });
      expect(p.rows.length).toBe(i < pages.length - 1 ? 2 : all.total - 2 * i);
    }
    expect(pages.flatMap((p) => p.rows.map((r) => r.memberNo))).toEqual(
      all.rows.map((r) => r.memberNo),
    );
    const beyond = await queue(t, `page=${pages.length + 1}&pageSize=2`);
    expect(beyond).toMatchObject({ rows: [], total: all.total, page: pages.length + 1 });
    const defaults = await queue(t, '');
    expect(defaults.page).toBe(1);
    expect(defaults.rows.length).toBe(Math.min(50, all.total));

    // The server limits the page size; bad paging is a catalogue error.
    for (const bad of [
      'pageSize=201',
      'pageSize=0',
      'page=0',
      'page=-1',
      'page=x',
      'pageSize=1.5',
    ]) {
      const res = await t.call('GET', `/api/operator/harm?${bad}`, { token: support });
      expect([res.statusCode, res.json()], bad).toEqual([400, { message: 'KEY_INVALID' }]);
    }
    expect((await saveSettings(t, DEFAULTS)).statusCode).toBe(200);
    await clean(t);
  });
});
