// @vitest-environment jsdom
// The audit log (decision 0086, issue 26): every action in words of the console's language,
// the stored value kept at hand (the label's title and the row's details) for investigators.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, useCatalog } from '@/test/setup';
import AuditPage from './page';

const entry = (id: number, action: string, outcome = 'ok', target: string | null = null) => ({
  id,
  at: '2026-11-25T03:00:00.000Z',
  operator: 'admin',
  role: 'admin',
  action,
  target,
  ip: '203.0.113.9',
  userAgent: 'Mozilla/5.0',
  outcome,
  before: null,
  after: { registerOTP: true },
});

function show() {
  fakeFetch(() => ({
    status: 200,
    body: {
      rows: [
        entry(3, 'PUT /api/operator/settings/agreements', 'ok', 'setting:agreements'),
        entry(2, 'login_totp_failed', 'login_totp_failed', 'operator:admin'),
        entry(1, 'POST /api/operator/members/:memberNo/deactivate', 'KEY_INVALID', 'member:10002'),
      ],
      total: 3,
      page: 1,
    },
  }));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/audit', element: <AuditPage /> }], {
    initialEntries: ['/audit'],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the audit log page', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows each action in Thai, never the route or the event code, with the role in words', async () => {
    useCatalog('th');
    show();
    const label = await screen.findByText('เปลี่ยนข้อตกลงของสมาชิก');
    expect(label.getAttribute('title')).toBe('PUT /api/operator/settings/agreements');
    expect(screen.getByText('เข้าสู่ระบบไม่สำเร็จ: รหัสยืนยันตัวตน')).toBeTruthy();
    expect(screen.getByText('ระงับบัญชีสมาชิก')).toBeTruthy();
    const table = screen.getByRole('table');
    expect(table.textContent).not.toMatch(/\/api\/|login_totp_failed/);
    expect(within(table).getAllByText('ผู้ดูแลสูงสุด')).toHaveLength(3);
    // A refusal says so, with its code; a failed sign-in's outcome is its action, said once.
    expect(within(table).getAllByText('ไม่สำเร็จ')).toHaveLength(2);
    expect(within(table).getByText('KEY_INVALID')).toBeTruthy();
  });

  it('keeps the stored action and outcome in the details, for investigators', async () => {
    useCatalog('en');
    show();
    await screen.findByText('Changed the member agreements');
    // Each button names its row for screen readers.
    const buttons = screen.getAllByRole('button', { name: /^Show changes/ });
    expect(buttons[1]!.textContent).toBe(
      'Show changes of Sign-in refused: authenticator code at 25/11/2026 10:00',
    );
    expect(buttons[1]!.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(buttons[1]!);
    expect(buttons[1]!.getAttribute('aria-expanded')).toBe('true');
    const details = document.getElementById(buttons[1]!.getAttribute('aria-controls')!)!;
    // The recorded action and outcome (a failed sign-in's are the same event).
    expect(within(details).getAllByText('login_totp_failed', { selector: 'code' })).toHaveLength(2);
    expect(details.textContent).toContain('Recorded action');
    expect(details.textContent).toContain('Mozilla/5.0');
  });
});
