// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, getToasts } from '@/components/toast/toast-store';
import { installCatalog } from '@/i18n/i18n';
import { la } from '@/i18n/locales/la';
import { th } from '@/i18n/locales/th';
import { pressTwiceInOneTask } from '@/test/press';
import { fakeApi, renderRoute, type FakeRoutes } from '@/test/render';
import { MoveBonusDialog, type MoveKind } from '@/features/home/components/move-bonus-dialog';
import { walletFixture } from '@/features/home/test/wallet-fixture';

afterEach(() => {
  cleanup();
  getToasts().forEach((shown) => dismissToast(shown.id));
  vi.unstubAllGlobals();
});

const paths: Record<MoveKind, string> = {
  invite: 'GET /api/invite/bonus',
  refund: 'GET /api/refund/addWallet',
};

async function open(kind: MoveKind, routes: FakeRoutes = {}) {
  const api = fakeApi({ 'GET /api/wallet': () => ({ json: walletFixture() }), ...routes });
  const user = userEvent.setup({ delay: null });
  const onClose = vi.fn();
  renderRoute(
    <MoveBonusDialog
      kind={kind}
      amount={35.5}
      currency="BAHT"
      success={100}
      fail={10}
      onClose={onClose}
    />,
    { path: '/', url: '/' },
  );
  const dialog = within(await screen.findByTestId('move-bonus-dialog'));
  return { api, user, onClose, dialog };
}

const toasts = () => getToasts().map((t) => [t.kind, t.message]);

describe('confirm before moving', () => {
  it('shows the amount, the success and fail % and the warning before anything moves', async () => {
    const { api, dialog } = await open('invite');
    expect(screen.getByRole('heading', { name: 'Receive the invite bonus' })).toBeTruthy();
    expect(dialog.getByTestId('move-bonus-amount').textContent).toBe('฿35.50');
    expect(dialog.getByTestId('move-bonus-success').textContent).toBe('100%');
    expect(dialog.getByTestId('move-bonus-fail').textContent).toBe('10%');
    expect(dialog.getByText(/play games for 100% of this amount/)).toBeTruthy();
    expect(dialog.getByText(/falls below 10% of it/)).toBeTruthy();
    const warning = dialog.getByTestId('move-bonus-warning');
    expect(warning.className).toContain('notice--danger');
    expect(warning.textContent).toBe(
      'This money comes with a turnover condition. Until it is met, this amount and what it wins stay locked; you can still withdraw your own money, and the condition stays open.',
    );
    // Decision 0112: own money stays the member's; one promotion at a time.
    expect(dialog.getByTestId('move-bonus-own-money').textContent).toContain(
      'your own money is always yours',
    );
    expect(dialog.getByTestId('move-bonus-one-at-a-time').textContent).toContain(
      'One promotion at a time',
    );
    expect(api.called(paths.invite)).toHaveLength(0);
  });

  it('with a 0% fail threshold, says the condition cannot be ended early (not "below 0%")', async () => {
    fakeApi({ 'GET /api/wallet': () => ({ json: walletFixture() }) });
    renderRoute(
      <MoveBonusDialog
        kind="refund"
        amount={5}
        currency="BAHT"
        success={100}
        fail={0}
        onClose={vi.fn()}
      />,
      { path: '/', url: '/' },
    );
    const dialog = within(await screen.findByTestId('move-bonus-dialog'));
    expect(dialog.getByTestId('move-bonus-fail-text').textContent).toBe(
      'Fail: this condition cannot be ended early (0% threshold).',
    );
    expect(dialog.queryByText(/below 0%/)).toBeNull();
  });

  it.each([
    ['invite', 'The invite bonus has been moved to your wallet'],
    ['refund', 'Refund received'],
  ] as const)('%s: confirming calls the server once, toasts and closes', async (kind, text) => {
    let answer: (value: Response) => void = () => undefined;
    const api = fakeApi({ 'GET /api/wallet': () => ({ json: walletFixture() }) });
    // Hold the answer to see the pending button ignore a second press.
    const fetchMock = vi.fn(async (path: string, init?: RequestInit) => {
      api.calls.push({ key: `${init?.method ?? 'GET'} ${path}`, body: undefined, headers: {} });
      if (path === '/api/wallet') return new Response(JSON.stringify(walletFixture()));
      return new Promise<Response>((resolve) => {
        answer = resolve;
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup({ delay: null });
    const onClose = vi.fn();
    renderRoute(
      <MoveBonusDialog
        kind={kind}
        amount={1}
        currency="BAHT"
        success={100}
        fail={10}
        onClose={onClose}
      />,
      { path: '/', url: '/' },
    );
    const dialog = within(await screen.findByTestId('move-bonus-dialog'));
    await user.click(dialog.getByTestId('move-bonus-confirm'));
    await user.click(dialog.getByTestId('move-bonus-confirm'));
    expect(api.called(paths[kind])).toHaveLength(1);
    await act(async () => {
      answer(
        new Response(
          JSON.stringify({
            message: kind === 'invite' ? 'INVITE_BONUS_SUCCESS' : 'REFUND_SUCCESS',
          }),
        ),
      );
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(toasts()).toEqual([['success', text]]);
  });

  it.each([
    ['invite', 'The invite bonus has been moved to your wallet', 'NO_INVITE_BONUS'],
    ['refund', 'Refund received', 'NO_REFUND'],
  ] as const)(
    '%s: two presses in one task send one request; no second refusal replaces the success',
    async (kind, text, refusal) => {
      let calls = 0;
      const { api, onClose, dialog } = await open(kind, {
        [paths[kind]]: () =>
          ++calls === 1
            ? { json: { message: kind === 'invite' ? 'INVITE_BONUS_SUCCESS' : 'REFUND_SUCCESS' } }
            : { status: 400, json: { message: refusal } },
      });
      pressTwiceInOneTask(dialog.getByTestId('move-bonus-confirm'));
      await waitFor(() => expect(onClose).toHaveBeenCalled());
      expect(api.called(paths[kind])).toHaveLength(1);
      expect(toasts()).toEqual([['success', text]]);
    },
  );

  it.each([
    ['invite', 'INVITE_INACTIVE', 'The invite programme is not active'],
    ['invite', 'NO_INVITE_BONUS', 'There is no invite bonus to receive'],
    ['invite', 'NO_INVITEE_PLAY_INFO', 'Your invited friends have not played yet'],
    ['invite', 'INVITE_BONUS_FAIL', 'Could not receive the invite bonus'],
    ['refund', 'REFUND_INACTIVE', 'Refunds are not active'],
    ['refund', 'REFUND_CONDITION', 'The refund conditions are not met'],
    ['refund', 'NO_REFUND', 'There is no refund to receive'],
  ] as const)('%s: %s is a red toast, and the dialog stays open', async (kind, code, text) => {
    const { api, onClose, user, dialog } = await open(kind, {
      [paths[kind]]: () => ({ status: 400, json: { message: code } }),
    });
    await user.click(dialog.getByTestId('move-bonus-confirm'));
    await waitFor(() => expect(toasts()).toEqual([['error', text]]));
    expect(onClose).not.toHaveBeenCalled();
    expect(api.called(paths[kind])).toHaveLength(1);
    expect(dialog.getByTestId('move-bonus-confirm')).toHaveProperty('disabled', false);
  });

  it.each([
    ['th', th, 'ระบบชวนเพื่อนยังไม่เปิดใช้งาน', 'รับโบนัสชวนเพื่อน'],
    ['la', la, 'ລະບົບຊວນໝູ່ຍັງບໍ່ເປີດນຳໃຊ້', 'ຮັບໂບນັດຊວນໝູ່'],
  ] as const)('reads in %s, errors included', async (locale, catalog, error, title) => {
    const { user, dialog } = await open('invite', {
      [paths.invite]: () => ({ status: 400, json: { message: 'INVITE_INACTIVE' } }),
    });
    act(() => installCatalog(locale, catalog));
    expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    await user.click(dialog.getByTestId('move-bonus-confirm'));
    await waitFor(() => expect(toasts()).toEqual([['error', error]]));
  });

  it('Cancel closes without calling the server', async () => {
    const { api, onClose, user, dialog } = await open('refund');
    await user.click(dialog.getByTestId('move-bonus-cancel'));
    expect(onClose).toHaveBeenCalled();
    expect(api.called(paths.refund)).toHaveLength(0);
  });
});
