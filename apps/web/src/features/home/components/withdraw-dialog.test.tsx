// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToasts } from '@/components/toast/toast-store';
import { pressTwiceInOneTask } from '@/test/press';
import { fakeApi, renderRoute, type FakeRoutes } from '@/test/render';
import { WithdrawDialog } from '@/features/home/components/withdraw-dialog';
import { walletFixture } from '@/features/home/test/wallet-fixture';
import { grantFixture, turnoverFixture } from '@/test/turnover-fixture';

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
  const user = userEvent.setup({ delay: null });
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

  it('shows the bounds of the lookup up front, before any amount is typed (issue 26)', async () => {
    const { dialog } = await open();
    const bounds = await dialog.findByTestId('withdraw-bounds');
    expect(bounds.textContent).toBe('From 100.00 to 50,000.00 baht per withdrawal');
    // A hint of the field: read with it by screen readers.
    const input = dialog.getByTestId('withdraw-amount');
    expect(input.getAttribute('aria-describedby')).toContain(bounds.parentElement!.id);
    expect(input.getAttribute('aria-invalid')).toBeNull();
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

  it('two presses of withdraw in one task send one request', async () => {
    let calls = 0;
    const { api, onClose, user, dialog } = await open({
      'POST /api/wallet/withdrawAll': () =>
        ++calls === 1
          ? { json: { message: 'waiteTransfer', status: 'PENDING', reference: 'wd-1' } }
          : { status: 400, json: { message: 'MONEY_NOT_ENOUGH' } },
    });
    await waitFor(() =>
      expect(dialog.getByTestId('withdraw-submit')).toHaveProperty('disabled', false),
    );
    await user.type(dialog.getByTestId('withdraw-amount'), '150');
    pressTwiceInOneTask(dialog.getByTestId('withdraw-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.called('POST /api/wallet/withdrawAll')).toHaveLength(1);
    expect(screen.queryByTestId('withdraw-error-alert')).toBeNull();
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

  it('without an open grant, shows no forfeit warning, asks for no tick and fills the wallet', async () => {
    const { api, onClose, user, dialog } = await open({
      'GET /api/bonus/turnover': () => ({
        json: turnoverFixture([], 0, { withdrawable: 1000.1, wallet: 1000.1 }),
      }),
      'POST /api/wallet/withdrawAll': () => ({
        json: { message: 'waiteTransfer', status: 'PENDING', reference: 'wd-3' },
      }),
    });
    await waitFor(() =>
      expect(dialog.getByTestId('withdraw-submit')).toHaveProperty('disabled', false),
    );
    expect(dialog.queryByTestId('withdraw-forfeit-warning')).toBeNull();
    expect(dialog.queryByTestId('withdraw-withdrawable')).toBeNull();
    await user.click(dialog.getByRole('button', { name: 'Withdraw all my money (1,000.10 baht)' }));
    expect(dialog.getByTestId('withdraw-amount')).toHaveProperty('value', '1000.10');
    await user.click(dialog.getByTestId('withdraw-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.called('POST /api/wallet/withdrawAll')[0]?.body).toEqual({ amount: 1000.1 });
  });
});

describe('withdraw dialog while a bonus is open (decisions 0112, 0113)', () => {
  // 1,000.10 in the wallet: 200.00 is promotion money (goes back first), 800.10 own money.
  const bonusOpen = {
    'GET /api/bonus/turnover': () => ({
      json: turnoverFixture([grantFixture({ own: 800.1, locked: 200 })], 200, {
        withdrawable: 800.1,
        wallet: 1000.1,
      }),
    }),
  } satisfies FakeRoutes;
  const paid = {
    'POST /api/wallet/withdrawAll': () => ({
      json: { message: 'waiteTransfer', status: 'PENDING', reference: 'wd-2' },
    }),
  } satisfies FakeRoutes;
  const ready = async (dialog: ReturnType<typeof within>) =>
    waitFor(() => expect(dialog.getByTestId('withdraw-submit')).toHaveProperty('disabled', false));

  it('shows what can be withdrawn, what goes back, and the own money this amount forfeits', async () => {
    const { api, onClose, user, dialog } = await open({ ...bonusOpen, ...paid });
    await ready(dialog);
    expect(dialog.getByTestId('withdraw-withdrawable').textContent).toBe('฿800.10');
    expect(dialog.getByText('Promotion money taken back')).toBeTruthy();
    expect(dialog.getByTestId('withdraw-locked').textContent).toBe('฿200.00');
    const warning = within(dialog.getByTestId('withdraw-forfeit-warning'));
    expect(warning.getByText('This withdrawal ends your bonus')).toBeTruthy();
    expect(warning.getByTestId('withdraw-forfeit-amount').textContent).toBe(
      '200.00 baht of promotion money (the bonus and what it won) goes back first. Then the amount you ask is paid, and your own money left in the wallet is forfeited.',
    );
    const amount = dialog.getByTestId('withdraw-amount');
    await user.type(amount, '150');
    // 1,000.10 - 200.00 taken back - 150.00 paid, updated as the member types.
    expect(warning.getByTestId('withdraw-forfeit-rest').textContent).toBe(
      'Your own money forfeited by this withdrawal: 650.10 baht',
    );
    await user.click(dialog.getByTestId('withdraw-submit'));
    expect(warning.getByTestId('withdraw-forfeit-error').textContent).toBe(
      'Tick the box to confirm first',
    );
    expect(api.called('POST /api/wallet/withdrawAll')).toHaveLength(0);
    await user.click(warning.getByLabelText('I agree to forfeit 650.10 baht of my own money'));
    expect(warning.queryByTestId('withdraw-forfeit-error')).toBeNull();
    // Another amount is another figure: the tick does not carry over.
    await user.type(amount, '0');
    expect(amount).toHaveProperty('value', '1500');
    await user.clear(amount);
    await user.type(amount, '160');
    const box = warning.getByLabelText('I agree to forfeit 640.10 baht of my own money');
    expect(box).toHaveProperty('checked', false);
    await user.click(dialog.getByTestId('withdraw-submit'));
    expect(api.called('POST /api/wallet/withdrawAll')).toHaveLength(0);
    await user.click(box);
    await user.click(dialog.getByTestId('withdraw-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.called('POST /api/wallet/withdrawAll')[0]?.body).toEqual({
      amount: 160,
      confirmForfeit: 640.1,
    });
  });

  it('"withdraw all my money" fills what is withdrawable, which forfeits nothing of one\'s own', async () => {
    const { api, onClose, user, dialog } = await open({ ...bonusOpen, ...paid });
    await ready(dialog);
    await user.click(dialog.getByTestId('withdraw-all'));
    expect(dialog.getByTestId('withdraw-all').textContent).toBe(
      'Withdraw all my money (800.10 baht)',
    );
    expect(dialog.getByTestId('withdraw-amount')).toHaveProperty('value', '800.10');
    expect(dialog.getByTestId('withdraw-forfeit-rest').textContent).toBe(
      'This withdrawal forfeits none of your own money.',
    );
    expect(dialog.queryByTestId('withdraw-forfeit-confirm')).toBeNull();
    await user.click(dialog.getByTestId('withdraw-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.called('POST /api/wallet/withdrawAll')[0]?.body).toEqual({ amount: 800.1 });
  });

  it('explains an amount above what is withdrawable before sending anything', async () => {
    const { api, user, dialog } = await open({ ...bonusOpen, ...paid });
    await ready(dialog);
    await user.type(dialog.getByTestId('withdraw-amount'), '800.11');
    await user.click(dialog.getByTestId('withdraw-submit'));
    expect(
      dialog.getByText(
        'You can withdraw at most 800.10 baht now: the promotion money goes back first.',
      ),
    ).toBeTruthy();
    expect(api.called('POST /api/wallet/withdrawAll')).toHaveLength(0);
  });

  it("shows the server's new figure after a 409 BONUS_REMAINING and asks again", async () => {
    let answers = 0;
    const { api, onClose, user, dialog } = await open({
      ...bonusOpen,
      'POST /api/wallet/withdrawAll': () =>
        answers++ === 0
          ? { status: 409, json: { message: 'BONUS_REMAINING', forfeit: 700 } }
          : { json: { message: 'waiteTransfer', status: 'PENDING', reference: 'wd-4' } },
    });
    await ready(dialog);
    await user.type(dialog.getByTestId('withdraw-amount'), '150');
    await user.click(dialog.getByLabelText('I agree to forfeit 650.10 baht of my own money'));
    await user.click(dialog.getByTestId('withdraw-submit'));
    const changed = await dialog.findByTestId('withdraw-forfeit-changed');
    expect(changed.textContent).toBe(
      'The figures have changed: this withdrawal now forfeits 700.00 baht of your own money. Check the figure and confirm again.',
    );
    expect(screen.queryByTestId('withdraw-error-alert')).toBeNull();
    expect(dialog.getByTestId('withdraw-forfeit-rest').textContent).toBe(
      'Your own money forfeited by this withdrawal: 700.00 baht',
    );
    // What the server implies is withdrawable now: 150.00 + 700.00.
    expect(dialog.getByTestId('withdraw-withdrawable').textContent).toBe('฿850.00');
    const box = dialog.getByLabelText('I agree to forfeit 700.00 baht of my own money');
    expect(box).toHaveProperty('checked', false);
    await user.click(dialog.getByTestId('withdraw-submit'));
    expect(dialog.getByTestId('withdraw-forfeit-error').textContent).toBe(
      'Tick the box to confirm first',
    );
    expect(api.called('POST /api/wallet/withdrawAll')).toHaveLength(1);
    await user.click(box);
    await user.click(dialog.getByTestId('withdraw-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [first, second] = api.called('POST /api/wallet/withdrawAll');
    expect(first?.body).toEqual({ amount: 150, confirmForfeit: 650.1 });
    expect(second?.body).toEqual({ amount: 150, confirmForfeit: 700 });
    expect(second?.headers['idempotency-key']).not.toBe(first?.headers['idempotency-key']);
  });

  it("after a failed turnover read, sends without a figure and then shows the server's", async () => {
    let answers = 0;
    const { api, onClose, user, dialog } = await open({
      'GET /api/bonus/turnover': () => ({ status: 500, json: { message: 'SERVER_ERROR' } }),
      'POST /api/wallet/withdrawAll': () =>
        answers++ === 0
          ? { status: 409, json: { message: 'BONUS_REMAINING', forfeit: 650.1 } }
          : { json: { message: 'waiteTransfer', status: 'PENDING', reference: 'wd-5' } },
    });
    await ready(dialog);
    expect(dialog.getByTestId('withdraw-terms-unread').textContent).toContain(
      'you will see the figure and be asked to confirm before anything moves',
    );
    expect(dialog.queryByTestId('withdraw-forfeit-warning')).toBeNull();
    await user.type(dialog.getByTestId('withdraw-amount'), '150');
    await user.click(dialog.getByTestId('withdraw-submit'));
    await dialog.findByTestId('withdraw-forfeit-changed');
    await user.click(dialog.getByLabelText('I agree to forfeit 650.10 baht of my own money'));
    await user.click(dialog.getByTestId('withdraw-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.called('POST /api/wallet/withdrawAll').map((call) => call.body)).toEqual([
      { amount: 150 },
      { amount: 150, confirmForfeit: 650.1 },
    ]);
  });
});

describe('withdraw dialog while an invite, refund or coupon grant is open', () => {
  const inviteOpen = {
    'GET /api/bonus/turnover': () => ({
      json: turnoverFixture(
        [grantFixture({ kind: 'invite', name: 'Invite bonus', own: 300, locked: 50 })],
        0,
        { withdrawable: 300, wallet: 350 },
      ),
    }),
  } satisfies FakeRoutes;

  it('shows the locked promotion money, keeps the grant open and caps the amount', async () => {
    const { api, user, dialog } = await open(inviteOpen);
    await waitFor(() =>
      expect(dialog.getByTestId('withdraw-submit')).toHaveProperty('disabled', false),
    );
    expect(dialog.getByTestId('withdraw-withdrawable').textContent).toBe('฿300.00');
    expect(dialog.getByText('Promotion money (locked)')).toBeTruthy();
    expect(dialog.getByTestId('withdraw-locked').textContent).toBe('฿50.00');
    expect(dialog.getByTestId('withdraw-keeps-open').textContent).toBe(
      'Your condition (Invite bonus) stays open: a withdrawal takes only your own money, and the promotion money stays locked until the turnover is met.',
    );
    expect(dialog.queryByTestId('withdraw-forfeit-warning')).toBeNull();
    await user.type(dialog.getByTestId('withdraw-amount'), '300.01');
    await user.click(dialog.getByTestId('withdraw-submit'));
    expect(
      dialog.getByText(
        'You can withdraw at most 300.00 baht now: the rest is promotion money, locked until the turnover is met.',
      ),
    ).toBeTruthy();
    expect(api.called('POST /api/wallet/withdrawAll')).toHaveLength(0);
  });

  it("takes the server's withdrawable figure from a 409 BONUS_REMAINING", async () => {
    const { api, user, dialog } = await open({
      ...inviteOpen,
      'POST /api/wallet/withdrawAll': () => ({
        status: 409,
        json: { message: 'BONUS_REMAINING', withdrawable: 120 },
      }),
    });
    await waitFor(() =>
      expect(dialog.getByTestId('withdraw-submit')).toHaveProperty('disabled', false),
    );
    await user.type(dialog.getByTestId('withdraw-amount'), '150');
    await user.click(dialog.getByTestId('withdraw-submit'));
    await dialog.findByText(
      'You can withdraw at most 120.00 baht now: the rest is promotion money, locked until the turnover is met.',
    );
    expect(screen.queryByTestId('withdraw-error-alert')).toBeNull();
    expect(dialog.getByTestId('withdraw-withdrawable').textContent).toBe('฿120.00');
    // Asking again above it is explained here, without another call.
    await user.click(dialog.getByTestId('withdraw-submit'));
    expect(api.called('POST /api/wallet/withdrawAll')).toHaveLength(1);
  });
});
