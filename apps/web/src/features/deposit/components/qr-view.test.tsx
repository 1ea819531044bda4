// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NO_QR_STATE } from '@wallet/contract/client';
import { getToasts } from '@/components/toast/toast-store';
import { pressTwiceInOneTask } from '@/test/press';
import { fakeApi, renderRoute, type FakeRoutes } from '@/test/render';
import { DepositDialog } from '@/features/deposit/components/deposit-dialog';
import { QrView } from '@/features/deposit/components/qr-view';
import type { QrGatewayCode } from '@/features/deposit/lib/qr-rules';
import { QR_PAID_POLL_MS } from '@/features/deposit/hooks/use-qr-payment-watch';
import {
  depositLookup,
  member,
  openQr,
  paidQr,
  QR_SVG,
} from '@/features/deposit/test/deposit-fixture';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const toasts = () => getToasts().map((toast) => `${toast.kind}: ${toast.message}`);

async function openView(bank: QrGatewayCode, routes: FakeRoutes = {}) {
  const api = fakeApi({ [`GET /api/qrcode/${bank}`]: () => ({ json: NO_QR_STATE }), ...routes });
  const user = userEvent.setup({ delay: null });
  const onTransferred = vi.fn();
  const onWalletChange = vi.fn();
  const onDone = vi.fn();
  renderRoute(
    <QrView
      bank={bank}
      onTransferred={onTransferred}
      onWalletChange={onWalletChange}
      onDone={onDone}
    />,
    { path: '/', url: '/' },
  );
  const view = within(await screen.findByTestId(`qr-view-${bank}`));
  return { api, user, view, onTransferred, onWalletChange, onDone };
}

const createButton = (view: ReturnType<typeof within>) =>
  view.getByTestId('qr-create') as HTMLButtonElement;

describe('QR view', () => {
  it('offers the quick amounts of the bank and fills the amount', async () => {
    const { user, view } = await openView('KBANK');
    const group = view.getByRole('group', { name: 'Quick amounts' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['10', '20', '50', '100', '500', '1,000']);
    await user.click(within(group).getByRole('button', { name: '500.00 baht' }));
    expect((view.getByTestId('qr-amount-input') as HTMLInputElement).value).toBe('500');
    expect(view.getByTestId('qr-quick-500').getAttribute('aria-pressed')).toBe('true');
  });

  it('KBANK: disabled at or below 0, does nothing below 1', async () => {
    const { api, user, view } = await openView('KBANK');
    const input = view.getByTestId('qr-amount-input');
    expect(createButton(view).disabled).toBe(true);
    await user.type(input, '0');
    expect(createButton(view).disabled).toBe(true);
    await user.clear(input);
    await user.type(input, '0.5');
    expect(createButton(view).disabled).toBe(false);
    await user.click(createButton(view));
    expect(api.called('POST /api/qrcode/KBANK')).toHaveLength(0);
    expect(view.getByText('Minimum 1.00 baht').className).toContain('field__hint--error');
  });

  it('WW is disabled under 100 and PAYTIMZ under 10', async () => {
    const ww = await openView('WW');
    expect(within(ww.view.getByRole('group')).getAllByRole('button')).toHaveLength(5);
    await ww.user.type(ww.view.getByTestId('qr-amount-input'), '99.99');
    expect(createButton(ww.view).disabled).toBe(true);
    await ww.user.click(ww.view.getByTestId('qr-quick-100'));
    expect(createButton(ww.view).disabled).toBe(false);
    cleanup();

    const paytimz = await openView('PAYTIMZ');
    await paytimz.user.type(paytimz.view.getByTestId('qr-amount-input'), '9');
    expect(createButton(paytimz.view).disabled).toBe(true);
    await paytimz.user.type(paytimz.view.getByTestId('qr-amount-input'), '0');
    expect(createButton(paytimz.view).disabled).toBe(false);
  });

  it('creates a QR with an idempotency key and shows it as an image, the amount and mm:ss', async () => {
    const hostile = `${QR_SVG.replace('</svg>', '<script>window.pwned=1</script></svg>')}`;
    const { api, user, view } = await openView('KBANK', {
      'POST /api/qrcode/KBANK': () => ({ json: openQr({ amount: 100, qrcode: hostile }) }),
    });
    await user.click(view.getByTestId('qr-quick-100'));
    await user.click(createButton(view));
    const image = (await view.findByTestId('qr-image')) as HTMLImageElement;
    expect(image.alt).toBe('PromptPay QR code for 100.00 baht');
    expect(image.getAttribute('src')?.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
    // The markup never becomes DOM: no script element anywhere.
    expect(document.querySelector('script')).toBeNull();
    expect(view.getByTestId('qr-amount').textContent).toBe('฿100.00');
    expect(view.getByTestId('qr-countdown').textContent).toBe('10:00');
    expect(view.getByText('This QR code can be used once, within 10 minutes.')).toBeTruthy();
    const [call] = api.called('POST /api/qrcode/KBANK');
    expect(call?.body).toEqual({ amount: 100 });
    expect(call?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('says why an amount is refused: not digits, or above the maximum (issue 26)', async () => {
    const { api, user, view } = await openView('KBANK');
    const input = view.getByTestId('qr-amount-input');
    await user.type(input, '1e3😀abc');
    expect(
      view.getByText('Use digits only, with at most 2 decimals (for example 100 or 100.50)'),
    ).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(createButton(view).disabled).toBe(true);
    await user.clear(input);
    await user.type(input, '99999999');
    expect(view.getByText('The most you can enter is 10,000,000.00 baht')).toBeTruthy();
    expect(createButton(view).disabled).toBe(true);
    await user.clear(input);
    await user.type(input, '100');
    expect(view.queryByText(/The most you can enter/)).toBeNull();
    expect(createButton(view).disabled).toBe(false);
    expect(api.called('POST /api/qrcode/KBANK')).toHaveLength(0);
  });

  it('two presses of create in one task send one request', async () => {
    let calls = 0;
    const { api, user, view } = await openView('KBANK', {
      'POST /api/qrcode/KBANK': () =>
        ++calls === 1
          ? { json: openQr({ amount: 100 }) }
          : { status: 400, json: { message: 'QR_FAIL' } },
    });
    await user.click(view.getByTestId('qr-quick-100'));
    pressTwiceInOneTask(createButton(view));
    await view.findByTestId('qr-image');
    expect(api.called('POST /api/qrcode/KBANK')).toHaveLength(1);
    expect(toasts().filter((text) => text.startsWith('error'))).toEqual([]);
  });

  it('ticks every second and discards the QR at 00:00', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const { view } = await openView('WW', {
      'GET /api/qrcode/WW': () => ({ json: openQr({ expireIn: 3 }) }),
    });
    const countdown = await view.findByTestId('qr-countdown');
    expect(countdown.textContent).toBe('00:03');
    act(() => vi.advanceTimersByTime(1000));
    expect(countdown.textContent).toBe('00:02');
    act(() => vi.advanceTimersByTime(1000));
    expect(countdown.textContent).toBe('00:01');
    act(() => vi.advanceTimersByTime(1000));
    expect(await view.findByTestId('qr-form')).toBeTruthy();
    expect(view.queryByTestId('qr-image')).toBeNull();
    expect(toasts()).toContain('info: The QR code has expired. Create a new one to deposit.');
  });

  it('cancels the QR', async () => {
    const { api, user, view } = await openView('KBANK', {
      'GET /api/qrcode/KBANK': () => ({ json: openQr() }),
      'DELETE /api/qrcode/qr-1': () => ({ json: { message: 'OK' } }),
    });
    await user.click(await view.findByTestId('qr-cancel'));
    expect(await view.findByTestId('qr-form')).toBeTruthy();
    expect(api.called('DELETE /api/qrcode/qr-1')).toHaveLength(1);
    expect(toasts()).toContain('info: QR code cancelled');
  });

  it('notices the payment while the QR is open: paid, with the amount, and the wallet reloads', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    let paid = false;
    const { api, user, view, onWalletChange, onDone } = await openView('KBANK', {
      'GET /api/qrcode/KBANK': () => ({
        json: paid ? paidQr({ amount: 250.5 }) : openQr({ amount: 250.5 }),
      }),
    });
    await view.findByTestId('qr-image');
    const asked = () => api.called('GET /api/qrcode/KBANK').length;
    expect(asked()).toBe(1);
    // Still unpaid: the view keeps the QR.
    act(() => vi.advanceTimersByTime(QR_PAID_POLL_MS));
    await waitFor(() => expect(asked()).toBe(2));
    expect(view.getByTestId('qr-countdown')).toBeTruthy();
    expect(onWalletChange).not.toHaveBeenCalled();

    paid = true;
    act(() => vi.advanceTimersByTime(QR_PAID_POLL_MS));
    const panel = await view.findByTestId('qr-paid');
    expect(within(panel).getByRole('status').textContent).toContain('Payment received');
    expect(view.getByTestId('qr-paid-amount').textContent).toBe('฿250.50');
    expect(view.getByTestId('qr-paid-text').textContent).toBe('The money is in your wallet.');
    expect(document.activeElement?.textContent).toBe('Payment received');
    // No countdown, no code, no Cancel any more; the balances reload.
    expect(view.queryByTestId('qr-countdown')).toBeNull();
    expect(view.queryByTestId('qr-image')).toBeNull();
    expect(view.queryByTestId('qr-cancel')).toBeNull();
    expect(onWalletChange).toHaveBeenCalledTimes(1);
    // Polling stops with the open QR.
    act(() => vi.advanceTimersByTime(QR_PAID_POLL_MS * 3));
    expect(asked()).toBe(3);

    await user.click(view.getByTestId('qr-paid-done'));
    expect(onDone).toHaveBeenCalledTimes(1);
    await user.click(view.getByTestId('qr-paid-another'));
    expect(await view.findByTestId('qr-form')).toBeTruthy();
  });

  it('shows a QR paid meanwhile as paid when Cancel is refused, without an error', async () => {
    let paid = false;
    const { user, view, onWalletChange } = await openView('WW', {
      'GET /api/qrcode/WW': () => ({ json: paid ? paidQr({ amount: 200 }) : openQr() }),
      'DELETE /api/qrcode/qr-1': () => {
        paid = true;
        return { status: 409, json: { message: 'NO_DATA' } };
      },
    });
    await user.click(await view.findByTestId('qr-cancel'));
    expect((await view.findByTestId('qr-paid-amount')).textContent).toBe('฿200.00');
    expect(onWalletChange).toHaveBeenCalledTimes(1);
    expect(toasts()).not.toContain('error: No data found');
  });

  it('shows a failed create (hasQrcode false, or an error answer) in a red toast', async () => {
    let answer: { status?: number; json: unknown } = {
      json: { ...NO_QR_STATE, message: 'QR_FAIL' },
    };
    const { user, view } = await openView('PAYTIMZ', { 'POST /api/qrcode/PAYTIMZ': () => answer });
    await user.click(view.getByTestId('qr-quick-50'));
    await user.click(createButton(view));
    await waitFor(() => expect(toasts()).toContain('error: Could not create the QR code'));
    expect(view.getByTestId('qr-form')).toBeTruthy();

    answer = { status: 500, json: { message: 'INTERNAL_SERVER_ERROR' } };
    await user.click(createButton(view));
    await waitFor(() =>
      expect(toasts()).toContain('error: Something went wrong. Please try again.'),
    );
  });
});

describe('QR views in the deposit dialog', () => {
  it('creating for one bank makes the other banks reload their QR state', async () => {
    const api = fakeApi({
      'GET /api/lookup/deposit': () => ({ json: depositLookup() }),
      'GET /api/qrcode/KBANK': () => ({ json: NO_QR_STATE }),
      'GET /api/qrcode/WW': () => ({ json: openQr({ qrcodeId: 'qr-ww', amount: 200 }) }),
      'POST /api/qrcode/KBANK': () => ({ json: openQr({ qrcodeId: 'qr-k' }) }),
    });
    const user = userEvent.setup({ delay: null });
    renderRoute(<DepositDialog member={member()} onClose={vi.fn()} onWalletChange={vi.fn()} />, {
      path: '/',
      url: '/',
    });
    const dialog = within(await screen.findByTestId('deposit-dialog'));
    await user.click(await dialog.findByTestId('qr-open-WW'));
    await dialog.findByTestId('qr-image');
    await user.click(dialog.getByTestId('deposit-back'));
    // Back on WW without a create elsewhere: its state is not fetched again.
    await user.click(dialog.getByTestId('qr-open-WW'));
    await dialog.findByTestId('qr-image');
    expect(api.called('GET /api/qrcode/WW')).toHaveLength(1);
    await user.click(dialog.getByTestId('deposit-back'));

    await user.click(dialog.getByTestId('qr-open-KBANK'));
    await user.click(await dialog.findByTestId('qr-quick-100'));
    await user.click(dialog.getByTestId('qr-create'));
    await dialog.findByTestId('qr-image');
    await user.click(dialog.getByTestId('deposit-back'));
    await user.click(dialog.getByTestId('qr-open-WW'));
    await waitFor(() => expect(api.called('GET /api/qrcode/WW')).toHaveLength(2));
  });

  it('starts from the server state again on the next opening of the dialog', async () => {
    const api = fakeApi({
      'GET /api/lookup/deposit': () => ({ json: depositLookup() }),
      'GET /api/qrcode/KBANK': () => ({ json: openQr() }),
    });
    function Reopen() {
      const [open, setOpen] = useState(true);
      return open ? (
        <DepositDialog member={member()} onClose={() => setOpen(false)} onWalletChange={vi.fn()} />
      ) : (
        <button type="button" onClick={() => setOpen(true)}>
          reopen
        </button>
      );
    }
    const user = userEvent.setup({ delay: null });
    renderRoute(<Reopen />, { path: '/', url: '/' });
    await user.click(await screen.findByTestId('qr-open-KBANK'));
    await screen.findByTestId('qr-image');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'reopen' }));
    await user.click(await screen.findByTestId('qr-open-KBANK'));
    await screen.findByTestId('qr-image');
    expect(api.called('GET /api/qrcode/KBANK')).toHaveLength(2);
  });

  it("'I have transferred' shows a toast and closes the dialog", async () => {
    fakeApi({
      'GET /api/lookup/deposit': () => ({ json: depositLookup() }),
      'GET /api/qrcode/KBANK': () => ({ json: openQr() }),
    });
    const onClose = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderRoute(<DepositDialog member={member()} onClose={onClose} onWalletChange={vi.fn()} />, {
      path: '/',
      url: '/',
    });
    const dialog = within(await screen.findByTestId('deposit-dialog'));
    await user.click(await dialog.findByTestId('qr-open-KBANK'));
    await user.click(await dialog.findByTestId('qr-transferred'));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(toasts()).toContain(
      'info: Thank you. Your deposit reaches your wallet within 1 minute; refresh your balance to see it.',
    );
  });
});
