// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/lib/format';
import { fakeApi, renderRoute } from '@/test/render';
import { ProtectionPage } from '@/features/protection/components/protection-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const HOUR = 3_600_000;
type Limit = {
  kind: 'deposit' | 'loss';
  period: 'day' | 'week' | 'month';
  amount: number | null;
  used: number;
  remaining: number | null;
  pending: { amount: number | null; requestedAt: string; confirmableAt: string } | null;
};
const state = (
  over: Partial<{ limits: Limit[]; block: unknown; realityCheckMinutes: number }>,
) => ({
  limits: [],
  block: null,
  realityCheckMinutes: 0,
  session: null,
  netDeposits: { lifetime: 0, months: [] },
  depositCredited: false,
  returns: [],
  marketingConsent: true,
  ...over,
});
const wallet = (amount: number, currency = 'THB') => ({
  json: {
    profile: { username: '0812345678', name: 'A', coin: 0, _id: '1' },
    bankAccount: {},
    wallet: { amount, currency },
    invite: { amount: 0, success: 0, fail: 0 },
    slots: [],
  },
});

const renderPage = () =>
  renderRoute(<ProtectionPage />, {
    path: '/user/protection',
    url: '/user/protection',
    others: { '/user/home': <p>home page</p> },
  });

describe('Play safe page', () => {
  it('shows limits with used and left in the member currency, and sets one', async () => {
    const day: Limit = {
      kind: 'deposit',
      period: 'day',
      amount: 1000,
      used: 250,
      remaining: 750,
      pending: null,
    };
    const api = fakeApi({
      'GET /api/protection': () => ({ json: state({ limits: [day] }) }),
      'GET /api/wallet': () => wallet(50, 'LAK'),
      'PUT /api/protection/limits': (body) => ({
        json: state({
          limits: [
            day,
            {
              ...day,
              period: 'week',
              amount: 5000,
              used: 250,
              remaining: 4750,
              ...(body as object),
              pending: null,
            } as Limit,
          ],
        }),
      }),
    });
    renderPage();
    const row = await screen.findByTestId('limit-deposit-day');
    expect(within(row).getByTestId('limit-deposit-day-amount').textContent).toBe('₭1,000.00');
    expect(within(row).getByTestId('limit-deposit-day-used').textContent).toBe('₭250.00');
    expect(within(row).getByTestId('limit-deposit-day-remaining').textContent).toBe('₭750.00');
    expect(screen.getByTestId('limit-loss-month-amount').textContent).toBe('No limit');

    await userEvent.type(screen.getByLabelText('New deposit limit for 7 days'), '5000');
    await userEvent.click(screen.getByTestId('limit-deposit-week-save'));
    expect(api.called('PUT /api/protection/limits')[0]?.body).toEqual({
      kind: 'deposit',
      period: 'week',
      amount: 5000,
    });
    expect((await screen.findByTestId('limit-deposit-week-amount')).textContent).toBe('₭5,000.00');
  });

  it('shows a pending raise with its time, and Confirm once allowed', async () => {
    const confirmableAt = new Date(Date.now() + 5 * HOUR).toISOString();
    const api = fakeApi({
      'GET /api/protection': () => ({
        json: state({
          limits: [
            {
              kind: 'deposit',
              period: 'day',
              amount: 100,
              used: 0,
              remaining: 100,
              pending: { amount: 500, requestedAt: new Date().toISOString(), confirmableAt },
            },
            {
              kind: 'loss',
              period: 'week',
              amount: 100,
              used: 0,
              remaining: 100,
              pending: {
                amount: null,
                requestedAt: new Date(Date.now() - 25 * HOUR).toISOString(),
                confirmableAt: new Date(Date.now() - HOUR).toISOString(),
              },
            },
          ],
        }),
      }),
      'GET /api/wallet': () => wallet(0),
      'POST /api/protection/limits/confirm': () => ({ json: state({}) }),
    });
    renderPage();
    const pending = await screen.findByTestId('limit-deposit-day-pending');
    expect(pending.textContent).toContain('Raise to ฿500.00 asked for');
    expect(pending.textContent).toContain(
      `You can confirm it from ${formatDateTime(confirmableAt)}.`,
    );
    expect(screen.queryByTestId('limit-deposit-day-confirm')).toBeNull();
    expect(screen.getByTestId('limit-loss-week-pending').textContent).toContain(
      'Removal asked for',
    );
    await userEvent.click(screen.getByTestId('limit-loss-week-confirm'));
    expect(api.called('POST /api/protection/limits/confirm')[0]?.body).toEqual({
      kind: 'loss',
      period: 'week',
    });
  });

  it('a time-out asks first, saying it cannot be undone; a refusal is shown translated', async () => {
    const retryAt = new Date(Date.now() + 30 * 24 * HOUR).toISOString();
    const api = fakeApi({
      'GET /api/protection': () => ({ json: state({}) }),
      'GET /api/wallet': () => wallet(0),
      'POST /api/protection/time-out': () => ({
        status: 409,
        json: { message: 'PROTECTION_ALREADY_LONGER', retryAt },
      }),
    });
    renderPage();
    await userEvent.click(await screen.findByTestId('time-out-7d'));
    await userEvent.click(screen.getByTestId('time-out-start'));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Take a time-out for 7 days?');
    expect(dialog.textContent).toContain('cannot be undone or shortened');
    await userEvent.click(within(dialog).getByTestId('time-out-confirm'));
    expect(api.called('POST /api/protection/time-out')[0]?.body).toEqual({ duration: '7d' });
    expect((await screen.findByTestId('time-out-error')).textContent).toContain(
      `You can try again from ${formatDateTime(retryAt)}.`,
    );
  });

  it('after a self-exclusion, offers to withdraw the whole balance', async () => {
    const endsAt = new Date(Date.now() + 365 * 24 * HOUR).toISOString();
    const api = fakeApi({
      'GET /api/protection': () => ({ json: state({}) }),
      'GET /api/wallet': () => wallet(700),
      'POST /api/protection/self-exclusion': () => ({
        json: state({
          block: { kind: 'self_exclusion', startedAt: new Date().toISOString(), endsAt },
        }),
      }),
    });
    const { router } = renderPage();
    await userEvent.click(await screen.findByTestId('self-exclusion-1y'));
    await userEvent.click(screen.getByTestId('self-exclusion-start'));
    await userEvent.click(await screen.findByTestId('self-exclusion-confirm'));
    expect(api.called('POST /api/protection/self-exclusion')[0]?.body).toEqual({ duration: '1y' });
    const ask = await screen.findByTestId('protection-withdraw-ask');
    expect(ask.textContent).toContain('Your wallet holds ฿700.00');
    expect(screen.getByTestId('protection-block').textContent).toContain(formatDateTime(endsAt));
    await userEvent.click(screen.getByTestId('protection-withdraw-all'));
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/user/home?withdraw=all',
    );
  });

  it('sets the reality check', async () => {
    const api = fakeApi({
      'GET /api/protection': () => ({ json: state({ realityCheckMinutes: 0 }) }),
      'GET /api/wallet': () => wallet(0),
      'PUT /api/protection/reality-check': () => ({ json: state({ realityCheckMinutes: 30 }) }),
    });
    renderPage();
    await userEvent.click(await screen.findByLabelText('Every 30 minutes'));
    expect(api.called('PUT /api/protection/reality-check')[0]?.body).toEqual({ minutes: 30 });
    await vi.waitFor(() =>
      expect((screen.getByTestId('reality-check-30') as HTMLInputElement).checked).toBe(true),
    );
  });
});
