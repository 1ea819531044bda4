// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderRoute } from '@/test/render';
import { HomePage, type HomeDepositDialogProps } from '@/features/home/components/home-page';
import { walletFixture } from '@/features/home/test/wallet-fixture';
import { grantFixture, turnoverFixture } from '@/test/turnover-fixture';

beforeEach(() => {
  localStorage.clear();
  // The agreement is tested on its own below.
  localStorage.setItem('remember_agreement', 'true');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** Stands in for the deposit feature's dialog, which the app layer passes in. */
function FakeDepositDialog({ member, onClose, onWalletChange }: HomeDepositDialogProps) {
  return (
    <div role="dialog" data-testid="deposit-dialog">
      <span data-testid="fake-deposit-member">
        {member.phone} {member.bankAccount.bankCode}
      </span>
      <button type="button" onClick={onWalletChange}>
        money arrived
      </button>
      <button type="button" onClick={onClose}>
        close deposit
      </button>
    </div>
  );
}

const renderHome = () =>
  renderRoute(<HomePage depositDialog={FakeDepositDialog} />, {
    path: '/user/home',
    url: '/user/home',
  });

describe('member home', () => {
  it("shows a LAK member's amounts with the kip sign (decision 0033)", async () => {
    fakeApi({
      'GET /api/wallet': () => ({
        json: walletFixture({ wallet: { amount: 50, currency: 'LAK' } }),
      }),
    });
    renderHome();
    expect((await screen.findByTestId('home-wallet-balance')).textContent).toBe('₭50.00');
    expect(screen.getByTestId('home-total-balance').textContent).toBe('₭300.50');
    expect(screen.getByTestId('home-invite-amount').textContent).toBe('₭35.50');
    const slotxo = await screen.findByTestId('slot-card-SLOTXO');
    expect(within(slotxo).getByTestId('slot-card-balance').textContent).toBe('₭250.20');
  });

  it('shows the member, the total of the wallet and active games, and the game cards', async () => {
    fakeApi({ 'GET /api/wallet': () => ({ json: walletFixture() }) });
    renderHome();
    expect((await screen.findByTestId('home-member-name')).textContent).toBe(
      'Welcome, Somchai Jaidee',
    );
    // 1000.10 + 250.20 (SLOTXO) + 0.30 (UFABET); the inactive games do not count.
    expect(screen.getByTestId('home-total-balance').textContent).toBe('฿1,250.60');
    expect(screen.getByTestId('home-wallet-balance').textContent).toBe('฿1,000.10');
    expect(screen.getByTestId('home-games-balance').textContent).toBe('฿250.50');
    expect(screen.getByTestId('home-invite-amount').textContent).toBe('฿35.50');
    expect(screen.getByTestId('invite-receive-button')).toHaveProperty('disabled', false);
    expect(screen.getByTestId('home-last-sync').textContent).toBe('Balances not checked yet');

    const slotxo = await screen.findByTestId('slot-card-SLOTXO');
    expect(within(slotxo).getByTestId('slot-card-balance').textContent).toBe('฿250.20');
    // The balance times ftWalletSlot (2), with the provider's name.
    expect(within(slotxo).getByTestId('slot-card-units').textContent).toBe('SlotXO 500.40');
    expect(
      within(screen.getByTestId('slot-card-PG')).getByTestId('slot-card-open').textContent,
    ).toBe('Open account');
    // Carousels only for non-empty categories: no lotto accounts here.
    expect(screen.getByTestId('carousel-slot')).toBeTruthy();
    expect(screen.getByTestId('carousel-sport')).toBeTruthy();
    expect(screen.queryByTestId('carousel-lotto')).toBeNull();
    expect(within(screen.getByTestId('home-tiles')).getAllByRole('listitem')).toHaveLength(6);
  });

  it('checks the balances with the providers and stores when (last_sync)', async () => {
    const refreshed = walletFixture({ wallet: { amount: 10, currency: 'BAHT' } });
    const api = fakeApi({
      'GET /api/wallet': () => ({ json: walletFixture() }),
      'GET /api/wallet/refresh/slot': () => ({ json: refreshed }),
    });
    const user = userEvent.setup({ delay: null });
    renderHome();
    await screen.findByTestId('home-total-balance');
    await user.click(screen.getByTestId('check-balance-button'));
    await waitFor(() =>
      expect(screen.getByTestId('home-total-balance').textContent).toBe('฿260.50'),
    );
    expect(api.called('GET /api/wallet/refresh/slot')).toHaveLength(1);
    expect(localStorage.getItem('last_sync')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(screen.getByTestId('home-last-sync').textContent).toMatch(
      /^Updated \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/,
    );
  });

  it('moves a carousel with its buttons and the arrow keys, and a tap opens the account', async () => {
    fakeApi({
      'GET /api/wallet': () => ({ json: walletFixture() }),
      'GET /api/wallet/account/SLOTXO': () => ({
        json: { username: 'sx10001', password: 'pw-123456' },
      }),
    });
    const user = userEvent.setup({ delay: null });
    renderHome();
    const carousel = await screen.findByTestId('carousel-slot');
    const offsets = () =>
      within(carousel)
        .getAllByTestId('carousel-slide')
        .map((slide) => slide.dataset.offset);
    expect(offsets()).toEqual(['0', '1', '-1']);

    await user.click(screen.getByRole('button', { name: 'Next in Slot games' }));
    expect(offsets()).toEqual(['-1', '0', '1']);

    const active = within(carousel).getByTestId('slot-card-PG');
    active.focus();
    await user.keyboard('{ArrowRight}');
    expect(offsets()).toEqual(['1', '-1', '0']);
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(offsets()).toEqual(['0', '1', '-1']);

    await user.click(within(carousel).getByRole('button', { name: 'SlotXO: balance 250.20 baht' }));
    const dialog = await screen.findByTestId('slot-account-dialog');
    expect(await within(dialog).findByTestId('slot-account-username')).toBeTruthy();
  });

  it('opens the agreement 1.5 s after load unless acknowledged, and remembers agreeing', async () => {
    localStorage.removeItem('remember_agreement');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fakeApi({
      'GET /api/wallet': () => ({ json: walletFixture() }),
      'GET /api/lookup/agreements': () => ({
        json: { agreements: ['<p>Play fair.<script>alert(1)</script></p>'] },
      }),
    });
    renderHome();
    await screen.findByTestId('home-total-balance');
    act(() => {
      vi.advanceTimersByTime(1400);
    });
    expect(screen.queryByTestId('agreement-dialog')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    const dialog = await screen.findByTestId('agreement-dialog');
    expect(dialog.textContent).toContain('Play fair.');
    expect(dialog.querySelector('script')).toBeNull();
    vi.useRealTimers();
    await userEvent.setup({ delay: null }).click(within(dialog).getByTestId('agreement-accept'));
    expect(localStorage.getItem('remember_agreement')).toBe('true');
    expect(screen.queryByTestId('agreement-dialog')).toBeNull();
  });

  it('does not ask again once acknowledged', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = fakeApi({ 'GET /api/wallet': () => ({ json: walletFixture() }) });
    renderHome();
    await screen.findByTestId('home-total-balance');
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(api.called('GET /api/lookup/agreements')).toHaveLength(0);
    expect(screen.queryByTestId('agreement-dialog')).toBeNull();
  });

  it('reloads the wallet when the transfer dialog closes', async () => {
    const api = fakeApi({
      'GET /api/wallet': () => ({ json: walletFixture() }),
      'GET /api/wallet/account/SLOTXO': () => ({
        json: { username: 'sx10001', password: 'pw-123456' },
      }),
    });
    const user = userEvent.setup({ delay: null });
    renderHome();
    await user.click(await screen.findByTestId('slot-card-SLOTXO'));
    await user.click(await screen.findByTestId('slot-transfer-only-button'));
    const transfer = await screen.findByTestId('transfer-dialog');
    // Preset: the wallet has money, so wallet -> this game.
    expect((within(transfer).getByTestId('transfer-from') as HTMLSelectElement).value).toBe(
      'WALLET',
    );
    expect((within(transfer).getByTestId('transfer-to') as HTMLSelectElement).value).toBe('SLOTXO');
    const before = api.called('GET /api/wallet').length;
    await user.click(within(transfer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(api.called('GET /api/wallet').length).toBe(before + 1));
  });

  it('opens the deposit dialog with the member, and reloads the wallet when money arrives and on close', async () => {
    const api = fakeApi({ 'GET /api/wallet': () => ({ json: walletFixture() }) });
    const user = userEvent.setup({ delay: null });
    renderHome();
    await user.click(await screen.findByTestId('tile-deposit'));
    expect((await screen.findByTestId('fake-deposit-member')).textContent).toBe('0812345678 KBANK');
    const before = api.called('GET /api/wallet').length;
    await user.click(screen.getByRole('button', { name: 'money arrived' }));
    await waitFor(() => expect(api.called('GET /api/wallet').length).toBe(before + 1));
    await user.click(screen.getByRole('button', { name: 'close deposit' }));
    await waitFor(() => expect(api.called('GET /api/wallet').length).toBe(before + 2));
    expect(screen.queryByTestId('deposit-dialog')).toBeNull();
  });

  it('opens the invite dialog from the invite tile (plain without banners)', async () => {
    fakeApi({
      'GET /api/wallet': () => ({ json: walletFixture() }),
      'GET /api/invite/banners': () => ({ json: [] }),
      'POST /api/invite': () => ({ json: { total: 0, invites: [] } }),
    });
    const user = userEvent.setup({ delay: null });
    renderHome();
    await user.click(await screen.findByTestId('tile-invite'));
    const content = await screen.findByTestId('invite-content');
    expect(content.dataset.view).toBe('plain');
    expect(screen.queryByText('Coming soon')).toBeNull();
  });

  it('opens the refund dialog from the refund tile and reloads the wallet when it closes', async () => {
    const api = fakeApi({
      'GET /api/wallet': () => ({ json: walletFixture() }),
      'GET /api/refund/banners': () => ({ json: [] }),
      'GET /api/refund/check': () => ({
        json: {
          result: false,
          bonus: false,
          info: '<p>Weekly cashback</p>',
          refundAmount: 0,
          refundSuccess: 100,
          refundFail: 10,
        },
      }),
      'POST /api/refund': () => ({ json: { total: 0, refunds: [] } }),
    });
    const user = userEvent.setup({ delay: null });
    renderHome();
    await user.click(await screen.findByTestId('tile-refund'));
    const dialog = within(await screen.findByTestId('refund-dialog'));
    await dialog.findByTestId('refund-content');
    const before = api.called('GET /api/wallet').length;
    await user.click(dialog.getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(api.called('GET /api/wallet').length).toBe(before + 1));
    expect(screen.queryByTestId('refund-dialog')).toBeNull();
  });

  it('receives the invite bonus through the confirm dialog, then reloads the wallet', async () => {
    let claimed = false;
    const api = fakeApi({
      'GET /api/wallet': () => ({
        json: walletFixture({
          invite: { amount: claimed ? 0 : 35.5, success: 100, fail: 10 },
        }),
      }),
      'GET /api/invite/bonus': () => {
        claimed = true;
        return { json: { message: 'INVITE_BONUS_SUCCESS' } };
      },
    });
    const user = userEvent.setup({ delay: null });
    renderHome();
    await user.click(await screen.findByTestId('invite-receive-button'));
    const dialog = within(await screen.findByTestId('move-bonus-dialog'));
    expect(dialog.getByTestId('move-bonus-amount').textContent).toBe('฿35.50');
    expect(dialog.getByTestId('move-bonus-success').textContent).toBe('100%');
    expect(dialog.getByTestId('move-bonus-fail').textContent).toBe('10%');
    await user.click(dialog.getByTestId('move-bonus-confirm'));
    await waitFor(() => expect(screen.queryByTestId('move-bonus-dialog')).toBeNull());
    expect(api.called('GET /api/invite/bonus')).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('home-invite-amount').textContent).toBe('฿0.00'));
    expect(screen.getByTestId('invite-receive-button')).toHaveProperty('disabled', true);
  });

  it('shows a compact turnover card linking to the bonus page while a condition is open', async () => {
    const api = fakeApi({
      'GET /api/wallet': () => ({ json: walletFixture() }),
      'GET /api/bonus/turnover': () => ({
        json: {
          forfeitOnWithdraw: 200,
          grants: [
            {
              _id: 'g-1',
              kind: 'bonus',
              name: 'Welcome 100%',
              credited: 200,
              base: 400,
              required: 1200,
              played: 300,
              percent: 25,
              providers: [],
              percentFail: 30,
              clearBelow: 120,
              startedAt: '2024-01-03T05:00:00.000Z',
              own: 150,
              locked: 250,
              endsOnWithdraw: true,
            },
            {
              _id: 'g-2',
              kind: 'invite',
              name: 'Invite bonus',
              credited: 40,
              base: 40,
              required: 40,
              played: 0,
              percent: 0,
              providers: [],
              percentFail: 40,
              clearBelow: 16,
              startedAt: '2024-01-03T05:00:00.000Z',
              own: 150,
              locked: 250,
              endsOnWithdraw: false,
            },
          ],
          withdrawable: 150,
          wallet: 400,
        },
      }),
    });
    renderHome();
    // The card is its own lazy chunk: give a loaded machine time to fetch it.
    const card = within(await screen.findByTestId('home-turnover', {}, { timeout: 5000 }));
    expect(card.getByRole('heading', { name: 'Bonus turnover' })).toBeTruthy();
    expect(card.getByTestId('home-turnover-figures').textContent).toBe('300.00 of 1,200.00 baht');
    const bar = card.getByRole('progressbar', { name: 'Turnover of Welcome 100%' });
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    // Decision 0112: the member's own money and the locked promotion money.
    expect(card.getByTestId('home-turnover-money').textContent).toBe(
      'Own 150.00 · locked 250.00 baht',
    );
    expect(card.getByTestId('home-turnover-more').textContent).toBe('and 1 more');
    expect(card.getByRole('link', { name: 'See the bonus conditions' }).getAttribute('href')).toBe(
      '/user/bonus',
    );
    // Asked only once the wallet was there.
    expect(api.calls.findIndex((call) => call.key === 'GET /api/wallet')).toBeLessThan(
      api.calls.findIndex((call) => call.key === 'GET /api/bonus/turnover'),
    );
  });

  it('asks again at once when the turnover shows a grant met, so the card goes without a reload (issue 26)', async () => {
    // The read that shows 100% is the one that ended the grant on the server: the next read
    // has it no more.
    let reads = 0;
    const met = grantFixture({ _id: 'g-met', required: 100, played: 100, percent: 100 });
    const api = fakeApi({
      'GET /api/wallet': () => ({ json: walletFixture() }),
      'GET /api/bonus/turnover': () => ({
        json: ++reads === 1 ? turnoverFixture([met], 100) : turnoverFixture([], 0),
      }),
    });
    renderHome();
    await screen.findByTestId('home-member-name');
    await waitFor(() => expect(api.called('GET /api/bonus/turnover')).toHaveLength(2), {
      timeout: 5000,
    });
    await waitFor(() => expect(screen.queryByTestId('home-turnover')).toBeNull());
    // The wallet is read again too: the money the grant locked is the member's now.
    expect(api.called('GET /api/wallet').length).toBeGreaterThanOrEqual(2);
  });

  it('shows no turnover card without an open condition', async () => {
    const api = fakeApi({
      'GET /api/wallet': () => ({ json: walletFixture() }),
      'GET /api/bonus/turnover': () => ({ json: { grants: [], forfeitOnWithdraw: 0 } }),
    });
    renderHome();
    await screen.findByTestId('home-member-name');
    await waitFor(() => expect(api.called('GET /api/bonus/turnover')).toHaveLength(1), {
      timeout: 5000,
    });
    expect(screen.queryByTestId('home-turnover')).toBeNull();
  });
});
