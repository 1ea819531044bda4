// @vitest-environment jsdom
// A deposit refused while a bonus runs (BONUS_REMAINING, decision 0071) says, in the member's
// language, what to do: on the QR create, the gift link and the slip upload.
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NO_QR_STATE } from '@wallet/contract/client';
import { dismissToast, getToasts } from '@/components/toast/toast-store';
import { FakeXhr, installFakeXhr } from '@wallet/client/testing/fake-xhr';
import { fakeApi, renderRoute } from '@/test/render';
import { DepositDialog } from '@/features/deposit/components/deposit-dialog';
import { QrView } from '@/features/deposit/components/qr-view';
import { SlipUpload } from '@/features/deposit/components/slip-upload';
import { depositLookup, member, slipRules } from '@/features/deposit/test/deposit-fixture';

const REMAINING =
  'error: A bonus is still running: end it or play its turnover through before the next deposit.';
const refused = { status: 409, json: { message: 'BONUS_REMAINING' } };
const toasts = () => getToasts().map((toast) => `${toast.kind}: ${toast.message}`);

beforeEach(() => {
  installFakeXhr();
  URL.createObjectURL = vi.fn(() => 'blob:slip-preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  getToasts().forEach((toast) => dismissToast(toast.id));
  cleanup();
  vi.unstubAllGlobals();
});

describe('deposit refused while a bonus runs', () => {
  it('says so on the QR create', async () => {
    fakeApi({
      'GET /api/qrcode/PAYTIMZ': () => ({ json: NO_QR_STATE }),
      'POST /api/qrcode/PAYTIMZ': () => refused,
    });
    const user = userEvent.setup({ delay: null });
    renderRoute(
      <QrView bank="PAYTIMZ" onTransferred={vi.fn()} onWalletChange={vi.fn()} onDone={vi.fn()} />,
      { path: '/', url: '/' },
    );
    const view = within(await screen.findByTestId('qr-view-PAYTIMZ'));
    await user.click(view.getByTestId('qr-quick-50'));
    await user.click(view.getByTestId('qr-create'));
    await waitFor(() => expect(toasts()).toContain(REMAINING));
  });

  it('says so on the gift link', async () => {
    fakeApi({
      'GET /api/lookup/deposit': () => ({ json: depositLookup() }),
      'GET /api/qrcode/KBANK': () => ({ json: NO_QR_STATE }),
      'GET /api/qrcode/WW': () => ({ json: NO_QR_STATE }),
      'GET /api/qrcode/PAYTIMZ': () => ({ json: NO_QR_STATE }),
      'POST /api/wallet/truelink': () => refused,
    });
    const user = userEvent.setup({ delay: null });
    renderRoute(<DepositDialog member={member()} onClose={vi.fn()} onWalletChange={vi.fn()} />, {
      path: '/',
      url: '/',
    });
    const dialog = within(await screen.findByTestId('deposit-dialog'));
    await user.type(await dialog.findByTestId('gift-link-input'), 'https://x.test/?v=1');
    await user.click(dialog.getByTestId('gift-send'));
    await waitFor(() => expect(toasts()).toContain(REMAINING));
  });

  it('says so on the slip upload', async () => {
    fakeApi({
      'GET /api/lookup/slip': () => ({ json: slipRules({ closedFrom: null, closedTo: null }) }),
    });
    const user = userEvent.setup({ applyAccept: false, delay: null });
    renderRoute(<SlipUpload onDone={vi.fn()} onCredited={vi.fn()} />, { path: '/', url: '/' });
    const view = within(await screen.findByTestId('slip-upload'));
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1])], 'slip.png', {
      type: 'image/png',
    });
    await user.upload(view.getByTestId('slip-file') as HTMLInputElement, png);
    await view.findByTestId('slip-preview');
    await user.click(view.getByTestId('slip-upload-button'));
    act(() => FakeXhr.last!.respond(409, { message: 'BONUS_REMAINING' }));
    await waitFor(() => expect(toasts()).toContain(REMAINING));
  });
});
