// @vitest-environment jsdom
// The member page's Protection tab (issue 28): it shows the limits, the block and the history,
// and applies a time-out only with a reason and after a confirmation. No control lifts one.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/toast';
import { fakeFetch, useCatalog } from '@/test/setup';
import { ProtectionTab } from './protection-tab';

const at = '2026-11-20T03:00:00.000Z';
const state = (block: unknown) => ({
  limits: [
    {
      kind: 'deposit',
      period: 'day',
      amount: 1000,
      used: 250,
      remaining: 750,
      pending: { amount: 5000, requestedAt: at, confirmableAt: at },
    },
  ],
  block,
  realityCheckMinutes: 60,
  session: null,
  netDeposits: { lifetime: 0, months: [] },
  depositCredited: false,
  returns: [],
  marketingConsent: true,
});

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <ProtectionTab memberNo="10002" />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

describe('protection tab', () => {
  beforeEach(() => useCatalog('en'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows limits, the reality check and the history; applies a time-out with a reason after a confirmation', async () => {
    let applied = false;
    const requests = fakeFetch((request) => {
      if (request.method === 'POST') {
        applied = true;
        return { status: 200, body: state({ kind: 'time_out', startedAt: at, endsAt: at }) };
      }
      return {
        status: 200,
        body: {
          state: state(applied ? { kind: 'time_out', startedAt: at, endsAt: at } : null),
          history: [
            {
              id: 1,
              at,
              actor: 'member:2',
              operator: null,
              change: 'limit:deposit:day',
              old: { amount: null },
              new: { amount: 1000 },
              reason: 'Set by the member',
            },
            {
              id: 2,
              at,
              actor: 'operator:3',
              operator: 'support',
              change: 'time_out',
              old: null,
              new: { kind: 'time_out', duration: '6w', startedAt: at, endsAt: at },
              reason: 'Asked by phone',
            },
          ],
        },
      };
    });
    show();
    expect(await screen.findByText('Set by the member')).toBeTruthy();
    expect(screen.getByText('Every 60 minutes')).toBeTruthy();
    expect(screen.getByText(/Waiting for the member: 5,000.00/)).toBeTruthy();
    expect(screen.getByTestId('protection-block').textContent).toBe('None');
    // The history in words: the change, who, old and new values; no raw codes.
    const history = screen.getByRole('table', { name: 'Every change, newest first' });
    const cells = within(history)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual(
      expect.arrayContaining([
        'The member',
        'Deposit limit per day: set or lowered (at once)',
        'No limit',
        '1,000.00',
        'Operator support',
        'Time-out started',
        'None',
        'Time-out for 6 weeks, until 20/11/2026 10:00',
      ]),
    );
    expect(history.textContent).not.toMatch(/limit:|time_out|member:2/);
    expect(screen.queryByRole('button', { name: /lift|shorten/i })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Apply a time-out' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Duration'), { target: { value: '7d' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText('Enter a reason')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Reason/), {
      target: { value: 'Member called for a break' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByRole('alert').textContent).toContain('7 days');
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply now' }));
    await screen.findByText('Time-out applied');
    const post = requests.find((r) => r.method === 'POST')!;
    expect(post.url).toContain('/api/operator/members/10002/protection/time-out');
    expect(post.body).toEqual({ duration: '7d', reason: 'Member called for a break' });
    expect(await screen.findByText(/Time-out · until/)).toBeTruthy();
  });
});
