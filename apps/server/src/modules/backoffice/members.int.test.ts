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
