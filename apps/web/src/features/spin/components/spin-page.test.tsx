// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderRoute } from '@/test/render';
import { SpinPage } from '@/features/spin/components/spin-page';

const slice = (code: string, label: string) => ({
  code,
  label,
  bgColor: '#123456',
  textColor: '#ffffff',
  htmlDescription: `<p>About ${label}</p><script>alert(1)</script>`,
});
const slices = [slice('P10', '10 baht'), slice('MISS', 'Next time'), slice('P50', '50 baht')];
const setup = (userCoin: number) => ({
  activeSpinwheel: { name: 'Lucky wheel', slices },
  userCoin,
});
const coupon = (n: number, turnoverMultiple = 1) => ({
  _id: String(n),
  prize: { name: 'Lucky wheel', slice: slice(`P${n}`, `${n} baht`) },
  amount: n,
  terms: { turnoverMultiple, percentFail: 0 },
});

beforeEach(() => {
  // jsdom has no canvas: the wheel draws nothing, the rest of the page is real.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  // Reduced motion: the short turn (600 ms), same result.
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('reduce'),
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('spin page', () => {
  it('shows the wheel name, a text alternative, the coins and 3 coupons per page', async () => {
    fakeApi({
      'GET /api/spinwheel/setup': () => ({ json: setup(4) }),
      'GET /api/spinwheel/coupon': () => ({ json: [1, 2, 3, 4].map(coupon) }),
    });
    renderRoute(<SpinPage />, { path: '/user/spin', url: '/user/spin' });
    expect(await screen.findByRole('heading', { name: 'Lucky wheel' })).toBeTruthy();
    expect(
      screen.getByRole('img', {
        name: 'Lucky wheel: a wheel of 3 slices: 10 baht, Next time, 50 baht',
      }),
    ).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Spin the wheel (4 coins left)' });
    expect(within(button).getByTestId('spin-coins').textContent).toBe('4');
    let rows = await screen.findAllByTestId('coupon-row');
    expect(rows.map((r) => r.textContent)).toEqual([
      '11 baht Lucky wheel฿1.00Claim',
      '22 baht Lucky wheel฿2.00Claim',
      '33 baht Lucky wheel฿3.00Claim',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    rows = screen.getAllByTestId('coupon-row');
    expect(rows.map((r) => r.textContent)).toEqual(['44 baht Lucky wheel฿4.00Claim']);
  });

  it('ignores a press with no coins', async () => {
    const api = fakeApi({
      'GET /api/spinwheel/setup': () => ({ json: setup(0) }),
      'GET /api/spinwheel/coupon': () => ({ json: [] }),
    });
    renderRoute(<SpinPage />, { path: '/user/spin', url: '/user/spin' });
    const button = await screen.findByTestId('spin-button');
    expect(button.getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(button);
    expect(api.called('POST /api/spinwheel/spin')).toHaveLength(0);
    expect(screen.getByTestId('spin-coin-text').textContent).toContain('No coins left');
    expect(screen.getByTestId('coupons-empty')).toBeTruthy();
  });

  it('asks the server first, ignores presses while spinning, lands on the result and announces it', async () => {
    let coins = 2;
    const api = fakeApi({
      'GET /api/spinwheel/setup': () => ({ json: setup(coins) }),
      'GET /api/spinwheel/coupon': () => ({ json: [] }),
      'POST /api/spinwheel/spin': () => {
        coins -= 1;
        return {
          json: {
            success: true,
            result: { code: 'P50', label: '50 baht', remainingCoin: coins },
            error: null,
          },
        };
      },
    });
    renderRoute(<SpinPage />, { path: '/user/spin', url: '/user/spin' });
    const button = await screen.findByTestId('spin-button');
    await waitFor(() => expect(button.getAttribute('aria-label')).toContain('2 coins'));
    fireEvent.click(button);
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(screen.getByTestId('spin-canvas').dataset.spinning).toBe('true'));
    fireEvent.click(button);
    const dialog = await screen.findByTestId('prize-dialog', {}, { timeout: 3000 });
    expect(api.called('POST /api/spinwheel/spin')).toHaveLength(1);
    expect(api.called('POST /api/spinwheel/spin')[0]!.headers['idempotency-key']).toBeTruthy();
    expect(within(dialog).getByText('50 baht')).toBeTruthy();
    expect(within(dialog).getByText('About 50 baht')).toBeTruthy();
    expect(dialog.querySelector('script')).toBeNull();
    expect(screen.getByTestId('spin-live').textContent).toBe('The wheel stopped on 50 baht');
    expect(screen.getByTestId('spin-live').getAttribute('aria-live')).toBe('polite');
    const setupCalls = api.called('GET /api/spinwheel/setup').length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(api.called('GET /api/spinwheel/setup').length).toBeGreaterThan(setupCalls),
    );
    expect(screen.queryByTestId('prize-dialog')).toBeNull();
  });

  it('shows a spin refusal as its per-code alert and does not turn', async () => {
    fakeApi({
      'GET /api/spinwheel/setup': () => ({ json: setup(1) }),
      'GET /api/spinwheel/coupon': () => ({ json: [] }),
      'POST /api/spinwheel/spin': () => ({ status: 404, json: { message: 'INVALID_CODE' } }),
    });
    renderRoute(<SpinPage />, { path: '/user/spin', url: '/user/spin' });
    await userEvent.click(await screen.findByTestId('spin-button'));
    const alert = await screen.findByTestId('spin-error');
    expect(alert.textContent).not.toContain('INVALID_CODE');
    expect(screen.queryByTestId('prize-dialog')).toBeNull();
    expect(screen.getByTestId('spin-canvas').dataset.spinning).toBeUndefined();
  });

  it('claims through the confirm dialog once, however often confirm is pressed', async () => {
    let open = [coupon(5)];
    const api = fakeApi({
      'GET /api/spinwheel/setup': () => ({ json: setup(0) }),
      'GET /api/spinwheel/coupon': () => ({ json: open }),
      'POST /api/spinwheel/coupon/claim': () => {
        open = [];
        return { json: { message: 'SUCCESS' } };
      },
    });
    renderRoute(<SpinPage />, { path: '/user/spin', url: '/user/spin' });
    await userEvent.click(await screen.findByRole('button', { name: 'Claim coupon 1: 5 baht' }));
    const dialog = await screen.findByTestId('claim-dialog');
    expect(dialog.textContent).toContain('5.00 baht (5 baht)');
    const confirm = within(dialog).getByTestId('claim-confirm');
    act(() => {
      fireEvent.click(confirm);
      fireEvent.click(confirm);
    });
    await waitFor(() => expect(screen.queryByTestId('claim-dialog')).toBeNull());
    expect(api.called('POST /api/spinwheel/coupon/claim')).toHaveLength(1);
    expect(api.called('POST /api/spinwheel/coupon/claim')[0]!.body).toEqual({ coupon: '5' });
    expect(await screen.findByTestId('coupons-empty')).toBeTruthy();
  });

  it('says before claiming that the prize comes with a turnover (decision 0112)', async () => {
    fakeApi({
      'GET /api/spinwheel/setup': () => ({ json: setup(0) }),
      'GET /api/spinwheel/coupon': () => ({ json: [coupon(20)] }),
      'GET /api/bonus/turnover': () => ({
        json: { grants: [], forfeitOnWithdraw: 0, withdrawable: 100, wallet: 100 },
      }),
    });
    renderRoute(<SpinPage />, { path: '/user/spin', url: '/user/spin' });
    await userEvent.click(await screen.findByTestId('coupon-claim'));
    const dialog = within(await screen.findByTestId('claim-dialog'));
    expect(dialog.getByText(/goes into your wallet as promotion money/)).toBeTruthy();
    // The coupon's own terms give the operator's multiple.
    await waitFor(() =>
      expect(dialog.getByTestId('claim-turnover').textContent).toBe(
        'Turnover: bets of 1x the prize (20.00 baht) before it can be withdrawn.',
      ),
    );
    expect(dialog.queryByTestId('claim-adds-to')).toBeNull();
    expect(dialog.getByText(/your own money is always yours/)).toBeTruthy();
    expect(dialog.getByText(/One promotion at a time/)).toBeTruthy();
    expect(dialog.queryByTestId('claim-blocked')).toBeNull();
  });

  it('gives the multiple of the coupon terms, says it adds to an open coupon grant, and warns while another grant is open', async () => {
    let grant = { kind: 'coupon', base: 10, required: 30 };
    fakeApi({
      'GET /api/spinwheel/setup': () => ({ json: setup(0) }),
      'GET /api/spinwheel/coupon': () => ({ json: [coupon(20, 3)] }),
      'GET /api/bonus/turnover': () => ({
        json: { grants: [grant], forfeitOnWithdraw: 0, withdrawable: 100, wallet: 130 },
      }),
    });
    const { unmount } = renderRoute(<SpinPage />, { path: '/user/spin', url: '/user/spin' });
    await userEvent.click(await screen.findByTestId('coupon-claim'));
    let dialog = within(await screen.findByTestId('claim-dialog'));
    await waitFor(() =>
      expect(dialog.getByTestId('claim-turnover').textContent).toBe(
        'Turnover: bets of 3x the prize (60.00 baht) before it can be withdrawn.',
      ),
    );
    expect(dialog.getByTestId('claim-adds-to')).toBeTruthy();
    unmount();
    grant = { kind: 'invite', base: 40, required: 40 };
    renderRoute(<SpinPage />, { path: '/user/spin', url: '/user/spin' });
    await userEvent.click(await screen.findByTestId('coupon-claim'));
    dialog = within(await screen.findByTestId('claim-dialog'));
    expect((await dialog.findByTestId('claim-blocked')).textContent).toBe(
      'A spin prize can be claimed once your open condition (Invite bonus) ends.',
    );
  });

  it('shows a claim refusal as its per-code alert', async () => {
    fakeApi({
      'GET /api/spinwheel/setup': () => ({ json: setup(0) }),
      'GET /api/spinwheel/coupon': () => ({ json: [coupon(7)] }),
      'POST /api/spinwheel/coupon/claim': () => ({
        status: 409,
        json: { message: 'COUPON_EXPIRED' },
      }),
    });
    renderRoute(<SpinPage />, { path: '/user/spin', url: '/user/spin' });
    await userEvent.click(await screen.findByTestId('coupon-claim'));
    await userEvent.click(await screen.findByTestId('claim-confirm'));
    const alert = await screen.findByTestId('spin-error');
    expect(alert.textContent).toContain('This coupon has expired');
  });

  it('says so when no wheel is active', async () => {
    fakeApi({
      'GET /api/spinwheel/setup': () => ({ json: { activeSpinwheel: null, userCoin: 3 } }),
      'GET /api/spinwheel/coupon': () => ({ json: [] }),
    });
    renderRoute(<SpinPage />, { path: '/user/spin', url: '/user/spin' });
    expect((await screen.findByTestId('spin-closed')).textContent).toBe(
      'The spin wheel is closed right now.',
    );
    expect(screen.queryByTestId('spin-button')).toBeNull();
  });

  it('draws nothing, and does not crash, while the window measures 0 px wide', async () => {
    const arcs: number[] = [];
    const ctx = new Proxy(
      { measureText: () => ({ width: 10 }) },
      {
        get: (target, key) =>
          key === 'arc'
            ? (_x: number, _y: number, r: number) => {
                if (r < 0) throw new DOMException('negative radius', 'IndexSizeError');
                arcs.push(r);
              }
            : key in target
              ? target[key as keyof typeof target]
              : () => undefined,
        set: () => true,
      },
    );
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
      ctx as unknown as CanvasRenderingContext2D,
    );
    vi.stubGlobal('innerWidth', 0);
    fakeApi({
      'GET /api/spinwheel/setup': () => ({ json: setup(1) }),
      'GET /api/spinwheel/coupon': () => ({ json: [] }),
    });
    renderRoute(<SpinPage />, { path: '/user/spin', url: '/user/spin' });
    expect(await screen.findByTestId('spin-canvas')).toBeTruthy();
    expect(arcs).toEqual([]);
    vi.stubGlobal('innerWidth', 360);
    act(() => {
      window.dispatchEvent(new Event('resize'));
    });
    await waitFor(() => expect(arcs.length).toBeGreaterThan(0));
    expect(screen.getByTestId('spin-canvas').style.width).toBe('306px');
  });
});
