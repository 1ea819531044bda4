// The console's slip review (issue 13, decision 0091) on both databases: the review queue
// with the rules' findings and the operator's signed image link, approve (once, the amount
// read or a lower corrected one), reject with the note the member sees, two operators
// deciding one slip at once, roles. Every money test ends with the ledger check.
import { expect, it } from 'vitest';
import { forEachDialect, uniqueAccountNo, uniquePhone } from '../../../test/helpers';
import type { TestApp } from '../../../test/helpers';
import { balances } from '../../../test/reliability/money-helpers';
import { bankTransfer, registeredLongAgo, slipImage, upload } from '../../../test/slip-support';
import { heldSlip } from '../../../test/slip-review-support';
import { ledgerCheck } from '../ledger';

const cash = async (t: TestApp, memberId: number) => (await balances(t.db, memberId)).cash;
const expectLedgerClean = async (t: TestApp) =>
  expect((await ledgerCheck(t.db)).violations).toEqual([]);

let keys = 0;
function decide(
  t: TestApp,
  token: string,
  ref: string,
  action: 'approve' | 'reject',
  body: Record<string, unknown>,
) {
  return t.call('POST', `/api/operator/deposits/slips/${ref}/${action}`, {
    token,
    body,
    headers: action === 'approve' ? { 'idempotency-key': `review-${++keys}-${Date.now()}` } : {},
  });
}

type Row = Record<string, unknown> & { reference: string; image: string | null };

async function list(t: TestApp, token: string, query = '') {
  const res = await t.call('GET', `/api/operator/deposits/slips${query}`, { token });
  expect(res.statusCode).toBe(200);
  return res.json<{ rows: Row[]; total: number; page: number }>();
}

async function memberSlips(t: TestApp, token: string) {
  const res = await t.call('POST', '/api/statement/slip', { token, body: { page: 1, limit: 10 } });
  return res.json<{ slips: Record<string, unknown>[] }>().slips;
}

forEachDialect('operator slip review', (get) => {
  it('lists held slips first with the findings and an operator-only image link', async () => {
    const t = get();
    const held = await heldSlip(t, 25_000);
    const cashier = await t.operatorTokenAs('cashier');
    const page = await list(t, cashier, `?member=${held.memberNo}`);
    expect(page.total).toBe(1);
    const row = page.rows[0]!;
    expect(row).toMatchObject({
      reference: held.ref,
      memberNo: held.memberNo,
      state: 'review',
      amount: 250,
      creditedAmount: null,
      transRef: held.transRef,
      reason: null,
      reviewCause: 'NAME_PARTIAL',
      sender: { bankCode: 'SCB', name: 'MR SOMCHAI JAIDEE' },
      receiver: { bankCode: 'KBANK', accountNo: '0408123456', name: null },
      registered: { bankCode: 'SCB', name: 'SOMCHAI SUKSAN' },
      decidedBy: null,
    });
    // The operator's link names its viewer and is signed with it; it shows the image.
    expect(row.image).toMatch(
      new RegExp(`^/static/slips/${held.ref}\\?expires=\\d+&viewer=operator%3A\\d+&sig=`),
    );
    const image = await t.app.inject({ method: 'GET', url: row.image! });
    expect([image.statusCode, image.headers['content-type']]).toEqual([200, 'image/png']);
    // Stripped of its viewer, or given another one, it is refused.
    const stripped = row.image!.replace(/&viewer=[^&]+/, '');
    expect((await t.app.inject({ method: 'GET', url: stripped })).statusCode).toBe(403);
    const other = row.image!.replace(/viewer=operator%3A\d+/, 'viewer=operator%3A999');
    expect((await t.app.inject({ method: 'GET', url: other })).statusCode).toBe(403);
    // It expires within 5 minutes.
    const expires = Number(/expires=(\d+)/.exec(row.image!)![1]);
    expect(expires - Math.floor(t.clock.now().getTime() / 1000)).toBeLessThanOrEqual(300);
    // Filtered by state: not among the credited ones.
    const credited = await list(t, cashier, `?state=success&member=${held.memberNo}`);
    expect(credited.total).toBe(0);
  });

  it('approves a held slip: credits the amount read once, with a statement row and an audit row', async () => {
    const t = get();
    const held = await heldSlip(t, 25_000);
    const cashier = await t.operatorTokenAs('cashier');
    const res = await decide(t, cashier, held.ref, 'approve', {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      reference: held.ref,
      state: 'success',
      amount: 250,
      creditedAmount: null,
      decidedBy: 'cashier',
    });
    expect(await cash(t, held.memberId)).toBe(25_000);
    expect((await memberSlips(t, held.token))[0]).toMatchObject({
      status: 'success',
      amount: 250,
    });
    // Again (another key, another cashier): refused, nothing more credited.
    const again = await decide(t, await t.operatorToken(), held.ref, 'approve', {});
    expect([again.statusCode, again.json()]).toEqual([409, { message: 'NO_DATA' }]);
    const rejectLate = await decide(t, cashier, held.ref, 'reject', {
      code: 'NOT_MATCH',
      note: 'late',
    });
    expect([rejectLate.statusCode, rejectLate.json()]).toEqual([409, { message: 'NO_DATA' }]);
    expect(await cash(t, held.memberId)).toBe(25_000);
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target', '=', `slip:${held.ref}`)
      .where('outcome', '=', 'ok')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      operator_username: 'cashier',
      action: 'POST /api/operator/deposits/slips/:reference/approve',
    });
    expect(JSON.parse(audit[0]!.after_json!)).toMatchObject({ state: 'success', credited: 250 });
    expect(JSON.parse(audit[0]!.before_json!)).toMatchObject({ state: 'review', amount: 250 });
    await expectLedgerClean(t);
  });

  it('credits a lower corrected amount only with a reason, never more than the amount read', async () => {
    const t = get();
    const held = await heldSlip(t, 30_000);
    const cashier = await t.operatorTokenAs('cashier');
    const noReason = await decide(t, cashier, held.ref, 'approve', { amount: 200 });
    expect([noReason.statusCode, noReason.json()]).toEqual([400, { message: 'KEY_MISSING' }]);
    const more = await decide(t, cashier, held.ref, 'approve', { amount: 300.01, reason: 'x' });
    expect([more.statusCode, more.json()]).toEqual([400, { message: 'KEY_INVALID' }]);
    const cents = await decide(t, cashier, held.ref, 'approve', { amount: 1.001, reason: 'x' });
    expect([cents.statusCode, cents.json()]).toEqual([400, { message: 'KEY_INVALID' }]);
    expect(await cash(t, held.memberId)).toBe(0);
    const res = await decide(t, cashier, held.ref, 'approve', {
      amount: 200.5,
      reason: 'two slips for one transfer',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      state: 'success',
      amount: 300,
      creditedAmount: 200.5,
      decisionNote: 'two slips for one transfer',
    });
    expect(await cash(t, held.memberId)).toBe(20_050);
    expect((await memberSlips(t, held.token))[0]).toMatchObject({ amount: 200.5 });
    await expectLedgerClean(t);
  });

  it('rejects a held slip with a reason code and a note the member sees, crediting nothing', async () => {
    const t = get();
    const held = await heldSlip(t);
    const cashier = await t.operatorTokenAs('cashier');
    const bad = await decide(t, cashier, held.ref, 'reject', { code: 'SUCCESS', note: 'x' });
    expect([bad.statusCode, bad.json()]).toEqual([400, { message: 'KEY_INVALID' }]);
    const empty = await decide(t, cashier, held.ref, 'reject', { code: 'NOT_MATCH', note: ' ' });
    expect([empty.statusCode, empty.json()]).toEqual([400, { message: 'KEY_INVALID' }]);
    const res = await decide(t, cashier, held.ref, 'reject', {
      code: 'NOT_MATCH',
      note: 'The sender is not the account holder',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      state: 'failed',
      reason: 'NOT_MATCH',
      decisionNote: 'The sender is not the account holder',
    });
    expect((await memberSlips(t, held.token))[0]).toMatchObject({
      status: 'failed',
      note: 'NOT_MATCH',
      reviewNote: 'The sender is not the account holder',
    });
    expect(await cash(t, held.memberId)).toBe(0);
    const approveLate = await decide(t, cashier, held.ref, 'approve', {});
    expect([approveLate.statusCode, approveLate.json()]).toEqual([409, { message: 'NO_DATA' }]);
    await expectLedgerClean(t);
  });

  it('two operators deciding one slip at once: one decides, the other is refused, credited once', async () => {
    const t = get();
    for (let round = 0; round < 5; round++) {
      const held = await heldSlip(t, 10_000);
      const [a, b] = await Promise.all([
        decide(t, await t.operatorTokenAs('cashier'), held.ref, 'approve', {}),
        round % 2 === 0
          ? decide(t, await t.operatorToken(), held.ref, 'approve', {})
          : decide(t, await t.operatorToken(), held.ref, 'reject', {
              code: 'NOT_MATCH',
              note: 'race',
            }),
      ]);
      const codes = [a.statusCode, b.statusCode].sort();
      expect(codes).toEqual([200, 409]);
      const loser = a.statusCode === 409 ? a : b;
      expect(loser.json()).toEqual({ message: 'NO_DATA' });
      const winner = a.statusCode === 200 ? a : b;
      const credited = winner.json<{ state: string }>().state === 'success' ? 10_000 : 0;
      expect(await cash(t, held.memberId)).toBe(credited);
    }
    await expectLedgerClean(t);
  });

  it('fails an approval as a duplicate when the transfer was credited on another slip meanwhile', async () => {
    const t = get();
    const accountNo = uniqueAccountNo();
    const owner = await t.registerMember({
      username: uniquePhone(),
      bankCode: 'SCB',
      bankAccountNo: accountNo,
      bankAccountName: 'SOMCHAI JAIDEE',
    });
    await registeredLongAgo(t, { token: owner });
    const held = await heldSlip(t, 15_000);
    // The real owner's upload of the same transfer credits first.
    const slip = await t.db
      .selectFrom('slips')
      .select(['sending_bank', 'trans_ref', 'amount'])
      .where('ref', '=', held.ref)
      .executeTakeFirstOrThrow();
    const transfer = bankTransfer(t, {
      from: { bankCode: 'SCB', accountNo, name: 'MR SOMCHAI JAIDEE' },
      amount: 15_000,
    });
    // Make the owner's slip name the same bank reference as the held one.
    t.slipBank.add({ ...transfer, transRef: slip.trans_ref!, sendingBank: slip.sending_bank! });
    const own = await upload(
      t,
      owner,
      slipImage({ sendingBank: slip.sending_bank!, transRef: slip.trans_ref! }),
    );
    expect(own.json()).toMatchObject({ message: 'SUCCESS' });
    const res = await decide(t, await t.operatorTokenAs('cashier'), held.ref, 'approve', {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ state: 'failed', reason: 'SLIP_REFNO_DUPLICATED' });
    expect(await cash(t, held.memberId)).toBe(0);
    await expectLedgerClean(t);
  });

  it('refuses support and marketing operators, members, and unknown slips', async () => {
    const t = get();
    const held = await heldSlip(t);
    for (const role of ['support', 'marketing'] as const) {
      const token = await t.operatorTokenAs(role);
      const listed = await t.call('GET', '/api/operator/deposits/slips', { token });
      expect([listed.statusCode, listed.json()]).toEqual([403, { message: 'UNAUTHORIZED' }]);
      const approve = await decide(t, token, held.ref, 'approve', {});
      expect([approve.statusCode, approve.json()]).toEqual([403, { message: 'UNAUTHORIZED' }]);
    }
    const asMember = await decide(t, held.token, held.ref, 'approve', {});
    expect(asMember.statusCode).toBe(403);
    const unknown = await decide(
      t,
      await t.operatorTokenAs('cashier'),
      'SL00000000000000000000',
      'reject',
      { code: 'NOT_MATCH', note: 'x' },
    );
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { message: 'NO_DATA' }]);
    expect(await cash(t, held.memberId)).toBe(0);
  });
});
