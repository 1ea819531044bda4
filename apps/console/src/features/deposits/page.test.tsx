// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/toast';
import { en } from '@/i18n/en';
import { th } from '@/i18n/th';
import { fakeFetch, useCatalog, type Recorded } from '@/test/setup';
import DepositsPage from './page';
import { satangOf } from './slip-review';

const held = {
  reference: 'SL0123456789ABCDEF0123',
  memberNo: '10042',
  memberName: 'Somchai Suksan',
  state: 'review',
  amount: 250,
  creditedAmount: null,
  sendingBank: '014',
  transRef: '123456789ABCDEF',
  transferredAt: '2026-11-25T03:00:00.000Z',
  createdAt: '2026-11-25T03:05:00.000Z',
  settledAt: null,
  reason: null,
  reviewCause: 'NAME_PARTIAL',
  sender: { bankCode: 'SCB', accountNo: 'xxx-x-x6789-x', name: 'MR SOMCHAI JAIDEE' },
  receiver: { bankCode: 'KBANK', accountNo: '0408123456', name: null },
  registered: { bankCode: 'SCB', accountNo: '9001000123', name: 'SOMCHAI SUKSAN' },
  memberRegisteredAt: '2026-11-20T03:00:00.000Z',
  memberTrust: null,
  otherMatches: [],
  decidedBy: null,
  decidedAt: null,
  decisionNote: null,
  image: '/static/slips/SL0123456789ABCDEF0123?expires=1&viewer=operator%3A2&sig=x',
};

function renderPage(url = '/deposits') {
  const router = createMemoryRouter([{ path: '/deposits', element: <DepositsPage /> }], {
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
  return router;
}

describe('deposits page', { timeout: 20_000 }, () => {
  beforeEach(() => useCatalog('en'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('opens a held slip with its image and findings, and approves it once', async () => {
    let decided = false;
    const requests = fakeFetch((request: Recorded) => {
      if (request.url.startsWith('/api/operator/deposits/slips?'))
        return {
          status: 200,
          body: { rows: decided ? [] : [held], total: decided ? 0 : 1, page: 1 },
        };
      if (request.url === `/api/operator/deposits/slips/${held.reference}/approve`) {
        decided = true;
        return { status: 200, body: { ...held, state: 'success', decidedBy: 'cashier' } };
      }
      return { status: 404, body: { message: 'NO_DATA' } };
    });
    const user = userEvent.setup({ delay: null });
    renderPage();
    // The first render loads the section's modules: a longer wait than the default.
    const row = await screen.findByRole(
      'row',
      { name: `Open slip ${held.reference}` },
      { timeout: 8000 },
    );
    expect(requests[0]!.url).toBe('/api/operator/deposits/slips?page=1&pageSize=25&state=review');
    expect(within(row).getByText(en.deposits.cause.NAME_PARTIAL)).toBeTruthy();
    await user.click(row);
    const panel = within(
      await screen.findByRole('dialog', { name: `Review slip ${held.reference}` }),
    );
    const image = panel.getByRole('img') as HTMLImageElement;
    expect(image.getAttribute('src')).toBe(held.image);
    expect(image.alt).toBe('Slip of member 10042, 250.00 THB, bank reference 123456789ABCDEF');
    expect(panel.getByTestId('slip-sender').textContent).toContain('MR SOMCHAI JAIDEE');
    expect(panel.getByTestId('slip-registered').textContent).toContain('SOMCHAI SUKSAN');
    // Zoom.
    await user.click(panel.getByRole('button', { name: en.deposits.review.zoomIn }));
    expect(image.style.width).toBe('150%');
    await user.click(panel.getByRole('button', { name: 'Approve 250.00 THB' }));
    const confirm = within(
      await screen.findByRole('dialog', { name: en.deposits.review.approveTitle }),
    );
    await user.click(confirm.getByRole('button', { name: 'Approve 250.00 THB' }));
    await waitFor(() => expect(screen.queryByTestId('slip-review')).toBeNull());
    const approve = requests.filter((r) => r.method === 'POST');
    expect(approve).toHaveLength(1);
    expect(approve[0]!.body).toEqual({});
    expect(approve[0]!.headers['idempotency-key']).toMatch(/.+/);
    expect(await screen.findByText('Slip approved: 250.00 THB credited')).toBeTruthy();
  });

  it('corrects the amount only down, with a reason; a slip decided elsewhere is said so', async () => {
    const requests = fakeFetch((request: Recorded) => {
      if (request.url.startsWith('/api/operator/deposits/slips?'))
        return { status: 200, body: { rows: [held], total: 1, page: 1 } };
      return { status: 409, body: { message: 'NO_DATA' } };
    });
    const user = userEvent.setup({ delay: null });
    renderPage();
    await user.click(await screen.findByRole('row', { name: `Open slip ${held.reference}` }));
    await user.click(await screen.findByRole('button', { name: en.deposits.review.correct }));
    const dialog = within(
      await screen.findByRole('dialog', { name: en.deposits.review.correctTitle }),
    );
    const amount = dialog.getByLabelText(en.deposits.review.correctAmount);
    await user.clear(amount);
    await user.type(amount, '300');
    await user.type(dialog.getByLabelText(en.deposits.review.correctReason), 'two slips');
    await user.click(dialog.getByRole('button', { name: en.deposits.review.correctConfirm }));
    expect(dialog.getByRole('alert').textContent).toContain('at most 250.00 THB');
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    await user.clear(amount);
    await user.type(amount, '200.50');
    await user.click(dialog.getByRole('button', { name: en.deposits.review.correctConfirm }));
    await waitFor(() =>
      expect(dialog.getByRole('alert').textContent).toBe(en.deposits.review.decidedElsewhere),
    );
    const post = requests.filter((r) => r.method === 'POST');
    expect(post[0]!.body).toEqual({ amount: 200.5, reason: 'two slips' });
  });

  it('rejects with a reason code and the message the member sees', async () => {
    const requests = fakeFetch((request: Recorded) => {
      if (request.url.startsWith('/api/operator/deposits/slips?'))
        return { status: 200, body: { rows: [held], total: 1, page: 1 } };
      return { status: 200, body: { ...held, state: 'failed', reason: 'EXPIRED_SLIP' } };
    });
    const user = userEvent.setup({ delay: null });
    renderPage();
    await user.click(await screen.findByRole('row', { name: `Open slip ${held.reference}` }));
    await user.click(await screen.findByRole('button', { name: en.deposits.review.reject }));
    const dialog = within(
      await screen.findByRole('dialog', { name: en.deposits.review.rejectTitle }),
    );
    await user.click(dialog.getByRole('button', { name: en.deposits.review.reject }));
    // The message is required.
    expect(dialog.getByText(en.dialog.reasonRequired)).toBeTruthy();
    await user.selectOptions(dialog.getByLabelText(en.deposits.review.rejectCode), 'EXPIRED_SLIP');
    await user.type(dialog.getByLabelText(en.deposits.review.rejectNote), 'Sent too late');
    await user.click(dialog.getByRole('button', { name: en.deposits.review.reject }));
    await waitFor(() => expect(screen.queryByTestId('slip-review')).toBeNull());
    const post = requests.filter((r) => r.method === 'POST');
    expect(post[0]!.url).toBe(`/api/operator/deposits/slips/${held.reference}/reject`);
    expect(post[0]!.body).toEqual({ code: 'EXPIRED_SLIP', note: 'Sent too late' });
  });

  it('lists QR deposits with filters from the address', async () => {
    const requests = fakeFetch(() => ({
      status: 200,
      body: {
        rows: [
          {
            reference: 'QR0123456789ABCDEF01',
            memberNo: '10042',
            memberName: 'Somchai',
            gateway: 'KBANK',
            amount: 100.5,
            status: 'PAID',
            createdAt: '2026-11-25T03:00:00.000Z',
            paidAt: '2026-11-25T03:01:00.000Z',
            gatewayTxnId: 'T1',
            lastError: null,
          },
        ],
        total: 1,
        page: 1,
      },
    }));
    renderPage('/deposits?tab=qr&status=PAID&member=10042');
    expect(await screen.findByText('QR0123456789ABCDEF01')).toBeTruthy();
    expect(requests[0]!.url).toBe(
      '/api/operator/deposits/qr?page=1&pageSize=25&status=PAID&member=10042',
    );
    expect(
      screen.getByRole('tab', { name: en.deposits.tabs.qr }).getAttribute('aria-selected'),
    ).toBe('true');
    expect(screen.getByText('100.50')).toBeTruthy();
  });

  // Decision 0124: a thief registered the victim's name and digits; both uploads are held.
  const contested = {
    ...held,
    reference: 'SL0123456789ABCDEF0456',
    memberNo: '10077',
    memberName: 'Somchai Jaidee',
    reviewCause: 'OTHER_MEMBERS_MATCH',
    sender: { bankCode: 'SCB', accountNo: 'xxx-x-x0123-x', name: 'MR SOMCHAI JAIDEE' },
    registered: { bankCode: 'SCB', accountNo: '8001000123', name: 'SOMCHAI JAIDEE' },
    memberRegisteredAt: '2026-11-25T02:50:00.000Z',
    memberTrust: null,
    otherMatches: [
      {
        memberNo: '10042',
        memberName: 'Somchai Jaidee',
        registered: { bankCode: 'SCB', accountNo: '9001000123', name: 'SOMCHAI JAIDEE' },
        registeredAt: '2026-01-02T03:00:00.000Z',
        trusted: true,
        slip: { reference: 'SL0123456789ABCDEF0789', state: 'review' },
      },
    ],
  };

  for (const lang of ['en', 'th'] as const)
    it(`shows why a slip is held and the other members whose account fits (${lang})`, async () => {
      useCatalog(lang);
      const text = lang === 'th' ? th : en;
      fakeFetch((request: Recorded) =>
        request.url.startsWith('/api/operator/deposits/slips?')
          ? { status: 200, body: { rows: [contested], total: 1, page: 1 } }
          : { status: 404, body: { message: 'NO_DATA' } },
      );
      const user = userEvent.setup({ delay: null });
      renderPage();
      const row = await screen.findByRole(
        'row',
        { name: text.deposits.open.replace('{reference}', contested.reference) },
        { timeout: 8000 },
      );
      expect(row.textContent).toContain(text.deposits.cause.OTHER_MEMBERS_MATCH);
      expect(row.textContent).toContain(text.deposits.review.othersCount.replace('{count}', '1'));
      await user.click(row);
      const panel = within(await screen.findByTestId('slip-review'));
      expect(panel.getByTestId('slip-cause').textContent).toContain(
        text.deposits.cause.OTHER_MEMBERS_MATCH,
      );
      expect(panel.getByTestId('slip-trust').textContent).toBe(text.deposits.review.notTrusted);
      const others = within(panel.getByTestId('slip-others'));
      expect(
        others.getByRole('heading', {
          name: text.deposits.review.othersTitle.replace('{count}', '1'),
        }),
      ).toBeTruthy();
      const other = others.getAllByRole('row')[1]!;
      expect(other.textContent).toContain('10042');
      expect(other.textContent).toContain('9001000123');
      expect(other.textContent).toContain(text.deposits.review.yes);
      expect(other.textContent).toContain('SL0123456789ABCDEF0789');
      expect(other.textContent).toContain(text.deposits.slipState.review);
    });

  it('names a new, untrusted account and a trusted one', async () => {
    const fresh = { ...held, reviewCause: 'NEW_ACCOUNT' };
    const trusted = {
      ...held,
      reference: 'SL0123456789ABCDEF0999',
      memberNo: '10099',
      reviewCause: 'NAME_PARTIAL',
      memberTrust: { cause: 'payout', at: '2026-11-24T03:00:00.000Z' },
    };
    fakeFetch(() => ({ status: 200, body: { rows: [fresh, trusted], total: 2, page: 1 } }));
    const user = userEvent.setup({ delay: null });
    renderPage();
    const row = await screen.findByRole(
      'row',
      { name: `Open slip ${fresh.reference}` },
      { timeout: 8000 },
    );
    expect(within(row).getByText(en.deposits.cause.NEW_ACCOUNT)).toBeTruthy();
    await user.click(screen.getByRole('row', { name: `Open slip ${trusted.reference}` }));
    const panel = within(await screen.findByTestId('slip-review'));
    expect(panel.getByTestId('slip-trust').textContent).toContain(en.deposits.trustCause.payout);
    expect(panel.queryByTestId('slip-others')).toBeNull();
  });

  it('reads typed amounts as satang', () => {
    expect([satangOf('200.5'), satangOf('1,000'), satangOf('0'), satangOf('1.001')]).toEqual([
      20050,
      100000,
      null,
      null,
    ]);
  });
});
