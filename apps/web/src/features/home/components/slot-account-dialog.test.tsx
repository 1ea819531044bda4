// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderRoute, type FakeRoutes } from '@/test/render';
import { SlotAccountDialog } from '@/features/home/components/slot-account-dialog';
import { walletFixture } from '@/features/home/test/wallet-fixture';
import { openLaunch } from '@/features/home/lib/open-launch';

const options = vi.hoisted(() => ({
  laoBuild: false,
  iframeMode: false,
  sportHost: null as string | null,
  pgslotNotice: null as string | null,
  chatBackend: null,
}));
vi.mock('@/config/build-options', () => ({ buildOptions: options }));

vi.mock('@/features/home/lib/open-launch', () => ({
  prepareTab: vi.fn(() => null),
  openLaunch: vi.fn(),
}));

afterEach(() => {
  options.iframeMode = false;
  options.pgslotNotice = null;
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(openLaunch).mockClear();
});

async function open(code: string, routes: FakeRoutes = {}, wallet = walletFixture()) {
  const api = fakeApi({ 'GET /api/wallet': () => ({ json: wallet }), ...routes });
  const onTransferOnly = vi.fn();
  const user = userEvent.setup({ delay: null });
  renderRoute(<SlotAccountDialog code={code} onClose={vi.fn()} onTransferOnly={onTransferOnly} />, {
    path: '/',
    url: '/',
  });
  const dialog = within(await screen.findByTestId('slot-account-dialog'));
  // Rendered once the wallet (and so the game account) has arrived.
  await dialog.findByTestId('slot-account-error');
  return { api, user, dialog, onTransferOnly };
}

describe('slot account dialog', () => {
  it('shows the credentials of an active account, and its app buttons as the links allow', async () => {
    const { dialog } = await open('SLOTXO', {
      'GET /api/wallet/account/SLOTXO': () => ({
        json: { username: 'sx10001', password: 'pw-123456' },
      }),
    });
    expect((await dialog.findByTestId('slot-account-username')).textContent).toBe('sx10001');
    expect(dialog.getByTestId('slot-account-password').textContent).toBe('pw-123456');
    expect(dialog.getByTestId('slot-account-units').textContent).toBe('500.40');
    expect(dialog.getByTestId('slot-android-button').getAttribute('href')).toBe(
      'https://games.example/provider?code=SLOTXO#android',
    );
    // Spec section 5: disabled when the link is null.
    expect(dialog.getByTestId('slot-ios-button')).toHaveProperty('disabled', true);
  });

  it('shows no credentials before activation, then opens the account', async () => {
    const active = { ...walletFixture().slots[1]!, isActive: true };
    let activated = false;
    const { api, user, dialog } = await open('PG', {
      'GET /api/wallet': () => ({
        json: activated ? walletFixture({ slots: [active] }) : walletFixture(),
      }),
      'GET /api/wallet/activate/PG': () => {
        activated = true;
        return { json: active };
      },
      'GET /api/wallet/account/PG': () => ({
        json: { username: 'pg10001', password: 'pw-999999' },
      }),
    });
    expect(dialog.getByTestId('slot-account-inactive')).toBeTruthy();
    expect(dialog.queryByTestId('slot-account-username')).toBeNull();
    expect(api.called('GET /api/wallet/account/PG')).toHaveLength(0);
    await user.click(dialog.getByTestId('slot-activate-button'));
    expect((await dialog.findByTestId('slot-account-username')).textContent).toBe('pg10001');
  });

  it('shows a failure to open the account in the catalogue wording', async () => {
    const { user, dialog } = await open('PG', {
      'GET /api/wallet/activate/PG': () => ({
        status: 502,
        json: { message: 'SLOT_ACTIVATE_FAIL' },
      }),
    });
    await user.click(dialog.getByTestId('slot-activate-button'));
    await waitFor(() =>
      expect(dialog.getByTestId('slot-account-error').textContent).toBe(
        'Could not open the game account',
      ),
    );
  });

  it('launches a provider through its auto-login link, in this tab', async () => {
    const wallet = walletFixture();
    wallet.slots[1] = { ...wallet.slots[1]!, isActive: true };
    const { api, user, dialog } = await open(
      'PG',
      {
        'GET /api/wallet/account/PG': () => ({ json: { username: 'pg10001', password: 'x' } }),
        'GET /api/autoLogin/pg/pg10001': () => ({
          json: { link: 'https://games.example/play/abc123' },
        }),
      },
      wallet,
    );
    await dialog.findByTestId('slot-account-username');
    await user.click(dialog.getByTestId('slot-play-button'));
    await waitFor(() =>
      expect(openLaunch).toHaveBeenCalledWith(
        'https://games.example/play/abc123',
        'same-tab',
        null,
      ),
    );
    expect(api.called('GET /api/autoLogin/pg/pg10001')).toHaveLength(1);
  });

  it('launches the providers without an auto-login route through /api/wallet/launch', async () => {
    const { api, user, dialog } = await open('SLOTXO', {
      'GET /api/wallet/account/SLOTXO': () => ({ json: { username: 'sx1', password: 'p' } }),
      'GET /api/wallet/launch/SLOTXO': () => ({ json: { link: 'https://games.example/play/sx' } }),
    });
    await dialog.findByTestId('slot-account-username');
    await user.click(dialog.getByTestId('slot-play-button'));
    await waitFor(() =>
      expect(openLaunch).toHaveBeenCalledWith('https://games.example/play/sx', 'same-tab', null),
    );
    expect(api.called('GET /api/wallet/launch/SLOTXO')).toHaveLength(1);
  });

  it('opens the transfer dialog preset, or disables transfer-only with nothing to move', async () => {
    const { user, dialog, onTransferOnly } = await open('SLOTXO', {
      'GET /api/wallet/account/SLOTXO': () => ({ json: { username: 'a', password: 'b' } }),
    });
    await user.click(dialog.getByTestId('slot-transfer-only-button'));
    expect(onTransferOnly).toHaveBeenCalledWith({ from: 'WALLET', to: 'SLOTXO' });
    cleanup();

    const empty = walletFixture({ wallet: { amount: 0, currency: 'BAHT' } });
    empty.slots[0] = { ...empty.slots[0]!, amount: 0 };
    const second = await open(
      'SLOTXO',
      { 'GET /api/wallet/account/SLOTXO': () => ({ json: { username: 'a', password: 'b' } }) },
      empty,
    );
    expect(second.dialog.getByTestId('slot-transfer-only-button')).toHaveProperty('disabled', true);
  });

  it('shows the PGSLOT notice first, and opens a new tab in iframe mode', async () => {
    options.iframeMode = true;
    options.pgslotNotice = 'Turn your phone sideways to play.';
    const pgslot = {
      ...walletFixture().slots[0]!,
      code: 'PGSLOT',
      name: 'PG Slot',
      ftWalletSlot: 1,
    };
    const { api, user, dialog } = await open(
      'PGSLOT',
      {
        'GET /api/wallet/account/PGSLOT': () => ({ json: { username: 'pgs1', password: 'p@ss' } }),
        'GET /api/autoLogin/pgslot/pgs1/p%40ss': () => ({
          json: { link: 'https://games.example/play/xyz' },
        }),
      },
      walletFixture({ slots: [pgslot] }),
    );
    await dialog.findByTestId('slot-account-username');
    await user.click(dialog.getByTestId('slot-play-button'));
    const notice = dialog.getByTestId('launch-notice');
    expect(notice.textContent).toContain('Turn your phone sideways to play.');
    expect(api.called('GET /api/autoLogin/pgslot/pgs1/p%40ss')).toHaveLength(0);
    await user.click(within(notice).getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(openLaunch).toHaveBeenCalledWith('https://games.example/play/xyz', 'new-tab', null),
    );
  });
});
