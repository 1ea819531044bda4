// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, getToasts } from '@/components/toast/toast-store';
import { pressTwiceInOneTask } from '@/test/press';
import { fakeApi, renderRoute, type FakeRoutes } from '@/test/render';
import { BonusPage } from '@/features/bonus/components/bonus-page';
import {
  bonusesFixture,
  grantFixture,
  noticeFixture,
  turnoverFixture,
} from '@/features/bonus/test/bonus-fixture';

afterEach(() => {
  getToasts().forEach((toast) => dismissToast(toast.id));
  cleanup();
  vi.unstubAllGlobals();
});

const toasts = () => getToasts().map((toast) => `${toast.kind}: ${toast.message}`);

async function open(routes: FakeRoutes = {}) {
  const api = fakeApi({
    'GET /api/bonus/check/active': () => ({ json: { status: false, type: null } }),
    'GET /api/bonus': () => ({ json: bonusesFixture() }),
    'GET /api/bonus/turnover': () => ({ json: turnoverFixture() }),
    'GET /api/lookup/notice': () => ({ json: noticeFixture }),
    ...routes,
  });
  const user = userEvent.setup({ delay: null });
  renderRoute(<BonusPage />, { path: '/user/bonus', url: '/user/bonus' });
  await screen.findByTestId('bonus-page');
  await screen.findAllByTestId('bonus-card');
  return { api, user };
}

const card = (code: string) =>
  screen.getAllByTestId('bonus-card').find((item) => item.getAttribute('data-code') === code)!;

describe('bonus page without an active bonus', () => {
  it('shows the title, the promotion-code search and no cancel button', async () => {
    await open();
    expect(screen.getByRole('heading', { level: 1, name: 'Bonus' })).toBeTruthy();
    expect(await screen.findByTestId('promotion-form')).toBeTruthy();
    expect(screen.getByLabelText('Promotion code')).toHaveProperty('required', true);
    expect(screen.queryByTestId('bonus-active')).toBeNull();
    expect(screen.queryByTestId('bonus-cancel')).toBeNull();
  });

  it('shows a card whose receive limit is reached as received, and it cannot be clicked', async () => {
    const { api } = await open();
    const once = card('ONCE');
    expect(once.getAttribute('data-state')).toBe('received');
    expect(within(once).getByTestId('bonus-card-received').textContent).toBe('Received');
    expect(within(once).queryByRole('button')).toBeNull();
    await userEvent.click(once.firstElementChild as HTMLElement);
    expect(screen.queryByTestId('bonus-dialog')).toBeNull();
    // A daily bonus received on an earlier Bangkok day opens again.
    expect(card('DAILY').getAttribute('data-state')).toBe('open');
    expect(within(card('DAILY')).getByRole('button')).toBeTruthy();
    expect(api.called('GET /api/bonus/activate/ONCE')).toHaveLength(0);
  });

  it('opens the bonus dialog: banners, the notice with percentFail, the terms, receive', async () => {
    const { api, user } = await open({
      'GET /api/bonus/activate/WELCOME': () => ({
        json: { _id: 'ub-9', isActive: true, received: [{ updatedAt: new Date().toISOString() }] },
      }),
    });
    const welcome = card('WELCOME');
    expect(welcome.querySelector('img')?.getAttribute('src')).toBe('/static/bonus/welcome-1.png');
    await user.click(within(welcome).getByRole('button'));
    const dialog = within(await screen.findByTestId('bonus-dialog'));
    expect(dialog.getByRole('heading', { name: 'Welcome 100%' })).toBeTruthy();
    expect(dialog.getByTestId('bonus-banner-position').textContent).toBe('Banner 1 of 2');
    await user.click(dialog.getByRole('button', { name: 'Next banner' }));
    expect(dialog.getByTestId('bonus-banner-position').textContent).toBe('Banner 2 of 2');
    expect(dialog.getByText('Up to 500 baht')).toBeTruthy();
    expect((await dialog.findByTestId('bonus-notice')).textContent).toBe(
      'With an active bonus, withdrawing before the turnover condition is met deducts 30 percent of the remaining balance.',
    );
    expect(dialog.getByTestId('terms-credit').textContent).toBe(
      'You receive 100% of your qualifying deposit, at most 500.00 baht.',
    );
    expect(dialog.getByTestId('terms-turnover').textContent).toContain('3 times');
    expect(dialog.getByTestId('terms-weights').textContent).toBe(
      'What counts of each bet: slots 100%, sport 50%, lotto 0%.',
    );
    expect(dialog.getByTestId('terms-percent-fail').textContent).toContain('below 30%');
    expect(dialog.getByTestId('terms-deposit').textContent).toBe(
      'Your next deposit is refused until the bonus ends.',
    );
    // Decision 0112: own money stays the member's, one at a time, the confirmed forfeit.
    expect(dialog.getByTestId('terms-own-money').textContent).toBe(
      'Promotion money and what it wins can be withdrawn once the turnover is met; your own money is always yours.',
    );
    expect(dialog.getByTestId('terms-one-at-a-time').textContent).toContain(
      'One promotion at a time',
    );
    expect(dialog.getByTestId('terms-withdraw').textContent).toBe(
      'A withdrawal ends it: the bonus goes back and what is left in the wallet is forfeited (you will be asked to confirm the figure). Withdrawing all your own money forfeits none of it.',
    );
    await user.click(dialog.getByTestId('bonus-receive'));
    await waitFor(() => expect(screen.queryByTestId('bonus-dialog')).toBeNull());
    expect(api.called('GET /api/bonus/activate/WELCOME')).toHaveLength(1);
    expect(toasts()).toContain('success: Bonus received');
  });

  it('two presses of Receive in one task send one request; no refusal replaces the success', async () => {
    let calls = 0;
    const { api, user } = await open({
      'GET /api/bonus/activate/WELCOME': () =>
        ++calls === 1
          ? { json: { _id: 'ub-9', isActive: true, received: [] } }
          : { status: 400, json: { message: 'BONUS_ALREADY_ACTIVE' } },
    });
    await user.click(within(card('WELCOME')).getByRole('button'));
    const dialog = within(await screen.findByTestId('bonus-dialog'));
    pressTwiceInOneTask(dialog.getByTestId('bonus-receive'));
    await waitFor(() => expect(screen.queryByTestId('bonus-dialog')).toBeNull());
    expect(api.called('GET /api/bonus/activate/WELCOME')).toHaveLength(1);
    expect(toasts()).toEqual(['success: Bonus received']);
  });

  it('shows an activation refusal translated and keeps the dialog', async () => {
    const { user } = await open({
      'GET /api/bonus/activate/WELCOME': () => ({
        status: 400,
        json: { message: 'BONUS_CONDITION' },
      }),
    });
    await user.click(within(card('WELCOME')).getByRole('button'));
    const dialog = within(await screen.findByTestId('bonus-dialog'));
    await user.click(dialog.getByTestId('bonus-receive'));
    await waitFor(() =>
      expect(toasts()).toContain('error: Cannot end the bonus: the conditions are not met'),
    );
    expect(screen.getByTestId('bonus-dialog')).toBeTruthy();
  });
});

describe('promotion code search', () => {
  it('upper-cases the code while typing and in the calls, then receives the promotion', async () => {
    const { api, user } = await open({
      'GET /api/promotion/find/SUMMER24': () => ({
        json: {
          code: 'SUMMER24',
          percentFail: 25,
          description: 'Summer deposit bonus',
          terms: {
            credit: { kind: 'fixed', amount: 100 },
            minDeposit: 0,
            turnoverMultiple: 2,
            weights: { slot: 100, sport: 50, lotto: 0 },
            percentFail: 25,
          },
        },
      }),
      'GET /api/promotion/activate/SUMMER24': () => ({ json: { message: 'SUCCESS' } }),
    });
    const input = await screen.findByLabelText('Promotion code');
    await user.type(input, 'summer24');
    expect((input as HTMLInputElement).value).toBe('SUMMER24');
    await user.click(screen.getByTestId('promotion-search'));
    const dialog = within(await screen.findByTestId('promotion-dialog'));
    expect((await dialog.findByTestId('promotion-percent-fail')).textContent).toBe(
      'Can be ended below 25%',
    );
    expect(dialog.getByTestId('promotion-description').textContent).toBe('Summer deposit bonus');
    expect(dialog.getByTestId('terms-credit').textContent).toBe('You receive 100.00 baht.');
    expect(dialog.getByTestId('terms-turnover').textContent).toContain('2 times');
    expect(dialog.getByTestId('terms-own-money').textContent).toContain(
      'your own money is always yours',
    );
    expect(dialog.getByTestId('terms-one-at-a-time')).toBeTruthy();
    expect(dialog.getByTestId('terms-withdraw').textContent).toContain(
      'you will be asked to confirm the figure',
    );
    await user.click(dialog.getByTestId('promotion-receive'));
    await waitFor(() => expect(screen.queryByTestId('promotion-dialog')).toBeNull());
    expect(api.called('GET /api/promotion/find/SUMMER24')).toHaveLength(1);
    expect(api.called('GET /api/promotion/activate/SUMMER24')).toHaveLength(1);
    expect(toasts()).toContain('success: Promotion received');
  });

  it('two presses of Receive in one task send one promotion request', async () => {
    let calls = 0;
    const { api, user } = await open({
      'GET /api/promotion/find/SUMMER24': () => ({
        json: {
          code: 'SUMMER24',
          percentFail: 25,
          description: 'Summer deposit bonus',
          terms: {
            credit: { kind: 'fixed', amount: 100 },
            minDeposit: 0,
            turnoverMultiple: 2,
            weights: { slot: 100, sport: 50, lotto: 0 },
            percentFail: 25,
          },
        },
      }),
      'GET /api/promotion/activate/SUMMER24': () =>
        ++calls === 1
          ? { json: { message: 'SUCCESS' } }
          : { status: 400, json: { message: 'PROMOTION_RECEIVED' } },
    });
    await user.type(await screen.findByLabelText('Promotion code'), 'SUMMER24');
    await user.click(screen.getByTestId('promotion-search'));
    const dialog = within(await screen.findByTestId('promotion-dialog'));
    pressTwiceInOneTask(await dialog.findByTestId('promotion-receive'));
    await waitFor(() => expect(screen.queryByTestId('promotion-dialog')).toBeNull());
    expect(api.called('GET /api/promotion/activate/SUMMER24')).toHaveLength(1);
    expect(toasts()).toEqual(['success: Promotion received']);
  });

  it('shows searching, then not found for an empty answer', async () => {
    let answer: (value: Response) => void = () => undefined;
    const { api, user } = await open();
    const base = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn((path: string, init?: RequestInit) =>
        path === '/api/promotion/find/NOPE'
          ? new Promise<Response>((resolve) => {
              answer = resolve;
            })
          : base(path, init),
      ),
    );
    await user.type(await screen.findByLabelText('Promotion code'), 'nope');
    await user.click(screen.getByTestId('promotion-search'));
    const dialog = within(await screen.findByTestId('promotion-dialog'));
    expect(dialog.getByTestId('promotion-searching').textContent).toContain('Searching…');
    expect(dialog.queryByTestId('promotion-receive')).toBeNull();
    answer(new Response('{}', { status: 200 }));
    expect((await dialog.findByTestId('promotion-not-found')).textContent).toBe(
      'No promotion was found for the code NOPE.',
    );
    expect(dialog.queryByTestId('promotion-receive')).toBeNull();
    expect(api.called('GET /api/promotion/activate/NOPE')).toHaveLength(0);
  });

  it('requires a code and refuses other characters before calling', async () => {
    const { api, user } = await open();
    await user.click(await screen.findByTestId('promotion-search'));
    expect(screen.getByText('Enter a promotion code')).toBeTruthy();
    await user.type(screen.getByLabelText('Promotion code'), 'ab-1');
    await user.click(screen.getByTestId('promotion-search'));
    expect(screen.getByText('Use only the letters A-Z and digits, at most 32')).toBeTruthy();
    expect(screen.queryByTestId('promotion-dialog')).toBeNull();
    expect(api.calls.filter((call) => call.key.includes('/api/promotion/'))).toHaveLength(0);
  });

  it('shows a refusal of the promotion translated', async () => {
    const { user } = await open({
      'GET /api/promotion/find/USED': () => ({
        json: { code: 'USED', percentFail: 10, description: 'Used one' },
      }),
      'GET /api/promotion/activate/USED': () => ({
        status: 400,
        json: { message: 'PROMOTION_RECEIVED' },
      }),
    });
    await user.type(await screen.findByLabelText('Promotion code'), 'used');
    await user.click(screen.getByTestId('promotion-search'));
    const dialog = within(await screen.findByTestId('promotion-dialog'));
    await user.click(await dialog.findByTestId('promotion-receive'));
    await waitFor(() =>
      expect(toasts()).toContain('error: You have already received this promotion'),
    );
  });
});

describe('bonus page with an active bonus', () => {
  const active = {
    'GET /api/bonus/check/active': () => ({ json: { status: true, type: 'bonus' } }),
    'GET /api/bonus': () => ({ json: bonusesFixture({ activeCode: 'WELCOME' }) }),
    'GET /api/bonus/turnover': () => ({ json: turnoverFixture([grantFixture()], 200) }),
  } satisfies FakeRoutes;

  it('shows the type and name, the cancel button, no code search, and marks the card current', async () => {
    const { user } = await open(active);
    const block = within(await screen.findByTestId('bonus-active'));
    expect(block.getByTestId('bonus-active-type').textContent).toBe('Bonus');
    expect((await block.findByTestId('bonus-active-name')).textContent).toBe('Welcome 100%');
    expect(block.getByTestId('bonus-cancel').textContent).toBe('Cancel bonus');
    expect(screen.queryByTestId('promotion-form')).toBeNull();
    const welcome = card('WELCOME');
    expect(welcome.getAttribute('data-state')).toBe('current');
    expect(within(welcome).getByTestId('bonus-card-current').textContent).toBe('Current');
    // The active bonus's dialog confirms instead of receiving.
    await user.click(within(welcome).getByRole('button'));
    const dialog = within(await screen.findByTestId('bonus-dialog'));
    expect(dialog.queryByTestId('bonus-receive')).toBeNull();
    await user.click(dialog.getByTestId('bonus-confirm'));
    await waitFor(() => expect(screen.queryByTestId('bonus-dialog')).toBeNull());
  });

  it('cancels only after the confirm dialog, and shows the answer as a toast', async () => {
    // As on the server: once cleared, the bonus is no longer active, so the refetch after
    // the answer removes the active block (and the toast must not depend on it).
    let cleared = false;
    const { api, user } = await open({
      ...active,
      'GET /api/bonus/check/active': () => ({
        json: cleared ? { status: false, type: null } : { status: true, type: 'bonus' },
      }),
      'GET /api/bonus/turnover': () => ({
        json: cleared
          ? turnoverFixture([], 0)
          : turnoverFixture([grantFixture({ own: 64.5, locked: 35.5 })], 35.5),
      }),
      'GET /api/bonus/clear': () => {
        cleared = true;
        return { json: { message: 'BONUS_CLEAR' } };
      },
    });
    await screen.findByTestId('bonus-active-name');
    await user.click(await screen.findByTestId('bonus-cancel'));
    const confirm = within(await screen.findByTestId('bonus-cancel-confirm'));
    expect(confirm.getByRole('heading', { name: 'Cancel this bonus?' })).toBeTruthy();
    // Decision 0112: ending it forfeits the promotion money only; own money stays.
    expect(confirm.getByTestId('bonus-cancel-forfeit').textContent).toBe(
      'Promotion money forfeited: 35.50 baht',
    );
    expect(confirm.getByTestId('bonus-cancel-keep').textContent).toBe(
      'Your own money stays yours: 64.50 baht',
    );
    expect(api.called('GET /api/bonus/clear')).toHaveLength(0);
    await user.click(confirm.getByRole('button', { name: 'Keep the bonus' }));
    expect(screen.queryByTestId('bonus-cancel-confirm')).toBeNull();
    expect(api.called('GET /api/bonus/clear')).toHaveLength(0);
    await user.click(screen.getByTestId('bonus-cancel'));
    await user.click(await screen.findByTestId('bonus-cancel-yes'));
    await waitFor(() => expect(toasts()).toContain('success: The bonus has been ended'));
    expect(api.called('GET /api/bonus/clear')).toHaveLength(1);
    expect(screen.queryByTestId('bonus-cancel-confirm')).toBeNull();
    await waitFor(() => expect(screen.queryByTestId('bonus-active')).toBeNull());
  });

  it('two presses of the cancel confirm in one task send one clear', async () => {
    let calls = 0;
    const { api, user } = await open({
      ...active,
      'GET /api/bonus/clear': () =>
        ++calls === 1
          ? { json: { message: 'BONUS_CLEAR' } }
          : { status: 400, json: { message: 'BONUS_CONDITION' } },
    });
    await user.click(await screen.findByTestId('bonus-cancel'));
    pressTwiceInOneTask(await screen.findByTestId('bonus-cancel-yes'));
    await waitFor(() => expect(toasts()).toEqual(['success: The bonus has been ended']));
    expect(api.called('GET /api/bonus/clear')).toHaveLength(1);
    expect(screen.queryByTestId('bonus-cancel-failed')).toBeNull();
  });

  it('shows a refused cancel as an alert titled with the cancel-failure message', async () => {
    const { user } = await open({
      ...active,
      'GET /api/bonus/clear': () => ({ status: 400, json: { message: 'BONUS_CONDITION' } }),
    });
    await user.click(await screen.findByTestId('bonus-cancel'));
    await user.click(await screen.findByTestId('bonus-cancel-yes'));
    const alert = await screen.findByTestId('bonus-cancel-failed');
    expect(alert.getAttribute('role')).toBe('alertdialog');
    expect(alert.querySelector('h2')?.textContent).toBe('Could not cancel the bonus');
    expect(alert.textContent).toContain('Cannot end the bonus: the conditions are not met');
    expect(toasts().filter((toast) => toast.startsWith('success'))).toEqual([]);
  });

  it('hides the code search while an invite condition is open too (one at a time)', async () => {
    await open({
      'GET /api/bonus/check/active': () => ({ json: { status: true, type: 'invite' } }),
    });
    expect((await screen.findByTestId('bonus-active-type')).textContent).toBe('Invite bonus');
    expect(screen.queryByTestId('promotion-form')).toBeNull();
  });
});

describe('turnover progress on the bonus page', () => {
  it('shows each open grant: played / required, a progress bar, providers, what ends it', async () => {
    await open({
      'GET /api/bonus/check/active': () => ({ json: { status: true, type: 'bonus' } }),
      'GET /api/bonus/turnover': () => ({
        json: turnoverFixture(
          [
            grantFixture({ own: 1250, locked: 240 }),
            grantFixture({
              _id: 'g-2',
              own: 1250,
              locked: 240,
              kind: 'invite',
              name: 'Invite bonus',
              credited: 40,
              base: 40,
              required: 40,
              played: 10,
              percent: 25,
              providers: [
                { code: 'SLOTXO', name: 'SlotXO', category: 'slot', weight: 100, played: 10 },
              ],
              percentFail: 40,
              clearBelow: 16,
            }),
          ],
          240,
          { withdrawable: 1010, wallet: 1250 },
        ),
      }),
    });
    const grants = await screen.findAllByTestId('turnover-grant');
    expect(grants).toHaveLength(2);
    const [bonus, invite] = grants.map((grant) => within(grant));
    expect(bonus!.getByTestId('turnover-figures').textContent).toBe('300.00 of 1,200.00 baht25%');
    const bar = bonus!.getByRole('progressbar', { name: 'Turnover of Welcome 100%' });
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(bar.getAttribute('aria-valuemin')).toBe('0');
    expect(bar.getAttribute('aria-valuemax')).toBe('100');
    expect(bar.getAttribute('aria-valuetext')).toBe('300.00 of 1,200.00 baht played (25%)');
    expect(bonus!.getAllByTestId('turnover-provider').map((row) => row.textContent)).toEqual([
      'SlotXO: 250.00 baht (counts 100%)',
      'UFABET: 50.00 baht (counts 50%)',
    ]);
    expect(bonus!.getByTestId('turnover-ends').textContent).toContain(
      'It ends by itself once 1,200.00 baht has been played.',
    );
    expect(bonus!.getByTestId('turnover-ends').textContent).toContain(
      'below 120.00 baht (30% of 400.00 baht)',
    );
    // One provider counting in full: no per-provider rows.
    expect(invite!.getByText('Invite bonus', { selector: '.bonus-tag' })).toBeTruthy();
    expect(invite!.queryByTestId('turnover-providers')).toBeNull();
    // Decision 0112: own money and locked promotion money per grant.
    expect(bonus!.getByTestId('turnover-own').textContent).toBe('1,250.00');
    expect(bonus!.getByTestId('turnover-locked').textContent).toBe('240.00');
    expect(bonus!.getByText('Your own money')).toBeTruthy();
    expect(bonus!.getByText('Promotion money (locked)')).toBeTruthy();
    expect(screen.getByTestId('turnover-withdraw').textContent).toBe(
      'A withdrawal now ends it: 240.00 baht of promotion money goes back first. You can withdraw 1,010.00 baht of your own money without forfeiting any.',
    );
  });

  it("shows a coupon grant's label, its figures, and that a withdrawal leaves it open", async () => {
    await open({
      'GET /api/bonus/check/active': () => ({ json: { status: true, type: 'coupon' } }),
      'GET /api/bonus/turnover': () => ({
        json: turnoverFixture(
          [
            grantFixture({
              kind: 'coupon',
              name: 'Spin wheel prize',
              credited: 20,
              base: 20,
              required: 20,
              own: 1000,
              locked: 20,
              percentFail: 0,
              clearBelow: 0,
            }),
          ],
          0,
          { withdrawable: 1000, wallet: 1020 },
        ),
      }),
    });
    expect((await screen.findByTestId('bonus-active-type')).textContent).toBe('Spin prize');
    const grant = within(await screen.findByTestId('turnover-grant'));
    expect(grant.getByText('Spin prize', { selector: '.bonus-tag' })).toBeTruthy();
    expect(grant.getByTestId('turnover-own').textContent).toBe('1,000.00');
    expect(grant.getByTestId('turnover-locked').textContent).toBe('20.00');
    // A 0% threshold: never below it, so no 'below 0.00 baht' line.
    expect(grant.getByTestId('turnover-ends').textContent).toContain(
      'It cannot be cancelled early (0% threshold).',
    );
    expect(screen.getByTestId('turnover-withdraw').textContent).toBe(
      'You can withdraw 1,000.00 baht of your own money now; the condition stays open.',
    );
    // One grant at a time (decision 0112): no code can be received meanwhile.
    expect(screen.queryByTestId('promotion-form')).toBeNull();
  });

  it('says when no condition is open', async () => {
    await open();
    expect((await screen.findByTestId('turnover-none')).textContent).toBe(
      'No turnover condition is open.',
    );
  });
});
