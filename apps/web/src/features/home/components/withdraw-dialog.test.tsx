// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToasts } from '@/components/toast/toast-store';
import { fakeApi, renderRoute, type FakeRoutes } from '@/test/render';
import { WithdrawDialog } from '@/features/home/components/withdraw-dialog';
import { walletFixture } from '@/features/home/test/wallet-fixture';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function open(routes: FakeRoutes = {}) {
  const api = fakeApi({
    'GET /api/wallet': () => ({ json: walletFixture() }),
    'GET /api/lookup/withdraw': () => ({ json: { withdrawMin: 100, withdrawMax: 50000 } }),
    ...routes,
  });
  const onClose = vi.fn();
  const user = userEvent.setup();
  renderRoute(<WithdrawDialog onClose={onClose} />, { path: '/', url: '/' });
  const dialog = within(await screen.findByTestId('withdraw-dialog'));
  await dialog.findByTestId('withdraw-available');
  await waitFor(() => expect(api.called('GET /api/lookup/withdraw')).toHaveLength(1));
  return { api, onClose, user, dialog };
}

describe('withdraw dialog', () => {
  it('shows the red bonus notice and the bank account', async () => {
    const { dialog } = await open();
    expect(dialog.getByTestId('withdraw-bonus-notice').className).toContain('notice--danger');
    expect(dialog.getByTestId('withdraw-bank').textContent).toContain('123-456-7890');
    expect(dialog.getByTestId('withdraw-available').textContent).toBe('฿1,000.10');
  });

  it('gives the min and max messages with the bounds of the lookup', async () => {
    const { api, user, dialog } = await open();
    const amount = dialog.getByTestId('withdraw-amount');
    await waitFor(() =>
      expect(dialog.getByTestId('withdraw-submit')).toHaveProperty('disabled', false),
    );
    await user.type(amount, '99');
    await user.click(dialog.getByTestId('withdraw-submit'));
    expect(dialog.getByText('The minimum withdrawal is 100.00 baht')).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, '50001');
    await user.click(dialog.getByTestId('withdraw-submit'));
    expect(dialog.getByText('The maximum withdrawal is 50,000.00 baht')).toBeTruthy();
    expect(api.called('POST /api/wallet/withdrawAll')).toHaveLength(0);
  });

  it('withdraws through withdrawAll and asks the member to wait for the transfer', async () => {
    const { api, onClose, user, dialog } = await open({
      'POST /api/wallet/withdrawAll': () => ({
        json: { message: 'waiteTransfer', status: 'PENDING', reference: 'wd-1' },
      }),
    });
    await waitFor(() =>
      expect(dialog.getByTestId('withdraw-submit')).toHaveProperty('disabled', false),
    );
    await user.type(dialog.getByTestId('withdraw-amount'), '150');
    await user.click(dialog.getByTestId('withdraw-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [call] = api.called('POST /api/wallet/withdrawAll');
    expect(call?.body).toEqual({ amount: 150 });
    expect(call?.headers['idempotency-key']).toBeTruthy();
    expect(getToasts().map((t) => t.message)).toContain(
      'Withdrawal received. Please wait for the transfer to your bank account.',
    );
  });

  it('shows a refusal in a modal alert titled with the error label', async () => {
    const { onClose, user, dialog } = await open({
      'POST /api/wallet/withdrawAll': () => ({
        status: 400,
        json: { message: 'MONEY_NOT_ENOUGH' },
      }),
    });
    await waitFor(() =>
      expect(dialog.getByTestId('withdraw-submit')).toHaveProperty('disabled', false),
    );
    await user.type(dialog.getByTestId('withdraw-amount'), '20000');
    await user.click(dialog.getByTestId('withdraw-submit'));
    const alert = await screen.findByTestId('withdraw-error-alert');
    expect(alert.getAttribute('role')).toBe('alertdialog');
    expect(alert.querySelector('h2')?.textContent).toBe('Insufficient balance');
    expect(alert.textContent).toContain('No money was moved.');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('while a bonus is open, shows what is taken back and forfeited and needs a confirmation', async () => {
    const { api, onClose, user, dialog } = await open({
      'GET /api/bonus/turnover': () => ({ json: { grants: [], forfeitOnWithdraw: 200 } }),
      'POST /api/wallet/withdrawAll': () => ({
        json: { message: 'waiteTransfer', status: 'PENDING', reference: 'wd-2' },
      }),
    });
    const warning = within(await dialog.findByTestId('withdraw-forfeit-warning'));
    expect(warning.getByText('This withdrawal ends your bonus')).toBeTruthy();
    expect(warning.getByTestId('withdraw-forfeit-amount').textContent).toBe(
      'First 200.00 baht that your bonus credited is taken back. Then the amount you ask is paid, and whatever is left in your wallet is forfeited.',
    );
    await waitFor(() =>
      expect(dialog.getByTestId('withdraw-submit')).toHaveProperty('disabled', false),
    );
    await user.type(dialog.getByTestId('withdraw-amount'), '150');
    // 1,000.10 - 200.00 taken back - 150.00 paid.
    expect(warning.getByTestId('withdraw-forfeit-rest').textContent).toBe(
      'Forfeited after this withdrawal: 650.10 baht',
    );
    await user.click(dialog.getByTestId('withdraw-submit'));
    expect(warning.getByTestId('withdraw-forfeit-error').textContent).toBe(
      'Tick the box to confirm first',
    );
    expect(api.called('POST /api/wallet/withdrawAll')).toHaveLength(0);
    await user.click(
      warning.getByLabelText(
        'I understand: the bonus is taken back and the rest of my wallet is forfeited',
      ),
    );
    expect(warning.queryByTestId('withdraw-forfeit-error')).toBeNull();
    await user.click(dialog.getByTestId('withdraw-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.called('POST /api/wallet/withdrawAll')[0]?.body).toEqual({ amount: 150 });
  });

  it('without an open bonus, shows no forfeit warning and asks for no confirmation', async () => {
    const { api, onClose, user, dialog } = await open({
      'GET /api/bonus/turnover': () => ({ json: { grants: [], forfeitOnWithdraw: 0 } }),
      'POST /api/wallet/withdrawAll': () => ({
        json: { message: 'waiteTransfer', status: 'PENDING', reference: 'wd-3' },
      }),
    });
    await waitFor(() =>
      expect(dialog.getByTestId('withdraw-submit')).toHaveProperty('disabled', false),
    );
    expect(dialog.queryByTestId('withdraw-forfeit-warning')).toBeNull();
    await user.type(dialog.getByTestId('withdraw-amount'), '150');
    await user.click(dialog.getByTestId('withdraw-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.called('POST /api/wallet/withdrawAll')).toHaveLength(1);
  });
});
