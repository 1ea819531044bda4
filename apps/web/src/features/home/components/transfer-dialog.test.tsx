// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToasts } from '@/components/toast/toast-store';
import { pressTwiceInOneTask } from '@/test/press';
import { fakeApi, renderRoute, type FakeRoutes } from '@/test/render';
import { TransferDialog } from '@/features/home/components/transfer-dialog';
import { walletFixture } from '@/features/home/test/wallet-fixture';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function open(routes: FakeRoutes, preset: { from: string; to: string } | null = null) {
  const api = fakeApi({ 'GET /api/wallet': () => ({ json: walletFixture() }), ...routes });
  const onClose = vi.fn();
  const user = userEvent.setup({ delay: null });
  renderRoute(<TransferDialog preset={preset} onClose={onClose} />, { path: '/', url: '/' });
  const dialog = within(await screen.findByTestId('transfer-dialog'));
  await waitFor(() => expect(dialog.getAllByRole('option').length).toBeGreaterThan(2));
  return { api, onClose, user, dialog };
}

describe('transfer dialog', () => {
  it('starts on NONE and offers the wallet and the active games only', async () => {
    const { dialog } = await open({});
    const from = dialog.getByTestId('transfer-from') as HTMLSelectElement;
    expect(from.value).toBe('NONE');
    expect(Array.from(from.options).map((o) => o.value)).toEqual([
      'NONE',
      'WALLET',
      'SLOTXO',
      'UFABET',
    ]);
    expect(from.options[1]?.textContent).toBe('Wallet (฿1,000.10)');
  });

  it('checks the rules of spec section 5 before calling the server', async () => {
    const { api, user, dialog } = await open({});
    const submit = dialog.getByTestId('transfer-submit');
    await user.click(submit);
    expect(dialog.getByText('Choose where the money comes from and where it goes')).toBeTruthy();
    await user.selectOptions(dialog.getByTestId('transfer-from'), 'SLOTXO');
    await user.selectOptions(dialog.getByTestId('transfer-to'), 'SLOTXO');
    await user.click(submit);
    expect(dialog.getByText('The source and the destination must be different')).toBeTruthy();
    await user.selectOptions(dialog.getByTestId('transfer-to'), 'WALLET');
    await user.type(dialog.getByTestId('transfer-amount'), '0.5');
    await user.click(submit);
    expect(dialog.getByText('The minimum transfer is 1 baht')).toBeTruthy();
    await user.clear(dialog.getByTestId('transfer-amount'));
    await user.type(dialog.getByTestId('transfer-amount'), '1e3😀abc');
    await user.click(submit);
    expect(
      dialog.getByText('Use digits only, with at most 2 decimals (for example 100 or 100.50)'),
    ).toBeTruthy();
    await user.clear(dialog.getByTestId('transfer-amount'));
    await user.type(dialog.getByTestId('transfer-amount'), '99999999');
    await user.click(submit);
    expect(dialog.getByText('The most you can enter is 10,000,000.00 baht')).toBeTruthy();
    expect(api.called('POST /api/wallet/transfer')).toHaveLength(0);
  });

  it('transfers with an idempotency key, says so and closes', async () => {
    const { api, onClose, user, dialog } = await open(
      {
        'POST /api/wallet/transfer': () => ({
          json: { message: 'SUCCESS', status: 'SUCCESS', reference: 'tr-1' },
        }),
      },
      { from: 'WALLET', to: 'SLOTXO' },
    );
    await user.type(dialog.getByTestId('transfer-amount'), '100.5');
    await user.click(dialog.getByTestId('transfer-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [call] = api.called('POST /api/wallet/transfer');
    expect(call?.body).toEqual({ from: 'WALLET', to: 'SLOTXO', amount: 100.5 });
    expect(call?.headers['idempotency-key']).toMatch(UUID);
    expect(getToasts().map((t) => t.message)).toContain('Transfer successful');
  });

  it.each([
    ['transfer', 'transfer-submit', 'POST /api/wallet/transfer'],
    ['transferAll', 'transfer-all-button', 'POST /api/wallet/transferAll'],
  ] as const)('%s: two presses in one task send one request', async (_, button, path) => {
    let calls = 0;
    const { api, onClose, user, dialog } = await open(
      {
        [path]: () =>
          ++calls === 1
            ? { json: { message: 'SUCCESS', status: 'SUCCESS', reference: 'tr-1' } }
            : { status: 400, json: { message: 'MONEY_NOT_ENOUGH' } },
      },
      { from: 'WALLET', to: 'SLOTXO' },
    );
    await user.type(dialog.getByTestId('transfer-amount'), '100');
    pressTwiceInOneTask(dialog.getByTestId(button));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.called(path)).toHaveLength(1);
    expect(screen.queryByTestId('transfer-error-alert')).toBeNull();
  });

  it('shows an error in a modal alert titled with its label; a retry after no answer reuses the key', async () => {
    const answers = [
      { status: 503, json: { message: 'INTERNAL_SERVER_ERROR' } },
      { status: 400, json: { message: 'MONEY_NOT_ENOUGH' } },
      { status: 400, json: { message: 'MONEY_NOT_ENOUGH' } },
    ];
    const { api, user, dialog } = await open(
      { 'POST /api/wallet/transfer': () => answers.shift() ?? { json: {} } },
      { from: 'WALLET', to: 'SLOTXO' },
    );
    await user.type(dialog.getByTestId('transfer-amount'), '5000');
    const send = async () => {
      await user.click(dialog.getByTestId('transfer-submit'));
      const alert = await screen.findByRole('alertdialog');
      const title = alert.querySelector('h2')?.textContent;
      await user.click(within(alert).getByRole('button', { name: 'OK' }));
      return title;
    };
    expect(await send()).toBe('Something went wrong. Please try again.');
    expect(await send()).toBe('Insufficient balance');
    expect(await send()).toBe('Insufficient balance');
    const keys = api.called('POST /api/wallet/transfer').map((c) => c.headers['idempotency-key']);
    // Same action after an unknown outcome: same key. After a settled refusal: a new action.
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('says a PENDING transfer is being confirmed', async () => {
    const { onClose, user, dialog } = await open(
      {
        'POST /api/wallet/transfer': () => ({
          json: { message: 'PENDING', status: 'PENDING', reference: 'tr-2' },
        }),
      },
      { from: 'SLOTXO', to: 'WALLET' },
    );
    await user.type(dialog.getByTestId('transfer-amount'), '20');
    await user.click(dialog.getByTestId('transfer-submit'));
    const alert = await screen.findByTestId('transfer-pending-alert');
    expect(alert.querySelector('h2')?.textContent).toBe('Being confirmed');
    await user.click(within(alert).getByRole('button', { name: 'OK' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('moves the whole wallet into a game with transferAll', async () => {
    const { api, user, dialog } = await open({
      'POST /api/wallet/transferAll': () => ({
        json: { message: 'SUCCESS', status: 'SUCCESS', reference: 'tr-3' },
      }),
    });
    await user.click(dialog.getByTestId('transfer-all-button'));
    expect(
      dialog.getByText('Choose a game as the destination to move the whole wallet'),
    ).toBeTruthy();
    await user.selectOptions(dialog.getByTestId('transfer-to'), 'UFABET');
    await user.click(dialog.getByTestId('transfer-all-button'));
    await waitFor(() => expect(api.called('POST /api/wallet/transferAll')).toHaveLength(1));
    const [call] = api.called('POST /api/wallet/transferAll');
    expect(call?.body).toEqual({ to: 'UFABET' });
    expect(call?.headers['idempotency-key']).toMatch(UUID);
  });
});
