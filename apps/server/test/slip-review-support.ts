// A slip the rules hold for an operator's review (decision 0044): the member's registered
// name shares only the first name with the bank's sender. Used by the slip review tests
// and the operator-endpoint fixtures (decision 0091).
import { expect } from 'vitest';
import { uniqueAccountNo, uniquePhone } from './helpers';
import type { TestApp } from './helpers';
import { bankTransfer, slipImage, upload } from './slip-support';

export interface HeldSlip {
  memberId: number;
  memberNo: string;
  token: string;
  /** Our slip reference (`SL...`). */
  ref: string;
  transRef: string;
}

export async function heldSlip(t: TestApp, satang = 25_000): Promise<HeldSlip> {
  const accountNo = uniqueAccountNo();
  const token = await t.registerMember({
    username: uniquePhone(),
    bankCode: 'SCB',
    bankAccountNo: accountNo,
    bankAccountName: 'SOMCHAI SUKSAN',
  });
  const memberNo = await t.memberNo(token);
  const { id } = await t.db
    .selectFrom('members')
    .select('id')
    .where('member_no', '=', memberNo)
    .executeTakeFirstOrThrow();
  const transfer = bankTransfer(t, {
    from: { bankCode: 'SCB', accountNo, name: 'MR SOMCHAI JAIDEE' },
    amount: satang,
  });
  const res = await upload(t, token, slipImage(transfer));
  expect(res.json()).toMatchObject({ message: 'PROCESSING' });
  return {
    memberId: id,
    memberNo,
    token,
    ref: res.json<{ slipId: string }>().slipId,
    transRef: transfer.transRef,
  };
}
