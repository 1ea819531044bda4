// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderRoute } from '@/test/render';
import { RealityCheck } from '@/features/protection/components/reality-check';
import { delayToNext, intervalsPassed } from '@/features/protection/lib/reality-check';

const MINUTE = 60_000;
const start = Date.parse('2026-11-28T10:00:00.000Z');

beforeEach(() => {
  sessionStorage.clear();
  vi.useFakeTimers({ shouldAdvanceTime: true, now: start + 5 * MINUTE });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const state = (minutes: number) => ({
  limits: [],
  block: null,
  realityCheckMinutes: minutes,
  session: { startedAt: new Date(start).toISOString(), netResult: -120.5 },
  netDeposits: { lifetime: 0, months: [] },
  depositCredited: false,
  returns: [],
  marketingConsent: true,
});

describe('reality-check timing', () => {
  it('counts whole intervals from the start and waits at most 30 s', () => {
    expect(intervalsPassed(start, 30, start + 29 * MINUTE)).toBe(0);
    expect(intervalsPassed(start, 30, start + 30 * MINUTE)).toBe(1);
    expect(intervalsPassed(start, 30, start + 95 * MINUTE)).toBe(3);
    expect(intervalsPassed(start, 0, start + 95 * MINUTE)).toBe(0);
    expect(delayToNext(start, 30, start + 29 * MINUTE + 50_000)).toBe(10_000);
    expect(delayToNext(start, 30, start)).toBe(30_000);
  });
});

describe('reality check', () => {
  it('opens after N minutes of the session, by the clock, not by counted ticks', async () => {
    fakeApi({
      'GET /api/protection': () => ({ json: state(30) }),
      'GET /api/wallet': () => ({ json: { wallet: { amount: 0, currency: 'THB' } } }),
    });
    const onLogout = vi.fn();
    renderRoute(<RealityCheck onLogout={onLogout} />, {
      path: '/user/home',
      url: '/user/home',
      others: { '/user/statement': <p>statement</p> },
    });
    await act(() => vi.advanceTimersByTimeAsync(10 * MINUTE));
    expect(screen.queryByTestId('reality-check-dialog')).toBeNull();
    // The tab slept: the clock jumps 20 minutes while no timer ran; the next look sees it.
    vi.setSystemTime(start + 36 * MINUTE);
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    const dialog = await screen.findByTestId('reality-check-dialog');
    expect(dialog.getAttribute('role')).toBe('alertdialog');
    expect(screen.getByTestId('reality-since').textContent).toBe('You signed in 0 h 36 min ago.');
    await vi.waitFor(() =>
      expect(screen.getByTestId('reality-net').textContent).toBe('Result this session: -฿120.50'),
    );
    await userEvent.click(screen.getByTestId('reality-keep-playing'));
    expect(screen.queryByTestId('reality-check-dialog')).toBeNull();
    // Not again until the next interval (60 min).
    await act(() => vi.advanceTimersByTimeAsync(20 * MINUTE));
    expect(screen.queryByTestId('reality-check-dialog')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(5 * MINUTE));
    await screen.findByTestId('reality-check-dialog');
    await userEvent.click(screen.getByTestId('reality-logout'));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('stays quiet when the member turned it off', async () => {
    fakeApi({ 'GET /api/protection': () => ({ json: state(0) }) });
    renderRoute(<RealityCheck onLogout={() => undefined} />, {
      path: '/user/home',
      url: '/user/home',
    });
    await act(() => vi.advanceTimersByTimeAsync(120 * MINUTE));
    expect(screen.queryByTestId('reality-check-dialog')).toBeNull();
  });
});
