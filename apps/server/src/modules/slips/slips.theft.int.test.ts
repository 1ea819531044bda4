// Slip theft (issue 25 section 4, decision 0124) on both databases. The thief has two phones:
// one is the victim's, whose slip they see; with the other they register the victim's name
// and an account number of their own that shows the same digits on a slip. The property:
// the victim's slip is never credited to the thief by the rules, and the victim can still
// get it credited (their own upload is held, never refused as a duplicate, and an operator
// approves it). Then the three ways the rules decide whose a slip is: a fresh registration
// waits for an operator (NEW_ACCOUNT) until its account is trusted, a slip that another
// member's account fits waits whoever uploads it (OTHER_MEMBERS_MATCH), and how an account
// becomes trusted (the first payout paid to it, an operator's approval), recorded with when
// and why. Every money test ends with the ledger check.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { forEachDialect, uniqueAccountNo, uniquePhone } from '../../../test/helpers';
import type { TestApp } from '../../../test/helpers';
import { deposit } from '../../../test/bonus-support';
import { balances } from '../../../test/reliability/money-helpers';
import { bankTransfer, registeredLongAgo, slipImage, upload } from '../../../test/slip-support';
import { HOUR_MS } from '../../lib/clock';
import { ledgerCheck } from '../ledger';

interface Person {
  token: string;
  id: number;
  memberNo: string;
  phone: string;
  bankAccountNo: string;
}

/** Registers a member at SCB; `longAgo` makes them one of long standing. */
async function register(
  t: TestApp,
  input: { bankAccountNo?: string; bankAccountName: string; longAgo?: boolean },
): Promise<Person> {
  const phone = uniquePhone();
  const bankAccountNo = input.bankAccountNo ?? uniqueAccountNo();
  const token = await t.registerMember({
    username: phone,
    bankCode: 'SCB',
    bankAccountNo,
    bankAccountName: input.bankAccountName,
  });
  const memberNo = await t.memberNo(token);
  const { id } = await t.db
    .selectFrom('members')
    .select('id')
    .where('member_no', '=', memberNo)
    .executeTakeFirstOrThrow();
  if (input.longAgo) await registeredLongAgo(t, id);
  return { token, id, memberNo, phone, bankAccountNo };
}

/** Another number whose slip mask (the 4 digits before the last) shows the same digits. */
const sameVisibleDigits = (accountNo: string, first: '7' | '8') => `${first}${accountNo.slice(1)}`;

const cash = async (t: TestApp, p: Person) => (await balances(t.db, p.id)).cash;

/** The payout the bank paid to the member's account: a deposit of their own, withdrawn. */
async function firstPayout(t: TestApp, p: Person): Promise<string> {
  await deposit(
    t,
    { token: p.token, memberNo: p.memberNo, memberId: p.id, phone: p.phone },
    20_000,
  );
  const res = await t.call('POST', '/api/wallet/withdraw', {
    token: p.token,
    body: { amount: 100 },
    headers: { 'idempotency-key': `payout-${p.id}-${Date.now()}` },
  });
  expect(res.json()).toMatchObject({ message: 'SUCCESS', status: 'PAID' });
  return res.json<{ reference: string }>().reference;
}

type ConsoleRow = {
  reference: string;
  memberNo: string;
  state: string;
  reviewCause: string | null;
  memberTrust: { cause: string; at: string } | null;
  otherMatches: {
    memberNo: string;
    trusted: boolean;
    slip: { reference: string; state: string } | null;
  }[];
};

async function consoleRow(t: TestApp, ref: string): Promise<ConsoleRow> {
  const token = await t.operatorTokenAs('cashier');
  for (const state of ['review', 'success', 'failed', 'processing']) {
    const res = await t.call('GET', `/api/operator/deposits/slips?state=${state}&pageSize=100`, {
      token,
    });
    expect(res.statusCode).toBe(200);
    const row = res.json<{ rows: ConsoleRow[] }>().rows.find((r) => r.reference === ref);
    if (row) return row;
  }
  throw new Error(`slip ${ref} not listed`);
}

let keys = 0;
async function approve(t: TestApp, ref: string) {
  const res = await t.call('POST', `/api/operator/deposits/slips/${ref}/approve`, {
    token: await t.operatorTokenAs('cashier'),
    body: {},
    headers: { 'idempotency-key': `theft-${process.pid}-${++keys}` },
  });
  expect(res.statusCode).toBe(200);
  return res.json<ConsoleRow>();
}

const trustRows = (t: TestApp, memberId: number) =>
  t.db
    .selectFrom('payout_account_trust')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('id')
    .execute();

async function expectLedgerClean(t: TestApp) {
  expect((await ledgerCheck(t.db)).violations).toEqual([]);
}

/** How the victim's transfer looks on the slip: their bank, masked number, bank name. */
const NAMES = {
  latin: { registered: 'SOMCHAI JAIDEE', bank: 'MR SOMCHAI JAIDEE' },
  thai: { registered: 'สมชาย ใจดี', bank: 'นาย สมชาย ใจดี' },
} as const;

forEachDialect('slip theft', (get) => {
  // The finding as the outside tester reported it: before the fix the thief was credited at
  // once and the owner's own upload was refused as SLIP_REFNO_DUPLICATED.
  it("does not credit a victim's slip to a thief who registered the victim's name and digits; the victim's upload is held and an operator credits it", async () => {
    const t = get();
    const victim = await register(t, { bankAccountName: 'SOMCHAI JAIDEE', longAgo: true });
    const thief = await register(t, {
      bankAccountNo: sameVisibleDigits(victim.bankAccountNo, '8'),
      bankAccountName: 'SOMCHAI JAIDEE',
    });
    const transfer = bankTransfer(t, {
      from: { bankCode: 'SCB', accountNo: victim.bankAccountNo, name: 'MR SOMCHAI JAIDEE' },
      amount: 75_000,
    });
    const stolen = await upload(t, thief.token, slipImage(transfer));
    expect(stolen.json()).toMatchObject({ message: 'PROCESSING' });
    const own = await upload(t, victim.token, slipImage(transfer));
    expect(own.json()).toMatchObject({ message: 'PROCESSING' });
    expect([await cash(t, thief), await cash(t, victim)]).toEqual([0, 0]);
    // Both see their slip as processing (the spec's statuses), none refused.
    for (const p of [thief, victim]) {
      const list = await t.call('POST', '/api/statement/slip', {
        token: p.token,
        body: { page: 1, limit: 10 },
      });
      expect(list.json<{ slips: { status: string; note: string | null }[] }>().slips).toEqual([
        expect.objectContaining({ status: 'processing', note: null }),
      ]);
    }
    // The operator sees why, and who else could have sent it, with their own upload.
    const thiefRef = stolen.json<{ slipId: string }>().slipId;
    const victimRef = own.json<{ slipId: string }>().slipId;
    expect(await consoleRow(t, thiefRef)).toMatchObject({
      state: 'review',
      reviewCause: 'OTHER_MEMBERS_MATCH',
      memberTrust: null,
      otherMatches: [
        {
          memberNo: victim.memberNo,
          trusted: false,
          slip: { reference: victimRef, state: 'review' },
        },
      ],
    });
    expect(await consoleRow(t, victimRef)).toMatchObject({
      state: 'review',
      reviewCause: 'OTHER_MEMBERS_MATCH',
      otherMatches: [{ memberNo: thief.memberNo, slip: { reference: thiefRef, state: 'review' } }],
    });
    // The operator credits the right member; the thief's slip can then credit nothing.
    expect(await approve(t, victimRef)).toMatchObject({ state: 'success' });
    expect(await approve(t, thiefRef)).toMatchObject({
      state: 'failed',
      reason: 'SLIP_REFNO_DUPLICATED',
    });
    expect([await cash(t, thief), await cash(t, victim)]).toEqual([0, 75_000]);
    await expectLedgerClean(t);
  });

  it('holds the victim’s slip whichever member uploads it first, and never credits the thief, in any order, age, trust or spelling (property)', async () => {
    const t = get();
    const scenario = fc.record({
      script: fc.constantFrom<keyof typeof NAMES>('latin', 'thai'),
      victimLongAgo: fc.boolean(),
      victimPaidOut: fc.boolean(),
      thiefLongAgo: fc.boolean(),
      thiefPaidOut: fc.boolean(),
      // Registered with the victim's name, or renamed to it afterwards (decision 0052).
      thiefRenames: fc.boolean(),
      // The bank's spelling of the name (with its title) or the victim's own.
      thiefSpelling: fc.constantFrom<'registered' | 'bank'>('registered', 'bank'),
      thiefUploads: fc.integer({ min: 1, max: 3 }),
      order: fc.constantFrom('thief first', 'victim first', 'at once'),
    });
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        runs++;
        const name = NAMES[s.script];
        const victim = await register(t, {
          bankAccountName: name.registered,
          longAgo: s.victimLongAgo,
        });
        if (s.victimPaidOut) await firstPayout(t, victim);
        const thiefName = s.thiefSpelling === 'bank' ? name.bank : name.registered;
        const thief = await register(t, {
          bankAccountNo: sameVisibleDigits(victim.bankAccountNo, '8'),
          bankAccountName: s.thiefRenames ? 'SOMSAK SUKSAN' : thiefName,
          longAgo: s.thiefLongAgo,
        });
        if (s.thiefPaidOut) await firstPayout(t, thief);
        if (s.thiefRenames) {
          const renamed = await t.call('PUT', '/api/account/bankAccountName', {
            token: thief.token,
            body: { bankCode: 'SCB', bankAccountName: thiefName },
          });
          expect(renamed.statusCode).toBe(200);
        }
        const before = [await cash(t, thief), await cash(t, victim)];
        const transfer = bankTransfer(t, {
          from: { bankCode: 'SCB', accountNo: victim.bankAccountNo, name: name.bank },
          amount: 30_000 + runs,
        });
        const image = slipImage(transfer);
        const thiefTries = () =>
          Promise.all(Array.from({ length: s.thiefUploads }, () => upload(t, thief.token, image)));
        const victimTries = () => upload(t, victim.token, image);
        let thiefAnswers;
        let victimAnswer;
        if (s.order === 'thief first') {
          thiefAnswers = await thiefTries();
          victimAnswer = await victimTries();
        } else if (s.order === 'victim first') {
          victimAnswer = await victimTries();
          thiefAnswers = await thiefTries();
        } else [thiefAnswers, victimAnswer] = await Promise.all([thiefTries(), victimTries()]);

        // Never credited to the thief by the rules.
        for (const res of thiefAnswers)
          expect(res.json()).not.toMatchObject({ message: 'SUCCESS' });
        expect(await cash(t, thief)).toBe(before[0]);
        // The victim's own upload is held (another member fits the sender), never refused.
        expect(victimAnswer.json()).toMatchObject({ message: 'PROCESSING' });
        // And an operator credits it to the victim, once.
        const approved = await approve(t, victimAnswer.json<{ slipId: string }>().slipId);
        expect(approved).toMatchObject({ state: 'success' });
        expect([await cash(t, thief), await cash(t, victim)]).toEqual([
          before[0],
          before[1]! + transfer.amount,
        ]);
        const credits = await t.db
          .selectFrom('ledger_transactions')
          .select('id')
          .where('external_ref', '=', `slip:${transfer.sendingBank}:${transfer.transRef}`)
          .execute();
        expect(credits).toHaveLength(1);
      }),
      { numRuns: 24, endOnFailure: true },
    );
    expect(runs).toBe(24);
    await expectLedgerClean(t);
  }, 180_000);

  it('holds the slip of a freshly registered account for an operator (NEW_ACCOUNT); the approval trusts the account and its next slip credits at once', async () => {
    const t = get();
    const fresh = await register(t, { bankAccountName: 'SOMCHAI JAIDEE' });
    const from = { bankCode: 'SCB', accountNo: fresh.bankAccountNo, name: 'MR SOMCHAI JAIDEE' };
    const first = await upload(
      t,
      fresh.token,
      slipImage(bankTransfer(t, { from, amount: 20_000 })),
    );
    expect(first.json()).toMatchObject({ message: 'PROCESSING' });
    const ref = first.json<{ slipId: string }>().slipId;
    expect(await consoleRow(t, ref)).toMatchObject({
      state: 'review',
      reviewCause: 'NEW_ACCOUNT',
      memberTrust: null,
      otherMatches: [],
    });
    expect(await cash(t, fresh)).toBe(0);

    const approvedFrom = t.clock.now().toISOString();
    const approved = await approve(t, ref);
    const approvedBy = t.clock.now().toISOString();
    expect(approved).toMatchObject({ state: 'success', memberTrust: { cause: 'slip_approved' } });
    const cashier = await t.db
      .selectFrom('operators')
      .select('id')
      .where('username', '=', 'cashier')
      .executeTakeFirstOrThrow();
    expect(await trustRows(t, fresh.id)).toEqual([
      expect.objectContaining({
        cause: 'slip_approved',
        reference: ref,
        operator_id: cashier.id,
        bank_code: 'SCB',
        bank_account_no: fresh.bankAccountNo,
        bank_account_name: 'SOMCHAI JAIDEE',
      }),
    ]);
    // When: in the approval's own transaction.
    const [trust] = await trustRows(t, fresh.id);
    expect(trust!.created_at >= approvedFrom && trust!.created_at <= approvedBy).toBe(true);
    // Trusted: the next slip credits at once, though the account is still new.
    const second = await upload(
      t,
      fresh.token,
      slipImage(bankTransfer(t, { from, amount: 5_000 })),
    );
    expect(second.json()).toMatchObject({ message: 'SUCCESS' });
    expect(await cash(t, fresh)).toBe(25_000);
    // The trust is append-only.
    await expect(
      t.db.updateTable('payout_account_trust').set({ cause: 'payout' }).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(t.db.deleteFrom('payout_account_trust').execute()).rejects.toThrow(/append-only/);
    await expectLedgerClean(t);
  });

  it('trusts an account by the first payout the bank paid to it, once; an operator’s bank change leaves the new account untrusted', async () => {
    const t = get();
    const fresh = await register(t, { bankAccountName: 'SOMCHAI JAIDEE' });
    const from = { bankCode: 'SCB', accountNo: fresh.bankAccountNo, name: 'MR SOMCHAI JAIDEE' };
    const held = await upload(t, fresh.token, slipImage(bankTransfer(t, { from, amount: 9_000 })));
    expect(held.json()).toMatchObject({ message: 'PROCESSING' });

    const payout = await firstPayout(t, fresh);
    await firstPayout(t, fresh);
    expect(await trustRows(t, fresh.id)).toEqual([
      expect.objectContaining({
        cause: 'payout',
        reference: payout,
        operator_id: null,
        bank_account_no: fresh.bankAccountNo,
      }),
    ]);
    const paid = await upload(t, fresh.token, slipImage(bankTransfer(t, { from, amount: 9_000 })));
    expect(paid.json()).toMatchObject({ message: 'SUCCESS' });
    // A slip held before the payout stays for the operator.
    expect((await consoleRow(t, held.json<{ slipId: string }>().slipId)).state).toBe('review');

    // An operator moves the member to another account: the trust was the old account's.
    const newAccount = uniqueAccountNo();
    // One operator asks, a second approves (decision 0116).
    const asked = await t.call('PUT', `/api/operator/members/${fresh.memberNo}/bank`, {
      token: await t.operatorTokenAs('cashier'),
      body: {
        bankCode: 'SCB',
        bankAccountName: 'SOMCHAI JAIDEE',
        bankAccountNo: newAccount,
        reason: 'member changed banks',
      },
    });
    expect(asked.statusCode).toBe(200);
    const approved = await t.call(
      'POST',
      `/api/operator/bank-requests/${asked.json<{ requestId: number }>().requestId}/approve`,
      { token: await t.operatorTokenAs('admin') },
    );
    expect(approved.statusCode).toBe(200);
    const moved = { ...from, accountNo: newAccount };
    const after = await upload(
      t,
      fresh.token,
      slipImage(bankTransfer(t, { from: moved, amount: 1_000 })),
    );
    expect(after.json()).toMatchObject({ message: 'PROCESSING' });
    const row = await consoleRow(t, after.json<{ slipId: string }>().slipId);
    expect(row).toMatchObject({ reviewCause: 'ACCOUNT_CHANGED', memberTrust: null });
    // Past the review hours the change and the registration are old: its slips credit.
    t.clock.advance((t.app.deps.config.withdraw.bankChangeReviewHours + 1) * HOUR_MS);
    const later = await upload(
      t,
      fresh.token,
      slipImage(bankTransfer(t, { from: moved, amount: 1_000 })),
    );
    expect(later.json()).toMatchObject({ message: 'SUCCESS' });
    await expectLedgerClean(t);
  });

  it('credits at once a member whose account no other member’s fits, once the registration is older than the review hours', async () => {
    const t = get();
    const fresh = await register(t, { bankAccountName: 'SOMCHAI JAIDEE' });
    // Same digits, but another person by name: not someone who could have sent it.
    await register(t, {
      bankAccountNo: sameVisibleDigits(fresh.bankAccountNo, '7'),
      bankAccountName: 'SOMSAK SUKSAN',
      longAgo: true,
    });
    t.clock.advance((t.app.deps.config.withdraw.bankChangeReviewHours + 1) * HOUR_MS);
    const from = { bankCode: 'SCB', accountNo: fresh.bankAccountNo, name: 'MR SOMCHAI JAIDEE' };
    const res = await upload(t, fresh.token, slipImage(bankTransfer(t, { from, amount: 12_000 })));
    expect(res.json()).toMatchObject({ message: 'SUCCESS' });
    expect(await cash(t, fresh)).toBe(12_000);
    await expectLedgerClean(t);
  });
});
