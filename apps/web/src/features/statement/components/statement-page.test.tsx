// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/lib/format';
import { registerChatHandler } from '@/lib/chat-launcher';
import { fakeApi, renderRoute } from '@/test/render';
import { StatementPage } from '@/features/statement/components/statement-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const at = new Date(Date.now() - 5 * 60 * 1000).toISOString();
const row = (n: number, over: Record<string, unknown> = {}) => ({
  _id: `st-${n}`,
  statementType: 'transfer',
  status: 'SUCCESS',
  from: 'WALLET',
  to: 'PG',
  amount: 100.5,
  createdAt: at,
  ...over,
});

function pageOf(page: number) {
  if (page !== 1) return Array.from({ length: 10 }, (_, i) => row(page * 100 + i));
  return [
    row(1),
    row(2, {
      statementType: 'withdraw',
      status: 'FAILED',
      to: 'KBANK',
      amount: 20,
      reason: 'Account name does not match',
    }),
    row(3, {
      statementType: 'bonus',
      status: 'PENDING',
      from: 'BONUS',
      to: 'WALLET',
      channel: 'promotion',
      bonus: { description: 'Welcome 100%' },
    }),
    // Decision 0112: the row that ends a grant names it, as a bonus row does.
    row(4, {
      statementType: 'finish_bonus',
      status: 'WAITING',
      from: 'WALLET',
      to: 'BONUS',
      amount: 0,
      channel: 'promotion',
      luckydraw: { description: 'Spin wheel prize' },
    }),
    row(5, { statementType: 'deposit', from: 'OPERATOR', to: 'WALLET', promotion: null }),
  ];
}

describe('statement page', () => {
  it('shows type, status, from and to, amount, time and the related description', async () => {
    fakeApi({
      'POST /api/statement': (body) => ({
        json: { total: 5, statements: pageOf((body as { page: number }).page) },
      }),
    });
    renderRoute(<StatementPage />, { path: '/user/statement', url: '/user/statement' });
    const rows = await screen.findAllByTestId('statement-row');
    expect(rows).toHaveLength(5);
    const text = (index: number, id: string) => within(rows[index]!).getByTestId(id).textContent;
    expect(text(0, 'statement-type')).toBe('Transfer');
    expect(text(0, 'statement-status')).toBe('Success');
    expect(text(0, 'statement-parties')).toContain('Wallet → PG');
    expect(text(0, 'statement-amount')).toBe('฿100.50');
    expect(text(0, 'statement-time')).toBe(formatDateTime(at));
    expect(text(0, 'statement-ago')).toBe('5 minutes ago');
    expect(text(1, 'statement-type')).toBe('Withdrawal');
    expect(text(1, 'statement-status')).toBe('Failed');
    // Decision 0090: a rejected withdrawal shows the operator's reason; other rows none.
    expect(text(1, 'statement-reason')).toBe('Reason: Account name does not match');
    expect(within(rows[0]!).queryByTestId('statement-reason')).toBeNull();
    expect(text(2, 'statement-status')).toBe('In progress');
    // Promotion rows say what happened, by name (issue 26, decision 0132).
    expect(text(2, 'statement-type')).toBe('Bonus received');
    expect(text(2, 'statement-related')).toBe('Welcome 100%');
    expect(text(3, 'statement-type')).toBe('Spin prize ended');
    expect(text(3, 'statement-status')).toBe('In progress');
    expect(text(3, 'statement-parties')).toBe('Nothing forfeited');
    expect(text(3, 'statement-related')).toBe('Spin wheel prize');
    expect(text(4, 'statement-parties')).toContain('Operator → Wallet');
    expect(within(rows[4]!).queryByTestId('statement-related')).toBeNull();
    // One page only: no pager.
    expect(screen.queryByTestId('statement-pager')).toBeNull();
  });

  it('names deposit channels and games instead of raw codes (issue 16)', async () => {
    fakeApi({
      'POST /api/statement': () => ({
        json: {
          total: 4,
          statements: [
            row(1, {
              statementType: 'deposit',
              from: 'GIFT_LINK',
              to: 'WALLET',
              channel: 'gift_link',
            }),
            row(2, { statementType: 'deposit', from: 'KBANK', to: 'WALLET', channel: 'qr' }),
            row(3, { statementType: 'deposit', from: 'KBANK', to: 'WALLET', channel: 'slip' }),
            row(4, { from: 'WALLET', to: 'JOKER', channel: 'game' }),
          ],
        },
      }),
      'GET /api/wallet': () => ({ json: { slots: [{ code: 'JOKER', name: 'Joker Gaming' }] } }),
    });
    renderRoute(<StatementPage />, { path: '/user/statement', url: '/user/statement' });
    const rows = await screen.findAllByTestId('statement-row');
    const parties = () =>
      rows.map((item) => within(item).getByTestId('statement-parties').textContent);
    await waitFor(() => expect(parties()[3]).toContain('Wallet → Joker Gaming'));
    expect(parties()[0]).toContain('Gift link → Wallet');
    expect(parties()[1]).toContain('QR code (KBANK) → Wallet');
    expect(parties()[2]).toContain('Bank slip (KBANK) → Wallet');
    // The screen-reader sentence names them too.
    expect(parties()[1]).toContain('From QR code (KBANK) to Wallet');
  });

  it('pages 10 at a time with three pages before the current one and one after', async () => {
    const api = fakeApi({
      'POST /api/statement': (body) => ({
        json: { total: 95, statements: pageOf((body as { page: number }).page) },
      }),
    });
    const user = userEvent.setup({ delay: null });
    renderRoute(<StatementPage />, { path: '/user/statement', url: '/user/statement' });
    const pager = await screen.findByTestId('statement-pager');
    const numbers = () =>
      within(pager)
        .getAllByRole('button')
        .map((b) => b.dataset.page)
        .filter(Boolean);
    expect(numbers()).toEqual(['1', '2']);
    expect(api.called('POST /api/statement')[0]?.body).toEqual({ page: 1, limit: 10 });

    await user.click(within(pager).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(numbers()).toEqual(['1', '2', '3']));
    // Each page's button appears once the page before it is current.
    for (const page of [3, 4, 5]) {
      await user.click(await within(pager).findByRole('button', { name: `Page ${page}` }));
    }
    await waitFor(() => expect(numbers()).toEqual(['2', '3', '4', '5', '6']));
    expect(within(pager).getByRole('button', { name: 'Page 5' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(api.called('POST /api/statement').at(-1)?.body).toEqual({ page: 5, limit: 10 });
    await waitFor(() => expect(screen.getAllByTestId('statement-row')).toHaveLength(10));
  });

  it('opens the slip upload-status dialog', async () => {
    fakeApi({ 'POST /api/statement': () => ({ json: { total: 0, statements: [] } }) });
    const user = userEvent.setup({ delay: null });
    renderRoute(<StatementPage />, { path: '/user/statement', url: '/user/statement' });
    expect(await screen.findByTestId('statement-empty')).toBeTruthy();
    await user.click(screen.getByTestId('upload-status-button'));
    expect(screen.getByRole('dialog', { name: 'Slip upload status' })).toBeTruthy();
  });
});

describe('statement page: ask about this (issue 14)', () => {
  it('each row asks the chat about itself (a withdrawal as a withdrawal), only while the chat is on', async () => {
    fakeApi({
      'POST /api/statement': () => ({ json: { total: 5, statements: pageOf(1) } }),
    });
    renderRoute(<StatementPage />, { path: '/user/statement', url: '/user/statement' });
    const rows = await screen.findAllByTestId('statement-row');
    expect(screen.queryAllByTestId('ask-about')).toHaveLength(0);

    const asked = vi.fn();
    const unregister = registerChatHandler(asked);
    await waitFor(() => expect(screen.getAllByTestId('ask-about')).toHaveLength(5));
    await userEvent.click(
      within(rows[1]!).getByRole('button', { name: 'Ask support about this Withdrawal' }),
    );
    expect(asked).toHaveBeenLastCalledWith({ kind: 'withdrawal', ref: 'st-2' });
    await userEvent.click(within(rows[0]!).getByTestId('ask-about'));
    expect(asked).toHaveBeenLastCalledWith({ kind: 'statement', ref: 'st-1' });
    unregister();
    await waitFor(() => expect(screen.queryAllByTestId('ask-about')).toHaveLength(0));
  });
});
