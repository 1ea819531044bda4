// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NO_QR_STATE } from '@wallet/contract/client';
import { getToasts } from '@/components/toast/toast-store';
import { en } from '@/i18n/locales/en';
import { fakeApi, renderRoute } from '@/test/render';
import { HomeDepositDialog } from '@/app/home-deposit-dialog';
import { depositLookup, member } from '@/features/deposit/test/deposit-fixture';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const protection = {
  limits: [],
  block: null,
  realityCheckMinutes: 0,
  session: null,
  netDeposits: { lifetime: 0, months: [] },
  depositCredited: false,
  returns: [],
  marketingConsent: true,
};

// The home's deposit dialog (decision 0147): the deposit-limit offer above the options before
// the first deposit, and a limit's refusal in the wallet's currency.
describe('the deposit dialog as the home opens it', () => {
  it('offers a deposit limit and says what still fits in the wallet currency', async () => {
    fakeApi({
      'GET /api/lookup/deposit': () => ({ json: depositLookup() }),
      'GET /api/qrcode/KBANK': () => ({ json: NO_QR_STATE }),
      'GET /api/protection': () => ({ json: protection }),
      'GET /api/wallet': () => ({
        json: {
          profile: { username: '0812345678', name: 'A', coin: 0, _id: '7' },
          bankAccount: {},
          wallet: { amount: 0, currency: 'LAK' },
          invite: { amount: 0, success: 0, fail: 0 },
          slots: [],
        },
      }),
      'POST /api/qrcode/KBANK': () => ({
        status: 403,
        json: { message: 'DEPOSIT_LIMIT_REACHED', remaining: 100, retryAt: null },
      }),
    });
    renderRoute(
      <HomeDepositDialog member={member()} onClose={vi.fn()} onWalletChange={vi.fn()} />,
      {
        path: '/',
        url: '/',
      },
    );
    const dialog = within(await screen.findByTestId('deposit-dialog'));
    // A named group, not a second region of the home's offer's name (axe: landmark-unique).
    expect(
      (await dialog.findByRole('group', { name: 'Set a deposit limit? (optional)' })).dataset
        .testid,
    ).toBe('limit-offer-deposit');
    // It does not block: the options are there below it.
    expect(dialog.getByTestId('qr-open-KBANK')).toBeTruthy();

    await userEvent.click(dialog.getByTestId('qr-open-KBANK'));
    await userEvent.type(await dialog.findByTestId('qr-amount-input'), '200');
    await userEvent.click(dialog.getByTestId('qr-create'));
    await vi.waitFor(() =>
      expect(getToasts().map((toast) => toast.message)).toContain(
        `${en.errors.DEPOSIT_LIMIT_REACHED} What still fits now: ₭100.00.`,
      ),
    );
  });
});
