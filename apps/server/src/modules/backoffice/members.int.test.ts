// The members section of the operator console (issue 13, decision 0088), on SQLite and
// PostgreSQL: search by each key and paging, the member page with live game balances, every
// tab, the actions with their audit rows, the roles, and one member's data never on another's
// page.
import { randomBytes } from 'node:crypto';
import type { MemberPage } from '@wallet/contract';
import { expect, it } from 'vitest';
import { activate, newMember } from '../../../test/game-support';
import type { Member } from '../../../test/game-support';
import { createQr } from '../../../test/deposit-support';
import { heldSlip } from '../../../test/slip-review-support';
import { withdraw } from '../../../test/reliability/money-helpers';
import type { TestApp } from '../../../test/helpers';
import { forEachDialect } from '../../../test/helpers';

const base = '/api/operator/members';
const tag = () => randomBytes(4).toString('hex');

interface Page<R = Record<string, unknown>> {
  rows: R[];
  total: number;
  page: number;
}

async function named(t: TestApp, name: string, fundBaht = 0): Promise<Member> {
  const m = await newMember(t, fundBaht);
  await t.db.updateTable('members').set({ name }).where('id', '=', m.memberId).execute();
  return m;
}

async function bankNo(t: TestApp, m: Member): Promise<string> {
  const row = await t.db
    .selectFrom('members')
    .select('bank_account_no')
    .where('id', '=', m.memberId)
    .executeTakeFirstOrThrow();
  return row.bank_account_no;
}

async function get<R = Page>(t: TestApp, url: string, token?: string): Promise<R> {
  const res = await t.call('GET', url, { token: token ?? (await t.operatorToken()) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<R>();
}

function lastAudit(t: TestApp, action: string) {
  return t.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

forEachDialect('operator members', (getApp) => {
  it('finds a member by phone, name (any case), member number and bank account digits', async () => {
    const t = getApp();
    const word = `Zq${tag()}`;
    const m = await named(t, `${word} Srisuk`, 12.5);
    const other = await named(t, `Other ${tag()}`);
    const account = await bankNo(t, m);
    const search = (q: string) => get<Page>(t, `${base}?q=${encodeURIComponent(q)}`);

    const expected = {
      memberNo: m.memberNo,
      phone: m.phone,
      name: `${word} Srisuk`,
      bankCode: 'SCB',
      bankAccountNo: account,
      status: 'active',
      balance: 12.5,
    };
    for (const q of [
      m.phone,
      m.phone.slice(3),
      word.toLowerCase(),
      word.toUpperCase(),
      m.memberNo,
      account,
      // Contained digits, typed with a dash: the account matches by its digits.
      `${account.slice(2, 5)}-${account.slice(5)}`,
    ]) {
      const found = await search(q);
      expect(
        found.rows.map((r) => r.memberNo),
        q,
      ).toContain(m.memberNo);
      // A member number is matched exactly and listed first; its digits may also appear in
      // someone else's phone or account (found too, by design), so only the order is checked.
      if (q === m.memberNo) expect(found.rows[0]?.memberNo, q).toBe(m.memberNo);
      else
        expect(
          found.rows.map((r) => r.memberNo),
          q,
        ).not.toContain(other.memberNo);
      expect(
        found.rows.find((r) => r.memberNo === m.memberNo),
        q,
      ).toMatchObject(expected);
    }
    // Letters only: four digits or more would also search the account numbers.
    expect((await search(`nobody-${tag().replace(/\d/g, 'x')}`)).rows).toEqual([]);
    // LIKE wildcards are taken literally.
    expect((await search('%')).rows).toEqual([]);
  });

  it('lists members newest first, a page at a time', async () => {
    const t = getApp();
    const word = `Pg${tag()}`;
    const first = await named(t, `${word} One`);
    t.clock.advance(1_000);
    const second = await named(t, `${word} Two`);
    t.clock.advance(1_000);
    const third = await named(t, `${word} Three`);
    const all = await get<Page>(t, `${base}?q=${word}`);
    expect(all).toMatchObject({ total: 3, page: 1 });
    expect(all.rows.map((r) => r.memberNo)).toEqual([
      third.memberNo,
      second.memberNo,
      first.memberNo,
    ]);
    const page2 = await get<Page>(t, `${base}?q=${word}&page=2&pageSize=2`);
    expect(page2).toMatchObject({ total: 3, page: 2 });
    expect(page2.rows.map((r) => r.memberNo)).toEqual([first.memberNo]);
    const bad = await t.call('GET', `${base}?pageSize=500`, { token: await t.operatorToken() });
    expect([bad.statusCode, bad.json()]).toEqual([400, { message: 'KEY_INVALID' }]);
  });

  it('shows the member page: profile, wallet, live game balances (a failing provider is unavailable), counts', async () => {
    const t = getApp();
    const inviter = await named(t, `Inviter ${tag()}`);
    const m = await named(t, `Page ${tag()}`, 100);
    await t.db
      .updateTable('members')
      .set({ invited_by: inviter.memberId })
      .where('id', '=', m.memberId)
      .execute();
    await activate(t, m, 'PG');
    await activate(t, m, 'JOKER');
    t.games.failByCode.JOKER = { balance: 'unknown' };
    try {
      const page = await get<MemberPage>(t, `${base}/${m.memberNo}`);
      expect(page.profile).toMatchObject({
        memberNo: m.memberNo,
        phone: m.phone,
        status: 'active',
        currency: 'BAHT',
        bank: { code: 'SCB', accountNo: await bankNo(t, m) },
        invitedBy: { memberNo: inviter.memberNo },
      });
      expect(page.wallet).toEqual({ balance: 100, holds: [], heldTotal: 0 });
      const games = Object.fromEntries(page.games.map((g) => [g.code, g]));
      expect(games.PG).toMatchObject({ status: 'ok', balance: 0 });
      expect(games.JOKER).toMatchObject({ status: 'unavailable', balance: null });
      expect(page.counts).toMatchObject({ deposits: 0, withdrawals: 0, activeSessions: 1 });
      const inviterPage = await get<MemberPage>(t, `${base}/${inviter.memberNo}`);
      expect(inviterPage.counts.invitees).toBe(1);
    } finally {
      delete t.games.failByCode.JOKER;
    }
    const missing = await t.call('GET', `${base}/99999999`, { token: await t.operatorToken() });
    expect([missing.statusCode, missing.json()]).toEqual([404, { message: 'NO_USER' }]);
  });

  it("shows each tab with the member's own rows only", async () => {
    const t = getApp();
    const m = await named(t, `Tabs ${tag()}`, 500);
    const other = await named(t, `Else ${tag()}`, 300);
    for (const who of [m, other]) {
      expect((await createQr(t, who.token, 'KBANK', 50)).statusCode).toBe(200);
      const w = await withdraw(t, who.token, 150, undefined, '/api/wallet/withdraw');
      expect(w.statusCode, w.body).toBe(200);
    }
    const token = await t.operatorToken();
    await t.call('POST', `${base}/${other.memberNo}/notes`, {
      token,
      body: { text: 'the other member' },
    });
    const tabs = async (member: Member) => ({
      ledger: await get(t, `${base}/${member.memberNo}/ledger`),
      statement: await get(t, `${base}/${member.memberNo}/statement`),
      deposits: await get(t, `${base}/${member.memberNo}/deposits`),
      withdrawals: await get(t, `${base}/${member.memberNo}/withdrawals`),
      slips: await get(t, `${base}/${member.memberNo}/slips`),
      bonuses: await get(t, `${base}/${member.memberNo}/bonuses`),
      sessions: await get(t, `${base}/${member.memberNo}/sessions`),
      notes: await get(t, `${base}/${member.memberNo}/notes`),
      bankChanges: await get(t, `${base}/${member.memberNo}/bank-changes`),
    });
    const mine = await tabs(m);
    const theirs = await tabs(other);

    // The ledger: the adjustment in, the withdrawal's hold out of cash (newest first).
    expect(mine.ledger.rows.at(-1)).toMatchObject({
      event: 'adjustment_credit',
      account: 'cash',
      amount: 500,
      balanceAfter: 500,
    });
    expect(mine.ledger.rows.some((r) => r.amount === -150)).toBe(true);
    // The statement: exactly what the member sees.
    const own = await t.call('POST', '/api/statement', {
      token: m.token,
      body: { page: 1, limit: 50 },
    });
    expect(mine.statement.rows).toEqual(own.json<{ statements: unknown[] }>().statements);
    expect(mine.deposits).toMatchObject({ total: 1, rows: [{ kind: 'qr', amount: 50 }] });
    expect(mine.withdrawals).toMatchObject({ total: 1, rows: [{ amount: 150 }] });
    expect(mine.slips.total).toBe(0);
    expect(mine.bonuses.total).toBe(0);
    expect(mine.sessions.total).toBe(1);
    expect(mine.notes.total).toBe(0);

    // Nothing of one member's shows on the other's page.
    const refs = (tabSet: Awaited<ReturnType<typeof tabs>>) =>
      new Set(
        Object.values(tabSet).flatMap((p) =>
          p.rows.map((r) => JSON.stringify(r.reference ?? r._id ?? r.externalRef ?? r.id)),
        ),
      );
    const theirRefs = [...refs(theirs)].filter((r) => r !== 'null' && r !== undefined);
    const myRefs = refs(mine);
    for (const ref of theirRefs.filter((r) => !/^\d+$/.test(r)))
      expect(myRefs.has(ref)).toBe(false);
    expect(theirs.notes.rows).toMatchObject([{ text: 'the other member' }]);
    const myEntries = new Set(mine.ledger.rows.map((r) => r.entryId));
    for (const row of theirs.ledger.rows) expect(myEntries.has(row.entryId)).toBe(false);
  });

  it("pages each tab from its module's list: deposits of three kinds merged by time, kind and id", async () => {
    const t = getApp();
    const m = await heldSlip(t);
    await t.fund(m.memberNo, 500);
    t.clock.advance(1_000);
    const refs: string[] = [];
    for (const amount of [50, 60]) {
      const qr = await createQr(t, m.token, 'KBANK', amount);
      expect(qr.statusCode, qr.body).toBe(200);
      const row = await t.db
        .selectFrom('qr_deposits')
        .select(['ref', 'created_at'])
        .where('member_id', '=', m.memberId)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      refs.push(row.ref);
      t.clock.advance(1_000);
    }
    const [qr1, qr2] = refs;
    const { created_at: qrAt } = await t.db
      .selectFrom('qr_deposits')
      .select('created_at')
      .where('ref', '=', qr1!)
      .executeTakeFirstOrThrow();
    const w = await withdraw(t, m.token, 150, undefined, '/api/wallet/withdraw');
    expect(w.statusCode, w.body).toBe(200);
    const tx = await t.db
      .selectFrom('ledger_transactions')
      .select('id')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    // Gift links at the first QR's time (ties broken by kind, then newest id) and one older.
    const gifts = [
      ['CREDITED', 'timeout once', qrAt],
      ['FAILED', 'LINK_USED', '2020-01-01T00:00:00.000Z'],
      ['PENDING', null, qrAt],
    ] as const;
    for (const [i, [status, lastError, at]] of gifts.entries()) {
      await t.db
        .insertInto('gift_redemptions')
        .values({
          ref: `GT${m.memberId}x${i}`,
          hash: `hash-${m.memberId}-${i}`,
          member_id: m.memberId,
          amount: 1000 * (i + 1),
          currency: 'BAHT',
          owner_mobile: '0800000000',
          idempotency_key: `key-${m.memberId}-${i}`,
          status,
          ledger_tx_id: status === 'CREDITED' ? tx.id : null,
          last_error: lastError,
          next_attempt_at: null,
          created_at: at,
          updated_at: at,
          credited_at: status === 'CREDITED' ? at : null,
        })
        .execute();
    }
    for (const k of [1, 2, 3]) {
      await t.db
        .insertInto('promotion_grants')
        .values({
          member_id: m.memberId,
          kind: 'bonus',
          source_code: k === 2 ? null : `B${k}`,
          name_json: k === 3 ? 'not json' : JSON.stringify({ th: `ชื่อ${k}`, en: `Name${k}` }),
          currency: 'BAHT',
          credited: 100 * k,
          base: 100,
          required: 1000 * k,
          weights_json: '{}',
          percent_fail: 0,
          deposit_ref: null,
          ledger_tx_id: null,
          status: k === 1 ? 'open' : 'met',
          started_at: k === 3 ? '2021-01-01T00:00:00.000Z' : qrAt,
          ended_at: null,
          updated_at: qrAt,
        })
        .execute();
      await t.db
        .insertInto('member_account_name_changes')
        .values({
          member_id: m.memberId,
          old_name: `old ${k}`,
          new_name: `new ${k}`,
          created_at: k === 2 ? '2020-06-01T00:00:00.000Z' : qrAt,
        })
        .execute();
    }
    const url = (tab: string, page: number, pageSize: number) =>
      `${base}/${m.memberNo}/${tab}?page=${page}&pageSize=${pageSize}`;

    const first = await get<Page>(t, url('deposits', 1, 4));
    const second = await get<Page>(t, url('deposits', 2, 4));
    expect([first.total, second.total, second.page]).toEqual([6, 6, 2]);
    expect([...first.rows, ...second.rows].map((r) => [r.kind, r.reference])).toEqual([
      ['qr', qr2],
      ['gift_link', `GT${m.memberId}x2`],
      ['gift_link', `GT${m.memberId}x0`],
      ['qr', qr1],
      ['slip', m.ref],
      ['gift_link', `GT${m.memberId}x1`],
    ]);
    expect(first.rows[2]).toEqual({
      kind: 'gift_link',
      reference: `GT${m.memberId}x0`,
      channel: null,
      amount: 10,
      status: 'CREDITED',
      detail: 'timeout once',
      createdAt: qrAt,
      settledAt: qrAt,
    });
    expect(first.rows[3]).toMatchObject({ channel: 'KBANK', amount: 50, settledAt: null });
    expect(second.rows[0]).toMatchObject({ status: 'processing', amount: 250 });
    expect(second.rows[0]!.detail).toEqual(expect.any(String));

    const slips = await get<Page>(t, url('slips', 1, 10));
    expect(slips).toMatchObject({ total: 1, rows: [{ reference: m.ref, status: 'processing' }] });
    const withdrawals = await get<Page>(t, url('withdrawals', 1, 10));
    expect(withdrawals).toMatchObject({ total: 1, rows: [{ amount: 150, bankCode: 'SCB' }] });
    expect(Object.keys(withdrawals.rows[0]!).sort()).toEqual(
      [
        'reference',
        'amount',
        'status',
        'reviewReason',
        'bankCode',
        'bankAccountNo',
        'decidedBy',
        'lastError',
        'createdAt',
        'settledAt',
      ].sort(),
    );

    const bonuses = await get<Page>(t, url('bonuses', 1, 2));
    expect(bonuses.total).toBe(3);
    expect(bonuses.rows).toMatchObject([
      { code: null, name: { th: 'ชื่อ2', la: 'ชื่อ2', en: 'Name2' }, credited: 2, required: 20 },
      { code: 'B1', status: 'open', credited: 1 },
    ]);
    expect((await get<Page>(t, url('bonuses', 2, 2))).rows).toMatchObject([
      { name: { th: 'not json', la: 'not json', en: 'not json' }, endedAt: null },
    ]);

    const names = await get<Page>(t, url('bank-changes', 1, 2));
    expect(names.total).toBe(3);
    expect(names.rows.map((r) => (r.after as { accountName: string }).accountName)).toEqual([
      'new 3',
      'new 1',
    ]);
    expect((await get<Page>(t, url('bank-changes', 2, 2))).rows).toMatchObject([
      { kind: 'account_name', operator: null, after: { accountName: 'new 2' } },
    ]);

    const page = await get<MemberPage>(t, `${base}/${m.memberNo}`);
    expect(page.counts).toEqual({
      deposits: 6,
      withdrawals: 1,
      slips: 1,
      bonuses: 3,
      activeSessions: 1,
      notes: 0,
      invitees: 0,
    });
    // The withdrawal was paid: its hold account is back to nothing.
    expect(page.wallet).toEqual({
      balance: 350,
      holds: [{ purpose: 'withdraw', amount: 0 }],
      heldTotal: 0,
    });
  });

  it('adds notes (support too), newest first, with the operator; audited', async () => {
    const t = getApp();
    const m = await named(t, `Notes ${tag()}`);
    const support = await t.operatorTokenAs('support');
    const add = await t.call('POST', `${base}/${m.memberNo}/notes`, {
      token: support,
      body: { text: 'called about a deposit' },
    });
    expect(add.statusCode, add.body).toBe(200);
    expect(add.json()).toMatchObject({ operator: 'support', text: 'called about a deposit' });
    await t.call('POST', `${base}/${m.memberNo}/notes`, {
      token: await t.operatorTokenAs('cashier'),
      body: { text: '  checked the slip  ' },
    });
    const notes = await get<Page>(t, `${base}/${m.memberNo}/notes`, support);
    expect(notes.rows).toMatchObject([
      { operator: 'cashier', text: 'checked the slip' },
      { operator: 'support', text: 'called about a deposit' },
    ]);
    const empty = await t.call('POST', `${base}/${m.memberNo}/notes`, {
      token: support,
      body: { text: '   ' },
    });
    expect([empty.statusCode, empty.json()]).toEqual([400, { message: 'KEY_INVALID' }]);
    const ok = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', `POST ${base}/:memberNo/notes`)
      .where('operator_username', '=', 'support')
      .where('outcome', '=', 'ok')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(ok.after_json!)).toMatchObject({ text: 'called about a deposit' });
  });

  it('lets support read but refuses every change but notes, and writes the refusals', async () => {
    const t = getApp();
    const m = await named(t, `Ro ${tag()}`);
    const support = await t.operatorTokenAs('support');
    await get(t, `${base}?q=${m.memberNo}`, support);
    await get(t, `${base}/${m.memberNo}`, support);
    const sessions = await get<Page<{ id: number }>>(t, `${base}/${m.memberNo}/sessions`, support);
    for (const [path, body] of [
      [`${base}/${m.memberNo}/deactivate`, { reason: 'x' }],
      [`${base}/${m.memberNo}/reactivate`, { reason: 'x' }],
      [`${base}/${m.memberNo}/reset-password`, { reason: 'x' }],
      [`${base}/${m.memberNo}/sessions/${sessions.rows[0]!.id}/revoke`, undefined],
    ] as const) {
      const res = await t.call('POST', path, { token: support, body });
      expect([res.statusCode, res.json(), path]).toEqual([403, { message: 'UNAUTHORIZED' }, path]);
    }
    const bank = await t.call('PUT', `/api/operator/members/${m.memberNo}/bank`, {
      token: support,
      body: { bankCode: 'SCB', bankAccountName: 'X', bankAccountNo: '1234567890', reason: 'x' },
    });
    expect(bank.statusCode).toBe(403);
    // Nothing changed: the member still signs in and the session still works.
    const me = await t.call('GET', '/api/account/profile', { token: m.token });
    expect(me.statusCode).toBe(200);
    expect(await lastAudit(t, `POST ${base}/:memberNo/deactivate`)).toMatchObject({
      operator_username: 'support',
      outcome: 'UNAUTHORIZED',
    });
    // Marketing reads nothing here.
    const marketing = await t.call('GET', `${base}/${m.memberNo}`, {
      token: await t.operatorTokenAs('marketing'),
    });
    expect(marketing.statusCode).toBe(403);
  });

  it("revokes one session of the member's, never another member's", async () => {
    const t = getApp();
    const m = await named(t, `Sess ${tag()}`);
    const other = await named(t, `Sess2 ${tag()}`);
    const second = await t.login(m.phone, 'password123');
    const cashier = await t.operatorTokenAs('cashier');
    const list = await get<Page<{ id: number }>>(t, `${base}/${m.memberNo}/sessions`, cashier);
    expect(list.total).toBe(2);
    const [newest] = list.rows;
    const theirs = await get<Page<{ id: number }>>(t, `${base}/${other.memberNo}/sessions`);
    // Another member's session id through this member's page: refused, nothing revoked.
    const cross = await t.call(
      'POST',
      `${base}/${m.memberNo}/sessions/${theirs.rows[0]!.id}/revoke`,
      { token: cashier },
    );
    expect([cross.statusCode, cross.json()]).toEqual([404, { message: 'NO_DATA' }]);
    expect((await t.call('GET', '/api/account/profile', { token: other.token })).statusCode).toBe(
      200,
    );
    const res = await t.call('POST', `${base}/${m.memberNo}/sessions/${newest!.id}/revoke`, {
      token: cashier,
    });
    expect([res.statusCode, res.json()]).toEqual([200, { message: 'SUCCESS' }]);
    expect((await t.call('GET', '/api/account/profile', { token: second })).statusCode).toBe(401);
    expect((await t.call('GET', '/api/account/profile', { token: m.token })).statusCode).toBe(200);
    const row = await lastAudit(t, `POST ${base}/:memberNo/sessions/:sessionId/revoke`);
    expect(row).toMatchObject({ target: `member:${m.memberNo}`, outcome: 'ok' });
    expect(JSON.parse(row.after_json!)).toEqual({ sessionId: newest!.id, revoked: true });
    expect((await get(t, `${base}/${m.memberNo}/sessions`)).total).toBe(1);
  });

  it('deactivates (reason required, sessions ended) and reactivates, audited before and after', async () => {
    const t = getApp();
    const m = await named(t, `Deact ${tag()}`);
    const cashier = await t.operatorTokenAs('cashier');
    const noReason = await t.call('POST', `${base}/${m.memberNo}/deactivate`, {
      token: cashier,
      body: {},
    });
    expect([noReason.statusCode, noReason.json()]).toEqual([400, { message: 'KEY_MISSING' }]);
    const off = await t.call('POST', `${base}/${m.memberNo}/deactivate`, {
      token: cashier,
      body: { reason: 'fraud report #12' },
    });
    expect([off.statusCode, off.json()]).toEqual([200, { status: 'inactive', revokedSessions: 1 }]);
    expect((await t.call('GET', '/api/account/profile', { token: m.token })).statusCode).toBe(401);
    const login = await t.call('POST', '/api/login', {
      body: { username: m.phone, password: 'password123' },
    });
    expect(login.json()).toEqual({ message: 'INACTIVE_USER' });
    const row = await lastAudit(t, `POST ${base}/:memberNo/deactivate`);
    expect(row).toMatchObject({ operator_username: 'cashier', outcome: 'ok' });
    expect(JSON.parse(row.before_json!)).toEqual({ status: 'active' });
    expect(JSON.parse(row.after_json!)).toEqual({
      status: 'inactive',
      reason: 'fraud report #12',
      revokedSessions: 1,
    });
    expect(
      (await get<{ profile: { status: string } }>(t, `${base}/${m.memberNo}`)).profile.status,
    ).toBe('inactive');

    const on = await t.call('POST', `${base}/${m.memberNo}/reactivate`, {
      token: cashier,
      body: { reason: 'cleared' },
    });
    expect([on.statusCode, on.json()]).toEqual([200, { status: 'active' }]);
    expect(await t.login(m.phone, 'password123')).toBeTruthy();
    const back = await lastAudit(t, `POST ${base}/:memberNo/reactivate`);
    expect(JSON.parse(back.before_json!)).toEqual({ status: 'inactive' });
    expect(JSON.parse(back.after_json!)).toEqual({ status: 'active', reason: 'cleared' });
  });

  it('resets the password by SMS only: old one dead, sessions ended, never in an answer or audit row', async () => {
    const t = getApp();
    const m = await named(t, `Reset ${tag()}`);
    const cashier = await t.operatorTokenAs('cashier');
    const res = await t.call('POST', `${base}/${m.memberNo}/reset-password`, {
      token: cashier,
      body: { reason: 'member lost it' },
    });
    expect([res.statusCode, res.json()]).toEqual([200, { message: 'SUCCESS', revokedSessions: 1 }]);
    const sms = t.sms.messagesTo(m.phone).at(-1)!;
    const password = /Your new password: (\S+)\./.exec(sms.text)?.[1];
    expect(password).toMatch(/^[A-Za-z2-9]{10}$/);
    expect((await t.call('GET', '/api/account/profile', { token: m.token })).statusCode).toBe(401);
    const old = await t.call('POST', '/api/login', {
      body: { username: m.phone, password: 'password123' },
    });
    expect(old.json()).toEqual({ message: 'WRONG_CREDENTIAL' });
    expect(await t.login(m.phone, password!)).toBeTruthy();
    const row = await lastAudit(t, `POST ${base}/:memberNo/reset-password`);
    expect(row).toMatchObject({ target: `member:${m.memberNo}`, outcome: 'ok' });
    expect(JSON.stringify(row)).not.toContain(password);
    expect(res.body).not.toContain(password);
    expect(JSON.parse(row.after_json!)).toEqual({
      sentBy: 'sms',
      reason: 'member lost it',
      revokedSessions: 1,
    });

    // The SMS gateway down: 502 OTP_SEND_FAIL, written as the outcome.
    t.sms.failing = true;
    try {
      const down = await t.call('POST', `${base}/${m.memberNo}/reset-password`, {
        token: cashier,
        body: { reason: 'again' },
      });
      expect([down.statusCode, down.json()]).toEqual([502, { message: 'OTP_SEND_FAIL' }]);
      expect(await lastAudit(t, `POST ${base}/:memberNo/reset-password`)).toMatchObject({
        outcome: 'OTP_SEND_FAIL',
      });
    } finally {
      t.sms.failing = false;
    }
  });

  it('changes the payout account through PUT .../bank with before/after audited, shown in the history', async () => {
    const t = getApp();
    const m = await named(t, `Bank ${tag()}`);
    const before = await bankNo(t, m);
    const cashier = await t.operatorTokenAs('cashier');
    const newNo = `8${before.slice(1)}`;
    const put = await t.call('PUT', `/api/operator/members/${m.memberNo}/bank`, {
      token: cashier,
      body: {
        bankCode: 'KBANK',
        bankAccountName: 'new name',
        bankAccountNo: newNo,
        reason: 'member moved banks (ID checked)',
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    const { requestId } = put.json<{ requestId: number }>();
    const row = await lastAudit(t, 'PUT /api/operator/members/:memberId/bank');
    expect(row).toMatchObject({ target: `member:${m.memberNo}`, operator_username: 'cashier' });
    expect(JSON.parse(row.before_json!)).toEqual({
      bankCode: 'SCB',
      bankAccountNo: before,
      bankAccountName: 'TEST MEMBER',
    });
    expect(JSON.parse(row.after_json!)).toEqual({
      bankCode: 'KBANK',
      bankAccountNo: newNo,
      bankAccountName: 'NEW NAME',
      reason: 'member moved banks (ID checked)',
      status: 'pending',
      requestId,
    });
    // Nothing changed until a second operator approves (decision 0116).
    expect((await get<Page>(t, `${base}/${m.memberNo}/bank-changes`, cashier)).total).toBe(0);
    const approved = await t.call('POST', `/api/operator/bank-requests/${requestId}/approve`, {
      token: await t.operatorToken(),
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const history = await get<Page>(t, `${base}/${m.memberNo}/bank-changes`, cashier);
    expect(history).toMatchObject({
      total: 1,
      rows: [
        {
          kind: 'bank',
          operator: 'cashier',
          reason: 'member moved banks (ID checked)',
          before: { bankCode: 'SCB', accountNo: before },
          after: { bankCode: 'KBANK', accountNo: newNo, accountName: 'NEW NAME' },
        },
      ],
    });
    const other = await named(t, `Bank2 ${tag()}`);
    expect((await get(t, `${base}/${other.memberNo}/bank-changes`)).total).toBe(0);
  });
});
