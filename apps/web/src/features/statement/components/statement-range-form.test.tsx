// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderRoute } from '@/test/render';
import { StatementPage } from '@/features/statement/components/statement-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const empty = () => ({ json: { total: 0, statements: [] } });

describe('statement range (issue 28)', () => {
  it('asks the statement for the chosen range; a range over 12 months is refused with its message', async () => {
    const api = fakeApi({ 'POST /api/statement': empty, 'POST /api/wallet': empty });
    const user = userEvent.setup();
    renderRoute(<StatementPage />, { path: '/user/statement', url: '/user/statement' });
    await screen.findByTestId('statement-empty');
    expect(api.called('POST /api/statement')[0]!.body).toEqual({ page: 1, limit: 10 });

    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    await user.clear(from);
    await user.type(from, '2026-01-01');
    await user.clear(to);
    await user.type(to, '2026-01-31');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() =>
      expect(api.called('POST /api/statement').at(-1)!.body).toEqual({
        page: 1,
        limit: 10,
        from: '2026-01-01',
        to: '2026-01-31',
      }),
    );

    await user.clear(from);
    await user.type(from, '2024-01-01');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Choose a start and end date no more than 12 months apart.',
    );
    expect(api.calls.some((call) => call.key.startsWith('GET /api/statement/export'))).toBe(false);
  });
});
