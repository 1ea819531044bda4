// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, getToasts } from '@/components/toast/toast-store';
import { Toaster } from '@/components/toast/toaster';
import { pressTwiceInOneTask } from '@/test/press';
import { fakeApi, renderRoute, type FakeRoutes } from '@/test/render';
import { RefundDialog } from '@/features/home/components/refund-dialog';
import { walletFixture } from '@/features/home/test/wallet-fixture';

afterEach(() => {
  cleanup();
  getToasts().forEach((shown) => dismissToast(shown.id));
  vi.unstubAllGlobals();
});

const check = (overrides: Record<string, unknown> = {}) => ({
  json: {
    result: false,
    bonus: false,
    info: '<p>5% of your weekly net loss<script>alert(1)</script></p><a href="javascript:alert(1)">x</a>',
    refundAmount: 0,
    refundSuccess: 100,
    refundFail: 10,
    ...overrides,
  },
});

/** 12 refund rows; the fake answers the page asked for. */
function refundPages(body: unknown) {
  const { page, limit } = body as { page: number; limit: number };
  const all = Array.from({ length: 12 }, (_, n) => ({
    refundAmount: 10 + n,
    createdAt: '2026-11-17T01:00:00.000Z',
  }));
  return { json: { total: all.length, refunds: all.slice((page - 1) * limit, page * limit) } };
}

async function open(routes: FakeRoutes = {}) {
  const api = fakeApi({
    'GET /api/wallet': () => ({ json: walletFixture() }),
    'GET /api/refund/banners': () => ({ json: [] }),
    'GET /api/refund/check': () => check(),
    'POST /api/refund': refundPages,
    ...routes,
  });
  const user = userEvent.setup({ delay: null });
  const onClose = vi.fn();
  renderRoute(<RefundDialog onClose={onClose} />, { path: '/', url: '/' });
  const content = await screen.findByTestId('refund-content');
  return { api, user, onClose, content, dialog: within(screen.getByTestId('refund-dialog')) };
}

const toasts = () => getToasts().map((t) => [t.kind, t.message]);

describe('refund dialog', () => {
  it('shows the sanitised info, the amount and the success and fail %', async () => {
    const { content, dialog } = await open({
      'GET /api/refund/check': () => check({ result: true, refundAmount: 123.45 }),
    });
    expect(content.dataset.view).toBe('plain');
    const info = dialog.getByTestId('refund-info');
    expect(info.textContent).toBe('5% of your weekly net loss' + 'x');
    expect(info.querySelector('script')).toBeNull();
    expect(info.querySelector('a')?.getAttribute('href')).toBeNull();
    expect(dialog.getByTestId('refund-amount').textContent).toBe('฿123.45');
    expect(dialog.getByTestId('refund-success').textContent).toBe('100%');
    expect(dialog.getByTestId('refund-fail').textContent).toBe('10%');
    expect(dialog.getByTestId('refund-receive')).toHaveProperty('disabled', false);
    expect(dialog.queryByTestId('refund-bonus-lines')).toBeNull();
  });

  it('shows the carousel first when there are refund banners', async () => {
    const { content, dialog } = await open({
      'GET /api/refund/banners': () => ({
        json: [{ image: '/static/promotions/refund-1.svg', html: '<p>Cashback</p>' }],
      }),
    });
    expect(content.dataset.view).toBe('carousel');
    expect(dialog.getByTestId('promo-caption').textContent).toBe('Cashback');
    expect(dialog.getByTestId('refund-receive')).toBeTruthy();
  });

  it('while a bonus is open the receive button is disabled, with the two red lines', async () => {
    const { api, dialog, user } = await open({
      'GET /api/refund/check': () => check({ result: true, bonus: true, refundAmount: 50 }),
    });
    const button = dialog.getByTestId('refund-receive');
    expect(button).toHaveProperty('disabled', true);
    const lines = within(dialog.getByTestId('refund-bonus-lines')).getAllByText(/./, {
      selector: 'p.form__error',
    });
    expect(lines.map((line) => line.textContent)).toEqual([
      'You have an open bonus or promotion condition (one at a time), so the refund cannot be received now.',
      'Play it through or cancel it first, then come back for your refund.',
    ]);
    expect(button.getAttribute('aria-describedby')).toBe(
      dialog.getByTestId('refund-bonus-lines').id,
    );
    // Moving is blocked too (REFUND_CONDITION on the server).
    expect(dialog.queryByTestId('refund-move')).toBeNull();
    await user.click(button);
    expect(api.called('GET /api/refund/receive')).toHaveLength(0);
  });

  it('receives the refund (toast), then offers to move it through the confirm dialog', async () => {
    let received = false;
    let moved = false;
    const { api, dialog, user } = await open({
      'GET /api/refund/check': () =>
        check({
          result: !moved,
          refundAmount: moved ? 0 : 80.5,
          received: received && !moved ? 80.5 : 0,
        }),
      'GET /api/refund/receive': () => {
        received = true;
        return { json: { message: 'REFUND_SUCCESS' } };
      },
      'GET /api/refund/addWallet': () => {
        moved = true;
        return { json: { message: 'REFUND_SUCCESS' } };
      },
    });
    // Receivable, not received yet: nothing to move.
    expect(dialog.queryByTestId('refund-move')).toBeNull();
    await user.click(dialog.getByTestId('refund-receive'));
    const confirm = within(await screen.findByTestId('move-bonus-dialog'));
    expect(toasts()).toEqual([['success', 'Refund received']]);
    expect(dialog.getByTestId('refund-move')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Move the refund to your wallet' })).toBeTruthy();
    expect(confirm.getByTestId('move-bonus-amount').textContent).toBe('฿80.50');
    expect(confirm.getByTestId('move-bonus-success').textContent).toBe('100%');
    expect(confirm.getByTestId('move-bonus-fail').textContent).toBe('10%');
    expect(confirm.getByTestId('move-bonus-warning').textContent).toContain('turnover condition');
    // The log and the check were reloaded after receiving.
    expect(api.called('GET /api/refund/check').length).toBeGreaterThanOrEqual(2);

    const walletLoads = api.called('GET /api/wallet').length;
    await user.click(confirm.getByTestId('move-bonus-confirm'));
    await waitFor(() => expect(screen.queryByTestId('move-bonus-dialog')).toBeNull());
    expect(api.called('GET /api/refund/addWallet')).toHaveLength(1);
    expect(toasts()).toEqual([['success', 'Refund received']]);
    // The wallet reloads, and the move button goes once nothing waits.
    await waitFor(() => expect(api.called('GET /api/wallet').length).toBe(walletLoads + 1));
    await waitFor(() => expect(dialog.queryByTestId('refund-move')).toBeNull());
  });

  it("shows 'Refund received' in the confirm dialog that opens with it, not under it", async () => {
    fakeApi({
      'GET /api/wallet': () => ({ json: walletFixture() }),
      'GET /api/refund/banners': () => ({ json: [] }),
      'GET /api/refund/check': () => check({ result: true, refundAmount: 30, received: 0 }),
      'POST /api/refund': refundPages,
      'GET /api/refund/receive': () => ({ json: { message: 'REFUND_SUCCESS' } }),
    });
    const user = userEvent.setup({ delay: null });
    renderRoute(
      <>
        <RefundDialog onClose={vi.fn()} />
        <Toaster />
      </>,
      { path: '/', url: '/' },
    );
    await user.click(await screen.findByTestId('refund-receive'));
    const confirm = await screen.findByTestId('move-bonus-dialog');
    await waitFor(() =>
      expect(within(confirm).getByRole('status').textContent).toContain('Refund received'),
    );
  });

  it('shows a receive refusal as a red toast in the member language, and opens no confirm', async () => {
    const { dialog, user } = await open({
      'GET /api/refund/check': () => check({ result: true, refundAmount: 12, received: 0 }),
      'GET /api/refund/receive': () => ({ status: 400, json: { message: 'REFUND_MINIMUM' } }),
    });
    await user.click(dialog.getByTestId('refund-receive'));
    await waitFor(() =>
      expect(toasts()).toEqual([['error', 'The accrued refund must be above 0']]),
    );
    expect(screen.queryByTestId('move-bonus-dialog')).toBeNull();
  });

  it.each([
    ['nothing owed (฿0.00)', { result: false, refundAmount: 0, received: 0 }],
    ['below the minimum', { result: false, refundAmount: 0.4, received: 0 }],
    ['a server without the figure and no result', { result: false, refundAmount: 0 }],
  ])('with %s, receive is off and says why; pressing sends nothing', async (_, state) => {
    const { api, dialog, user } = await open({ 'GET /api/refund/check': () => check(state) });
    const button = dialog.getByTestId('refund-receive');
    expect(button).toHaveProperty('disabled', true);
    const reason = dialog.getByTestId('refund-nothing');
    expect(reason.textContent).toBe(
      'No refund to receive now: it comes from the net loss of the last period.',
    );
    expect(button.getAttribute('aria-describedby')).toBe(reason.id);
    expect(dialog.queryByTestId('refund-move')).toBeNull();
    await user.click(button);
    expect(api.called('GET /api/refund/receive')).toHaveLength(0);
  });

  it('with everything received, receive is off and points to the move button', async () => {
    const { dialog } = await open({
      'GET /api/refund/check': () => check({ result: true, refundAmount: 20, received: 20 }),
    });
    expect(dialog.getByTestId('refund-receive')).toHaveProperty('disabled', true);
    expect(dialog.getByTestId('refund-nothing').textContent).toBe(
      'Your refund has been received: move it to your wallet below.',
    );
    expect(dialog.getByTestId('refund-move')).toHaveProperty('disabled', false);
  });

  it('two presses of receive in one task send one request; no refusal replaces the success', async () => {
    let calls = 0;
    const { api, dialog } = await open({
      'GET /api/refund/check': () => check({ result: true, refundAmount: 30, received: 0 }),
      'GET /api/refund/receive': () =>
        ++calls === 1
          ? { json: { message: 'REFUND_SUCCESS' } }
          : { status: 400, json: { message: 'NO_REFUND' } },
    });
    pressTwiceInOneTask(dialog.getByTestId('refund-receive'));
    await screen.findByTestId('move-bonus-dialog');
    expect(api.called('GET /api/refund/receive')).toHaveLength(1);
    expect(toasts()).toEqual([['success', 'Refund received']]);
  });

  it('moves a refund received earlier with the move button', async () => {
    const { api, dialog, user } = await open({
      'GET /api/refund/check': () => check({ result: true, refundAmount: 20 }),
      'GET /api/refund/addWallet': () => ({ status: 400, json: { message: 'NO_REFUND' } }),
    });
    await user.click(dialog.getByTestId('refund-move'));
    const confirm = within(await screen.findByTestId('move-bonus-dialog'));
    expect(confirm.getByTestId('move-bonus-amount').textContent).toBe('฿20.00');
    await user.click(confirm.getByTestId('move-bonus-confirm'));
    await waitFor(() => expect(toasts()).toEqual([['error', 'There is no refund to receive']]));
    // A refusal leaves the confirm open; Cancel closes it.
    expect(api.called('GET /api/refund/addWallet')).toHaveLength(1);
    await user.click(confirm.getByTestId('move-bonus-cancel'));
    expect(screen.queryByTestId('move-bonus-dialog')).toBeNull();
    expect(screen.getByTestId('refund-dialog')).toBeTruthy();
  });

  it('pages the log 10 at a time (refundAmount, createdAt)', async () => {
    const { api, dialog, user } = await open();
    await dialog.findByTestId('refund-table');
    expect(dialog.getAllByTestId('refund-row')).toHaveLength(10);
    expect(dialog.getAllByTestId('refund-row-amount')[0]?.textContent).toBe('฿10.00');
    expect(api.called('POST /api/refund')[0]?.body).toEqual({ page: 1, limit: 10 });
    await user.click(
      within(dialog.getByTestId('refund-pager')).getByRole('button', { name: 'Next page' }),
    );
    await waitFor(() => expect(dialog.getAllByTestId('refund-row')).toHaveLength(2));
    expect(dialog.getAllByTestId('refund-row-amount')[0]?.textContent).toBe('฿20.00');
    expect(api.called('POST /api/refund').at(-1)?.body).toEqual({ page: 2, limit: 10 });
  });

  it('says when there are no refunds yet', async () => {
    const { dialog } = await open({
      'POST /api/refund': () => ({ json: { total: 0, refunds: [] } }),
    });
    expect((await dialog.findByTestId('refund-empty')).textContent).toBe('No refunds yet.');
  });
});
