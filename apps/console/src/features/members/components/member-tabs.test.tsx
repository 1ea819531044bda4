// @vitest-environment jsdom
// The member page's tabs (issue 26 item 1): every tab shows its own rows under its own
// columns, whatever tab came before it. The tabs share one place on the page, so a tab whose
// answer has not come yet must show "loading", never the previous tab's rows (which drew
// `members.kind.undefined` under Deposits and crashed Bonuses after Statement).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/toast';
import { en } from '@/i18n/en';
import { fakeFetch, useCatalog, type Recorded } from '@/test/setup';
import { MemberTabs, TAB_IDS, type TabId } from './member-tabs';

const at = '2026-11-20T03:00:00.000Z';

/** One answer row per tab, each with a text only that tab shows (`marks`). */
const rowsOf: Record<TabId, unknown> = {
  statement: {
    _id: 'QR-STATEMENT-1',
    statementType: 'deposit',
    status: 'SUCCESS',
    from: 'KBANK',
    to: 'WALLET',
    channel: 'qr',
    amount: 500,
    createdAt: at,
  },
  ledger: {
    entryId: 11,
    transactionId: 5,
    at,
    event: 'qr_deposit',
    actor: 'member',
    account: 'cash',
    counterparty: 'world:bank',
    amount: 500,
    balanceAfter: 500,
    externalRef: 'LEDGER-REF-1',
    memo: null,
  },
  deposits: {
    kind: 'slip',
    reference: 'SL-DEPOSIT-1',
    channel: 'SCB',
    amount: 300,
    status: 'success',
    detail: null,
    createdAt: at,
    settledAt: at,
  },
  withdrawals: {
    reference: 'WD-WITHDRAWAL-1',
    amount: 100,
    status: 'PAID',
    reviewReason: null,
    bankCode: 'KBANK',
    bankAccountNo: '1234567890',
    decidedBy: null,
    lastError: null,
    createdAt: at,
    settledAt: at,
  },
  slips: {
    reference: 'SL-SLIP-1',
    status: 'failed',
    reason: 'SLIP_REFNO_DUPLICATED',
    amount: 300,
    sendingBank: 'SCB',
    transRef: 'T1',
    transferredAt: at,
    createdAt: at,
    settledAt: at,
  },
  bonuses: {
    id: 3,
    kind: 'bonus',
    code: 'WELCOME',
    name: { th: 'โบนัสต้อนรับ', la: 'ໂບນັດຕ້ອນຮັບ', en: 'Welcome bonus' },
    credited: 500,
    required: 3000,
    status: 'open',
    startedAt: at,
    endedAt: null,
  },
  sessions: { id: 8, createdAt: at, lastSeenAt: at, expiresAt: at },
  notes: { id: 4, at, operator: 'support', text: 'Called about a deposit' },
  bank: {
    id: 2,
    at,
    kind: 'bank',
    operator: 'cashier',
    reason: 'Member moved banks',
    before: { bankCode: 'KBANK', accountNo: '111', accountName: 'A' },
    after: { bankCode: 'SCB', accountNo: '222', accountName: 'A' },
  },
  // Not a paged list: the state and its history (answer() sends it whole).
  protection: {
    state: {
      limits: [
        { kind: 'deposit', period: 'day', amount: 1000, used: 200, remaining: 800, pending: null },
      ],
      block: null,
      realityCheckMinutes: 30,
      session: null,
      netDeposits: { lifetime: 0, months: [] },
      depositCredited: false,
      returns: [],
      marketingConsent: true,
    },
    history: [
      {
        id: 1,
        at,
        actor: 'member:2',
        change: 'reality_check',
        old: { minutes: 0 },
        new: { minutes: 30 },
        reason: 'Member asked for reminders',
      },
    ],
  },
};
const marks: Record<TabId, string> = {
  statement: 'QR-STATEMENT-1',
  ledger: 'LEDGER-REF-1',
  deposits: 'SL-DEPOSIT-1',
  withdrawals: 'WD-WITHDRAWAL-1',
  slips: 'SL-SLIP-1',
  bonuses: 'Welcome bonus',
  sessions: 'Sign out',
  notes: 'Called about a deposit',
  bank: 'Member moved banks',
  protection: 'Member asked for reminders',
};
const pathOf: Record<TabId, string> = {
  statement: '/statement',
  ledger: '/ledger',
  deposits: '/deposits',
  withdrawals: '/withdrawals',
  slips: '/slips',
  bonuses: '/bonuses',
  sessions: '/sessions',
  notes: '/notes',
  bank: '/bank-changes',
  protection: '/protection',
};
const tabOf = (url: string): TabId | undefined =>
  TAB_IDS.find((id) => new URL(url, 'http://x').pathname.endsWith(pathOf[id]));

function answer(request: Recorded, total = 1) {
  const tab = tabOf(request.url);
  if (!tab) return { status: 404, body: { message: 'NO_DATA' } };
  if (tab === 'protection') return { status: 200, body: rowsOf.protection };
  const page = Number(new URL(request.url, 'http://x').searchParams.get('page') ?? 1);
  return { status: 200, body: { rows: [rowsOf[tab]], total, page } };
}

function Page({ first, memberNo = '10002' }: { first: TabId; memberNo?: string }) {
  const [tab, setTab] = useState<TabId>(first);
  return <MemberTabs memberNo={memberNo} selected={tab} onSelect={setTab} mayChange />;
}

function show(first: TabId) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <Page first={first} />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

const panel = () => screen.getByRole('tabpanel');
/** Rows with content: not the loading skeleton, not "nothing to show". */
const dataRows = () =>
  [...panel().querySelectorAll('tbody tr')].filter(
    (row) => !row.classList.contains('skeleton-row') && !row.querySelector('.data-table-empty'),
  );

async function shows(tab: TabId) {
  await within(panel()).findByText(marks[tab], {}, { timeout: 5000 });
  const text = panel().textContent ?? '';
  for (const other of TAB_IDS)
    if (other !== tab) expect(text, `${tab} shows ${other}'s row`).not.toContain(marks[other]);
  expect(text).not.toMatch(/undefined|members\.\w+\./);
}

describe('member page tabs', { timeout: 60_000 }, () => {
  beforeEach(() => useCatalog('en'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('every tab after every other tab: loading first, then only its own rows', async () => {
    fakeFetch((request) => answer(request));
    for (const from of TAB_IDS) {
      for (const to of TAB_IDS) {
        if (to === from) continue;
        const view = show(from);
        await shows(from);
        // The click renders at once; the next tab's answer has not come yet.
        fireEvent.click(screen.getByRole('tab', { name: en.members.tabs[to] }));
        expect(screen.getByRole('tab', { name: en.members.tabs[to], selected: true })).toBeTruthy();
        expect(dataRows(), `${from} -> ${to}: rows before ${to}'s answer`).toHaveLength(0);
        await shows(to);
        // And back: its rows again (from the cache), never the other's.
        fireEvent.click(screen.getByRole('tab', { name: en.members.tabs[from] }));
        await shows(from);
        view.unmount();
      }
    }
  });

  it('a tab opens at its own first page, not at the page another tab was on', async () => {
    const requests = fakeFetch((request) => answer(request, 45));
    show('statement');
    await shows('statement');
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    await act(async () => {});
    expect(requests.at(-1)!.url).toMatch(/\/statement\?.*page=2/);
    fireEvent.click(screen.getByRole('tab', { name: en.members.tabs.deposits }));
    await shows('deposits');
    const deposits = requests.filter((r) => tabOf(r.url) === 'deposits');
    expect(deposits.map((r) => new URL(r.url, 'http://x').searchParams.get('page'))).toEqual(['1']);
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
  });

  it('says statuses, statement types and bonus states in words, the stored value in the title', async () => {
    useCatalog('th');
    fakeFetch((request) => answer(request));
    const expected: [TabId, string, string][] = [
      ['statement', 'สำเร็จ', 'SUCCESS'],
      ['deposits', 'เข้าบัญชีแล้ว', 'success'],
      ['withdrawals', 'จ่ายแล้ว', 'PAID'],
      ['slips', 'ปฏิเสธ', 'failed'],
      ['bonuses', 'กำลังทำเทิร์น', 'open'],
    ];
    for (const [tab, words, stored] of expected) {
      const view = show(tab);
      const badge = await within(panel()).findByText(words, {}, { timeout: 5000 });
      expect(badge.closest('.status-badge')!.getAttribute('title'), tab).toBe(stored);
      if (tab === 'statement') expect(within(panel()).getByText('ฝากเงิน')).toBeTruthy();
      view.unmount();
    }
  });
});
