// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToasts } from '@/components/toast/toast-store';
import { formatDateTime } from '@/lib/format';
import { registerChatHandler } from '@/lib/chat-launcher';
import { fakeApi, renderRoute, type FakeRoutes } from '@/test/render';
import { SlipStatusDialog } from '@/features/statement/components/slip-status-dialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const at = '2026-11-22T03:04:05.000Z';
const slip = (n: number, over: Record<string, unknown> = {}) => ({
  _id: `slip-${n}`,
  amount: 100,
  status: 'processing',
  note: null,
  createdAt: at,
  link: null,
  reference: null,
  ...over,
});

const firstPage = [
  slip(1, { status: 'success', amount: 1500.5, link: '/api/files/slips/abc.png?sig=1' }),
  slip(2, { status: 'failed', amount: 0, note: 'SLIP_REFNO_DUPLICATED', reference: 'REF123' }),
  slip(3, { status: 'processing', amount: -1 }),
  slip(4, {
    status: 'failed',
    amount: 20,
    note: 'NOT_MATCH',
    link: 'javascript:alert(1)',
    reviewNote: 'The sender is not the account holder',
  }),
];

async function open(routes: FakeRoutes = {}, total = 4) {
  const api = fakeApi({
    'POST /api/statement/slip': (body) => {
      const page = (body as { page: number }).page;
      return {
        json: {
          total,
          slips:
            page === 1 ? firstPage : Array.from({ length: 10 }, (_, i) => slip(page * 100 + i)),
        },
      };
    },
    ...routes,
  });
  const user = userEvent.setup({ delay: null });
  renderRoute(<SlipStatusDialog onClose={vi.fn()} />, { path: '/', url: '/' });
  const dialog = within(await screen.findByTestId('slip-status-dialog'));
  await dialog.findByTestId('slip-table');
  return { api, user, dialog };
}

describe('slip status dialog', () => {
  it('shows received time, amount (a dash when not positive), status, reason and the view link', async () => {
    const { api, dialog } = await open();
    expect(api.called('POST /api/statement/slip')[0]?.body).toEqual({ page: 1, limit: 10 });
    expect(dialog.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Received',
      'Amount',
      'Status',
      'Reason',
      'Slip',
    ]);
    const rows = dialog.getAllByTestId('slip-row');
    expect(rows).toHaveLength(4);
    const cell = (row: number, id: string) => within(rows[row]!).getByTestId(id);
    expect(cell(0, 'slip-time').textContent).toBe(`Received${formatDateTime(at)}`);
    expect(cell(0, 'slip-amount').textContent).toBe('Amount฿1,500.50');
    expect(cell(1, 'slip-amount').textContent).toBe('Amount-');
    expect(cell(2, 'slip-amount').textContent).toBe('Amount-');
    expect(cell(0, 'slip-status').textContent).toBe('StatusSuccess');
    expect(cell(1, 'slip-status').textContent).toBe('StatusFailed');
    expect(cell(2, 'slip-status').textContent).toBe('StatusProcessing');
    expect(cell(1, 'slip-reason').textContent).toBe('ReasonDuplicate slip');
    // A slip an operator refused carries their note under the reason (decision 0091).
    expect(cell(3, 'slip-reason').textContent).toBe(
      'ReasonThe account number does not match your registered account' +
        'Note from our staff: The sender is not the account holder',
    );
    expect(within(rows[1]!).queryByTestId('slip-review-note')).toBeNull();
    const link = within(rows[0]!).getByRole('link', {
      name: `View the slip received ${formatDateTime(at)}`,
    }) as HTMLAnchorElement;
    expect(link.href).toBe(`${window.location.origin}/api/files/slips/abc.png?sig=1`);
    expect(link.target).toBe('_blank');
    expect(link.rel).toContain('noopener');
    // A reference instead of a link: a button that looks the link up.
    expect(within(rows[1]!).getByTestId('slip-view').tagName).toBe('BUTTON');
    // Neither a usable link nor a reference: nothing to open.
    expect(within(rows[3]!).queryByTestId('slip-view')).toBeNull();
  });

  it('looks the image up by its reference and opens it in a new window', async () => {
    const tab = { opener: {}, closed: false, location: { href: '' }, close: vi.fn() };
    const openWindow = vi.fn(() => tab);
    vi.stubGlobal('open', openWindow);
    const { api, user, dialog } = await open({
      'GET /api/statement/slip/reference/REF123': () => ({
        json: { url: 'http://127.0.0.1:3000/api/files/slips/ref.png?sig=2' },
      }),
    });
    await user.click(dialog.getAllByTestId('slip-view')[1]!);
    await waitFor(() =>
      expect(tab.location.href).toBe('http://127.0.0.1:3000/api/files/slips/ref.png?sig=2'),
    );
    expect(openWindow).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    expect(api.called('GET /api/statement/slip/reference/REF123')).toHaveLength(1);
  });

  it('closes the new window and shows a red toast when the lookup fails', async () => {
    const tab = { opener: {}, closed: false, location: { href: '' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    const { user, dialog } = await open({
      'GET /api/statement/slip/reference/REF123': () => ({
        status: 404,
        json: { message: 'NO_DATA' },
      }),
    });
    await user.click(dialog.getAllByTestId('slip-view')[1]!);
    await waitFor(() => expect(tab.close).toHaveBeenCalled());
    expect(getToasts().map((t) => t.message)).toContain('No data found');
  });

  it('pages 10 at a time and refreshes', async () => {
    const { api, user, dialog } = await open({}, 25);
    const pager = dialog.getByTestId('slip-pager');
    expect(
      within(pager)
        .getAllByRole('button')
        .map((b) => b.dataset.page)
        .filter(Boolean),
    ).toEqual(['1', '2']);
    await user.click(within(pager).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(dialog.getAllByTestId('slip-row')).toHaveLength(10));
    expect(api.called('POST /api/statement/slip').at(-1)?.body).toEqual({ page: 2, limit: 10 });
    const before = api.called('POST /api/statement/slip').length;
    await user.click(dialog.getByTestId('slip-refresh'));
    await waitFor(() => expect(api.called('POST /api/statement/slip').length).toBe(before + 1));
    expect(api.called('POST /api/statement/slip').at(-1)?.body).toEqual({ page: 2, limit: 10 });
  });

  it('says when there are no slips', async () => {
    fakeApi({ 'POST /api/statement/slip': () => ({ json: { total: 0, slips: [] } }) });
    renderRoute(<SlipStatusDialog onClose={vi.fn()} />, { path: '/', url: '/' });
    expect((await screen.findByTestId('slip-empty')).textContent).toBe(
      'You have not uploaded any slips yet.',
    );
  });
});

describe('slip status dialog: ask about this (issue 14)', () => {
  it('a slip row asks the chat about that slip and the dialog closes for the chat', async () => {
    const asked = vi.fn();
    const unregister = registerChatHandler(asked);
    fakeApi({
      'POST /api/statement/slip': () => ({ json: { total: 4, slips: firstPage } }),
    });
    const onClose = vi.fn();
    renderRoute(<SlipStatusDialog onClose={onClose} />, { path: '/', url: '/' });
    const rows = await screen.findAllByTestId('slip-row');
    await userEvent.click(
      within(rows[1]!).getByRole('button', { name: 'Ask support about this Deposit slip' }),
    );
    expect(asked).toHaveBeenCalledWith({ kind: 'slip', ref: 'slip-2' });
    expect(onClose).toHaveBeenCalled();
    unregister();
  });
});
