// @vitest-environment jsdom
// The markers-of-harm queue (issue 28): markers in words with their figures, the contact
// state, a note through its dialog, and "contacted" after a confirmation.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/toast';
import { fakeFetch, useCatalog } from '@/test/setup';
import type { HarmQueue } from '../api';
import { HarmQueueTable } from './harm-queue';

const at = '2026-11-20T03:00:00.000Z';
const queue: HarmQueue = {
  rows: [
    {
      memberNo: '10007',
      name: 'Somchai',
      markers: [{ marker: 'depositsPerDay', figure: 6, threshold: 5 }],
      firstSeen: at,
      lastSeen: at,
      contacted: null,
      needsContact: true,
      notes: [],
    },
  ],
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

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <ToastProvider>
          <HarmQueueTable queue={queue} />
        </ToastProvider>
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
});
