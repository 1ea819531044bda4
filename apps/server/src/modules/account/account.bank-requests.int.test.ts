// An operator's change of a member's payout account is a four-eyes request (issue 25 section
// 2.2, decision 0116): nothing changes until a second operator (cashier or admin) approves;
// the requester never does; the bank rules are checked again at approval; a request whose
// "from" account is no longer the member's is refused (it would overwrite an account its
// approver never saw); the list shows both accounts and who asked and decided.
import { expect, it } from 'vitest';
import { forEachDialect, uniqueAccountNo } from '../../../test/helpers';
import type { TestApp } from '../../../test/helpers';
import { newMember } from '../../../test/reliability/money-helpers';

const ask = async (
  t: TestApp,
  memberNo: string,
  accountNo: string,
  role: 'admin' | 'cashier' = 'cashier',
) =>
  t.call('PUT', `/api/operator/members/${memberNo}/bank`, {
    token: await t.operatorTokenAs(role),
    body: {
      bankCode: 'KBANK',
      bankAccountName: 'new name',
      bankAccountNo: accountNo,
      reason: 'ticket 7',
    },
  });

const decide = async (
  t: TestApp,
  role: 'admin' | 'cashier' | 'support',
  id: number,
  action: 'approve' | 'reject',
  body?: unknown,
) =>
  t.call('POST', `/api/operator/bank-requests/${id}/${action}`, {
    token: await t.operatorTokenAs(role),
    ...(body !== undefined ? { body } : {}),
  });

const accountOf = (t: TestApp, id: number) =>
  t.db
    .selectFrom('members')
    .select(['bank_code', 'bank_account_no', 'bank_account_name'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

forEachDialect('payout-account change requests', (get) => {
  it('waits for a second operator; listed with both accounts; rejected with a reason changes nothing', async () => {
    const t = get();
    const m = await newMember(t);
    const before = await accountOf(t, m.id);
    const newNo = uniqueAccountNo();
    const asked = await ask(t, m.memberNo, newNo);
    const { requestId } = asked.json<{ requestId: number }>();
    expect(await accountOf(t, m.id)).toEqual(before);
    const list = await t.call('GET', '/api/operator/bank-requests', {
      token: await t.operatorToken(),
    });
    expect(list.json<{ rows: { id: number }[] }>().rows.find((r) => r.id === requestId)).toEqual({
      id: requestId,
      memberNo: m.memberNo,
      memberName: 'Test Member',
      from: {
        bankCode: before.bank_code,
        bankAccountNo: before.bank_account_no,
        bankAccountName: before.bank_account_name,
      },
      to: { bankCode: 'KBANK', bankAccountNo: newNo, bankAccountName: 'NEW NAME' },
      reason: 'ticket 7',
      status: 'pending',
      requestedBy: { id: expect.any(Number), username: 'cashier', displayName: expect.any(String) },
      requestedAt: expect.any(String),
      decidedBy: null,
      decidedAt: null,
      decisionReason: null,
    });
    // Support reads members but decides no bank change; the requester decides nothing.
    expect((await decide(t, 'support', requestId, 'approve')).statusCode).toBe(403);
    expect((await decide(t, 'cashier', requestId, 'reject', { reason: 'mine' })).statusCode).toBe(
      403,
    );
    const missing = await decide(t, 'admin', requestId, 'reject', {});
    expect([missing.statusCode, missing.json()]).toEqual([400, { message: 'KEY_MISSING' }]);
    const rejected = await decide(t, 'admin', requestId, 'reject', { reason: 'no ID shown' });
    expect(rejected.json()).toMatchObject({
      request: {
        status: 'rejected',
        decisionReason: 'no ID shown',
        decidedBy: { username: 'admin' },
      },
    });
    expect(await accountOf(t, m.id)).toEqual(before);
    const late = await decide(t, 'admin', requestId, 'approve');
    expect([late.statusCode, late.json()]).toEqual([409, { message: 'NO_DATA' }]);
    const unknown = await decide(t, 'admin', 999_999, 'approve');
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { message: 'NO_DATA' }]);
  });

  it('lists pending requests first, oldest waiting longest on top, then decided ones newest first', async () => {
    const t = get();
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) {
      const m = await newMember(t);
      ids.push(
        (await ask(t, m.memberNo, uniqueAccountNo())).json<{ requestId: number }>().requestId,
      );
      t.clock.advance(60_000);
    }
    const [a, b, c, d] = ids as [number, number, number, number];
    await decide(t, 'admin', a, 'reject', { reason: 'first decided' });
    await decide(t, 'admin', c, 'reject', { reason: 'second decided' });
    const list = await t.call('GET', '/api/operator/bank-requests?status=all&pageSize=100', {
      token: await t.operatorToken(),
    });
    const order = list
      .json<{ rows: { id: number }[] }>()
      .rows.map((r) => r.id)
      .filter((id) => ids.includes(id));
    // b and d wait (b longer); a and c were decided, asked a before c: newest asked first.
    expect(order).toEqual([b, d, c, a]);
  });

  it('an admin asks, a cashier approves: the account changes once, both named in its history', async () => {
    const t = get();
    const m = await newMember(t);
    const newNo = uniqueAccountNo();
    const { requestId } = (await ask(t, m.memberNo, newNo, 'admin')).json<{ requestId: number }>();
    const ok = await decide(t, 'cashier', requestId, 'approve');
    expect(ok.json()).toMatchObject({
      request: { status: 'approved', decidedBy: { username: 'cashier' } },
    });
    expect(await accountOf(t, m.id)).toMatchObject({ bank_code: 'KBANK', bank_account_no: newNo });
    const changes = await t.db
      .selectFrom('member_bank_changes as c')
      .innerJoin('operators as q', 'q.id', 'c.changed_by')
      .innerJoin('operators as d', 'd.id', 'c.approved_by')
      .select(['q.username as asked', 'd.username as approved'])
      .where('c.member_id', '=', m.id)
      .execute();
    expect(changes).toEqual([{ asked: 'admin', approved: 'cashier' }]);
  });

  it('refuses a stale request, and one whose account was registered meanwhile', async () => {
    const t = get();
    const m = await newMember(t);
    const first = (await ask(t, m.memberNo, uniqueAccountNo())).json<{ requestId: number }>()
      .requestId;
    const second = (await ask(t, m.memberNo, uniqueAccountNo())).json<{ requestId: number }>()
      .requestId;
    expect((await decide(t, 'admin', first, 'approve')).statusCode).toBe(200);
    const stale = await decide(t, 'admin', second, 'approve');
    expect([stale.statusCode, stale.json()]).toEqual([409, { message: 'NO_DATA' }]);
    // The number a request names is registered by another member before it is approved.
    const taken = uniqueAccountNo();
    const other = await newMember(t);
    const third = (await ask(t, other.memberNo, taken)).json<{ requestId: number }>().requestId;
    await newMember(t, 0, { bankAccountNo: taken });
    const refused = await decide(t, 'admin', third, 'approve');
    expect([refused.statusCode, refused.json()]).toEqual([409, { message: 'EXISTING_BANK' }]);
    expect((await accountOf(t, other.id)).bank_account_no).not.toBe(taken);
  });
});
