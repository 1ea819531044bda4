// @vitest-environment jsdom
// The markers-of-harm queue (issue 28): markers in words with their figures, the contact
// state, a note through its dialog, and "contacted" after a confirmation; the page pages the
// queue like the console's other long lists (previous / next, page size sent to the server).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/toast';
import { fakeFetch, useCatalog } from '@/test/setup';
import type { HarmQueue } from '../api';
import HarmPage from '../page';
import { HarmQueueTable } from './harm-queue';

const at = '2026-11-20T03:00:00.000Z';
const entry = (memberNo: string): HarmQueue['rows'][number] => ({
  memberNo,
  name: 'Somchai',
  markers: [{ marker: 'depositsPerDay', figure: 6, threshold: 5 }],
  firstSeen: at,
  lastSeen: at,
  contacted: null,
  needsContact: true,
  notes: [],
});
const queue: HarmQueue = {
  rows: [entry('10007')],
  total: 1,
  page: 1,
  needsContact: 1,
  settings: {
    depositAfterLossMinutes: 30,
    depositAfterLossCount: 2,
    depositsPerDay: 5,
    cancelledWithdrawals: 2,
    longSessionHours: 6,
    lateNightNights: 3,
    limitRaises: 3,
  },
};

function show(ui = <HarmQueueTable queue={queue} loading={false} page={1} onPage={() => {}} />) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <ToastProvider>{ui}</ToastProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('harm queue', () => {
  beforeEach(() => useCatalog('en'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows markers with figures; adds a note and marks contacted', async () => {
    const requests = fakeFetch((request) =>
      request.url.endsWith('/notes')
        ? { status: 200, body: { id: 1, at, by: 'support', text: 'Called' } }
        : { status: 200, body: { by: 'support', at } },
    );
    show();
    expect(screen.getByText('6 deposits in one day (threshold 5)')).toBeTruthy();
    expect(screen.getByText('To contact')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add a note on 10007' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add note' }));
    expect(within(dialog).getByText('Type a note')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Note'), { target: { value: ' Called ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add note' }));
    await screen.findByText('Note added');
    expect(requests[0]).toMatchObject({ method: 'POST', body: { text: 'Called' } });
    expect(requests[0]!.url).toContain('/api/operator/harm/10007/notes');

    fireEvent.click(screen.getByRole('button', { name: 'Mark 10007 contacted' }));
    const confirm = screen.getByRole('dialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Mark contacted' }));
    await screen.findByText('Marked contacted');
    expect(requests[1]!.url).toContain('/api/operator/harm/10007/contacted');
  });

  it(
    'pages the queue: 20 a page, the total of all pages, previous and next',
    { timeout: 20_000 },
    async () => {
      const total = 45;
      const requests = fakeFetch((request) => {
        const url = new URL(request.url, 'http://console.test');
        const page = Number(url.searchParams.get('page'));
        const size = Number(url.searchParams.get('pageSize'));
        const rows = Array.from({
          length: Math.max(0, Math.min(size, total - (page - 1) * size)),
        }).map((_, i) => entry(String(10000 + (page - 1) * size + i)));
        return { status: 200, body: { ...queue, rows, total, page, needsContact: 30 } };
      });
      show(<HarmPage />);
      const table = await screen.findByRole('table', { name: /Members matching a marker/ });
      await within(table).findByRole('link', { name: '10000' });
      expect(within(table).getAllByRole('link')).toHaveLength(20);
      expect(screen.getByText('45 flagged · 30 not contacted')).toBeTruthy();
      const pager = screen.getByRole('navigation', { name: 'Pages' });
      expect(pager.textContent).toContain('Page 1 of 3');
      expect(within(pager).getByRole('button', { name: /Previous/ })).toHaveProperty(
        'disabled',
        true,
      );
      fireEvent.click(within(pager).getByRole('button', { name: /Next/ }));
      await within(table).findByRole('link', { name: '10020' });
      expect(within(table).queryByRole('link', { name: '10000' })).toBeNull();
      fireEvent.click(within(pager).getByRole('button', { name: /Next/ }));
      await within(table).findByRole('link', { name: '10044' });
      expect(within(table).getAllByRole('link')).toHaveLength(5);
      expect(pager.textContent).toContain('Page 3 of 3');
      expect(within(pager).getByRole('button', { name: /Next/ })).toHaveProperty('disabled', true);
      const asked = requests.map((r) => new URL(r.url, 'http://console.test').search);
      expect(asked).toEqual(['?page=1&pageSize=20', '?page=2&pageSize=20', '?page=3&pageSize=20']);
    },
  );
});
