// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderRoute } from '@/test/render';
import { LimitOffer } from '@/features/protection/components/limit-offer';

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('remember_agreement', 'true');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type Limit = {
  kind: 'deposit' | 'loss';
  period: 'day' | 'week' | 'month';
  amount: number | null;
  used: number;
  remaining: number | null;
  pending: null;
};
const state = (over: Partial<{ limits: Limit[]; depositCredited: boolean; block: unknown }>) => ({
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
const wallet = (id = 'm-1', currency = 'LAK') => ({
  json: {
    profile: { username: '0812345678', name: 'A', coin: 0, _id: id },
    bankAccount: {},
    wallet: { amount: 0, currency },
    invite: { amount: 0, success: 0, fail: 0 },
    slots: [],
  },
});

/** Both reads answered and rendered: what the offer shows now is its decision. */
async function settled(api: ReturnType<typeof fakeApi>) {
  await waitFor(() => {
    expect(api.called('GET /api/wallet').length).toBeGreaterThan(0);
    expect(api.called('GET /api/protection').length).toBeGreaterThan(0);
  });
  await new Promise((resolve) => setTimeout(resolve, 100));
}

const renderOffer = (place: 'home' | 'deposit') =>
  renderRoute(<LimitOffer place={place} />, { path: '/user/home', url: '/user/home' });

describe('deposit-limit offer (issue 28, decision 0147)', () => {
  it('sets a limit in place with the Play safe row, then says it is set', async () => {
    const api = fakeApi({
      'GET /api/protection': () => ({ json: state({}) }),
      'GET /api/wallet': () => wallet(),
      'PUT /api/protection/limits': () => ({
        json: state({
          limits: [
            { kind: 'deposit', period: 'day', amount: 500, used: 0, remaining: 500, pending: null },
          ],
        }),
      }),
    });
    renderOffer('home');
    const offer = await screen.findByRole('region', { name: 'Set a deposit limit? (optional)' });
    expect(offer.textContent).toContain('24 hours, 7 days or 30 days');
    await userEvent.click(screen.getByTestId('limit-offer-home-set'));
    const input = screen.getByTestId('limit-deposit-day-input');
    await waitFor(() => expect(document.activeElement).toBe(input));
    expect(screen.getByTestId('limit-deposit-week-input')).toBeTruthy();
    expect(screen.getByTestId('limit-deposit-month-input')).toBeTruthy();
    await userEvent.type(input, '500');
    await userEvent.click(screen.getByTestId('limit-deposit-day-save'));
    expect((await screen.findByTestId('limit-offer-home-done')).textContent).toBe(
      'Your deposit limit is set. You can change it in Play safe.',
    );
    expect(api.called('PUT /api/protection/limits')[0]?.body).toEqual({
      kind: 'deposit',
      period: 'day',
      amount: 500,
    });
    // The row shows the limit in the member's currency.
    expect(screen.getByTestId('limit-deposit-day-amount').textContent).toBe('₭500.00');
    await userEvent.click(screen.getByTestId('limit-offer-home-close'));
    expect(screen.queryByTestId('limit-offer-home')).toBeNull();
    // Nothing stored: the limit itself keeps the offer away.
    expect(Object.keys(localStorage).filter((k) => k.startsWith('limit-offer'))).toEqual([]);
  });

  it('a skip is remembered for this member and this place only', async () => {
    const api = fakeApi({
      'GET /api/protection': () => ({ json: state({}) }),
      'GET /api/wallet': () => wallet('m-1'),
    });
    renderOffer('home');
    await userEvent.click(await screen.findByTestId('limit-offer-home-skip'));
    expect(screen.queryByTestId('limit-offer-home')).toBeNull();
    expect(localStorage.getItem('limit-offer-skipped:m-1:home')).not.toBeNull();
    cleanup();
    // Not asked again on the home ...
    const before = api.calls.length;
    renderOffer('home');
    await waitFor(() => expect(api.calls.length).toBeGreaterThanOrEqual(before + 2));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByTestId('limit-offer-home')).toBeNull();
    cleanup();
    // ... but still at the first deposit,
    renderOffer('deposit');
    expect(await screen.findByTestId('limit-offer-deposit')).toBeTruthy();
    cleanup();
    vi.unstubAllGlobals();
    // and another member on this phone is asked.
    fakeApi({
      'GET /api/protection': () => ({ json: state({}) }),
      'GET /api/wallet': () => wallet('m-2'),
    });
    renderOffer('home');
    expect(await screen.findByTestId('limit-offer-home')).toBeTruthy();
  });

  it.each([
    ['a deposit was credited', state({ depositCredited: true })],
    [
      'a deposit limit is set',
      state({
        limits: [
          { kind: 'deposit', period: 'month', amount: 9, used: 0, remaining: 9, pending: null },
        ],
      }),
    ],
    [
      'a time-out is in force',
      state({
        block: {
          kind: 'time_out',
          startedAt: new Date().toISOString(),
          endsAt: new Date(Date.now() + 3_600_000).toISOString(),
        },
      }),
    ],
  ])('is not offered when %s', async (_why, answer) => {
    const api = fakeApi({
      'GET /api/protection': () => ({ json: answer }),
      'GET /api/wallet': () => wallet(),
    });
    renderOffer('deposit');
    await settled(api);
    expect(screen.queryByTestId('limit-offer-deposit')).toBeNull();
  });
});
