// @vitest-environment jsdom
// The member beside the thread (decision 0097, issue 26): statuses in words of the console's
// language (the contract's vocabularies), the open bonus by its name in that language.
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useCatalog } from '@/test/setup';
import { MemberPanel } from './side-panels';

const at = '2026-11-20T03:00:00.000Z';
const member = {
  memberNo: '10002',
  name: 'สมหญิง ใจงาม',
  phone: '0988115901',
  status: 'active',
  balance: 1300,
  heldTotal: 0,
  activeBonus: {
    code: 'WELCOME',
    name: { th: 'โบนัสต้อนรับ 100%', la: 'ໂບນັດຕ້ອນຮັບ 100%', en: 'Welcome bonus 100%' },
  },
  recent: [
    { kind: 'withdrawal', ref: 'WD1', amount: 100, status: 'PAID', createdAt: at },
    { kind: 'qr', ref: 'QR1', amount: 500, status: 'PAID', createdAt: at },
    { kind: 'slip', ref: 'SL1', amount: 300, status: 'failed', createdAt: at },
    { kind: 'gift_link', ref: 'GL1', amount: 50, status: 'CREDITED', createdAt: at },
    { kind: 'withdrawal', ref: 'WD2', amount: 70, status: 'SOMETHING_NEW', createdAt: at },
  ],
};

function show() {
  render(
    <MemoryRouter>
      <MemberPanel member={member} />
    </MemoryRouter>,
  );
  return screen.getAllByRole('listitem').map((item) => within(item));
}

describe('the member panel of a chat thread', () => {
  afterEach(cleanup);

  it('Thai: translated statuses with their tone, the raw value in the title, the bonus in Thai', () => {
    useCatalog('th');
    const [withdrawal, qr, slip, gift, unknown] = show();
    expect(withdrawal!.getByText('จ่ายแล้ว').closest('.status-badge')!.className).toContain(
      'status-ok',
    );
    expect(withdrawal!.getByText('จ่ายแล้ว').closest('.status-badge')!.getAttribute('title')).toBe(
      'PAID',
    );
    expect(qr!.getByText('ชำระแล้ว')).toBeTruthy();
    expect(slip!.getByText('ปฏิเสธ').closest('.status-badge')!.className).toContain('status-bad');
    expect(gift!.getByText('เข้าบัญชีแล้ว')).toBeTruthy();
    // A value no vocabulary knows shows as stored, in progress.
    expect(unknown!.getByText('SOMETHING_NEW').closest('.status-badge')!.className).toContain(
      'status-warn',
    );
    expect(screen.getByText('โบนัสต้อนรับ 100%')).toBeTruthy();
    const text = document.body.textContent ?? '';
    for (const raw of ['PAID', 'CREDITED', 'failed', 'Welcome bonus'])
      expect(text).not.toContain(raw);
  });

  it('English: the same in English', () => {
    useCatalog('en');
    const [withdrawal, qr, slip, gift] = show();
    expect(withdrawal!.getByText('Paid')).toBeTruthy();
    expect(qr!.getByText('Paid')).toBeTruthy();
    expect(slip!.getByText('Refused')).toBeTruthy();
    expect(gift!.getByText('Credited')).toBeTruthy();
    expect(screen.getByText('Welcome bonus 100%')).toBeTruthy();
  });
});
