// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/toast';
import { en } from '@/i18n/en';
import { endSession, startSession } from '@/lib/session';
import { fakeFetch, useCatalog, type Recorded } from '@/test/setup';
import ApprovalsPage from './page';

const ref = (id: number, username: string) => ({ id, username, displayName: username });
const bankRow = (id: number, requester: number) => ({
  id,
  memberNo: '10042',
  memberName: 'Somchai Suksan',
  from: { bankCode: 'SCB', bankAccountNo: '1234567890', bankAccountName: 'SOMCHAI SUKSAN' },
  to: { bankCode: 'KBANK', bankAccountNo: '5550001111', bankAccountName: 'SOMEONE ELSE' },
  reason: 'member called',
  status: 'pending',
  requestedBy: ref(requester, requester === 2 ? 'cashier' : 'cashier2'),
  requestedAt: '2026-11-25T03:00:00.000Z',
  decidedBy: null,
  decidedAt: null,
  decisionReason: null,
});

function renderPage(role: 'admin' | 'cashier', url = '/approvals') {
  startSession({
    token: 'tok',
    operator: { id: 2, username: 'cashier', displayName: 'cashier', role },
    idleMinutes: 30,
  });
  const router = createMemoryRouter([{ path: '/approvals', element: <ApprovalsPage /> }], {
    initialEntries: [url],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

describe('approvals page', { timeout: 20_000 }, () => {
  beforeEach(() => useCatalog('en'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    endSession('signedOut');
  });

  it("a cashier sees payout-account changes only; their own can't be decided; another's is approved", async () => {
    const user = userEvent.setup({ delay: null });
    let approved = false;
    const requests = fakeFetch((request: Recorded) => {
      if (request.url.startsWith('/api/operator/bank-requests?'))
        return {
          status: 200,
          body: {
            rows: approved ? [bankRow(8, 2)] : [bankRow(7, 5), bankRow(8, 2)],
            total: 2,
            page: 1,
          },
        };
      approved = true;
      return {
        status: 200,
        body: { message: 'SUCCESS', request: { ...bankRow(7, 5), status: 'approved' } },
      };
    });
    renderPage('cashier');
    expect(screen.queryByRole('tab', { name: en.approvals.tabs.controls })).toBeNull();
    const table = await screen.findByRole('table', { name: en.approvals.bank.caption });
    await within(table).findAllByText('Somchai Suksan');
    const rows = within(table).getAllByRole('row').slice(1);
    const own = within(rows[1]!).getByRole('button', {
      name: new RegExp(`^${en.approvals.columns.approve}\\s*#8$`),
    });
    expect((own as HTMLButtonElement).disabled).toBe(true);
    expect(own.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(rows[1]!).getByText(en.approvals.own)).toBeTruthy();
    await user.click(
      within(rows[0]!).getByRole('button', {
        name: new RegExp(`^${en.approvals.columns.approve}\\s*#7$`),
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Approve request #7?' });
    expect(dialog.textContent).toContain('KBANK 5550001111 (SOMEONE ELSE)');
    await user.click(within(dialog).getByRole('button', { name: en.approvals.approve.confirm }));
    await screen.findByText('Request #7 approved');
    expect(requests.map((r) => `${r.method} ${r.url}`)).toContain(
      'POST /api/operator/bank-requests/7/approve',
    );
  });

  it('an admin decides control changes; a refusal is explained', async () => {
    const user = userEvent.setup({ delay: null });
    fakeFetch((request: Recorded) => {
      if (request.url.startsWith('/api/operator/control-requests?'))
        return {
          status: 200,
          body: {
            rows: [
              {
                id: 3,
                kind: 'threshold',
                operator: null,
                change: { threshold: 50000, thresholdBefore: 1000 },
                status: 'pending',
                requestedBy: ref(9, 'admin2'),
                requestedAt: '2026-11-25T03:00:00.000Z',
                decidedBy: null,
                decidedAt: null,
                decisionReason: null,
              },
            ],
            total: 1,
            page: 1,
          },
        };
      if (request.url.startsWith('/api/operator/bank-requests?'))
        return { status: 200, body: { rows: [], total: 0, page: 1 } };
      return { status: 403, body: { message: 'UNAUTHORIZED' } };
    });
    renderPage('admin', '/approvals?tab=controls');
    const table = await screen.findByRole('table', { name: en.approvals.controls.caption });
    expect(
      await within(table).findByText('Four-eyes threshold from 1,000.00 to 50,000.00 baht'),
    ).toBeTruthy();
    await user.click(
      within(table).getByRole('button', {
        name: new RegExp(`^${en.approvals.columns.approve}\\s*#3$`),
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Approve request #3?' });
    await user.click(within(dialog).getByRole('button', { name: en.approvals.approve.confirm }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      en.approvals.errors.notYours.controls,
    );
  });
});
