// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { en } from '@/i18n/en';
import { endSession, getSession } from '@/lib/session';
import { fakeFetch, useCatalog, type Recorded } from '@/test/setup';
import { groupSecret, SignInPage } from './sign-in-page';

const operator = { id: 2, username: 'cashier', displayName: 'Cashier One', role: 'cashier' };
const hostileSvg =
  '<svg xmlns="http://www.w3.org/2000/svg"><script>window.pwned = 1</script><rect width="1" height="1"/></svg>';

function renderSignIn() {
  const router = createMemoryRouter(
    [
      { path: '/sign-in', element: <SignInPage /> },
      { path: '/dashboard', element: <p>dashboard page</p> },
    ],
    { initialEntries: ['/sign-in'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

async function enterPassword(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(en.auth.username), 'cashier');
  await user.type(screen.getByLabelText(en.auth.password), 'operator-demo-pass');
  await user.click(screen.getByRole('button', { name: en.auth.next }));
}

describe('SignInPage', { timeout: 20_000 }, () => {
  beforeEach(() => useCatalog('en'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    endSession('signedOut');
  });

  it('password, a wrong code (translated), then the right one signs in', async () => {
    const user = userEvent.setup({ delay: null });
    const requests = fakeFetch((request: Recorded) => {
      if (request.url === '/api/operator/login')
        return { status: 200, body: { step: 'totp', challenge: 'ch-1' } };
      const { code } = request.body as { code: string };
      return code === '123456'
        ? { status: 200, body: { token: 'tok', operator, idleMinutes: 15 } }
        : { status: 400, body: { message: 'OTP_CODE_INVALID' } };
    });
    const router = renderSignIn();
    expect(screen.getByText(en.auth.memoryNote)).toBeTruthy();
    await enterPassword(user);
    const code = await screen.findByLabelText(en.auth.codeLabel);
    expect(screen.getByRole('heading', { name: en.auth.codeTitle })).toBeTruthy();
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: en.auth.verify }));
    expect((await screen.findByRole('alert')).textContent).toBe(en.errors.OTP_CODE_INVALID);
    expect((code as HTMLInputElement).value).toBe('');
    expect(code.getAttribute('aria-invalid')).toBe('true');
    // Letters are dropped as they are typed; six digits at most.
    await user.type(code, '12a34567');
    expect((code as HTMLInputElement).value).toBe('123456');
    await user.click(screen.getByRole('button', { name: en.auth.verify }));
    await screen.findByText('dashboard page');
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(getSession()).toMatchObject({ token: 'tok', operator, idleMinutes: 15 });
    expect(requests.map((r) => r.body)).toEqual([
      { username: 'cashier', password: 'operator-demo-pass' },
      { challenge: 'ch-1', code: '000000' },
      { challenge: 'ch-1', code: '123456' },
    ]);
  });

  it('shows the enrolment QR as an image, never as markup, and the secret grouped', async () => {
    const user = userEvent.setup({ delay: null });
    fakeFetch(() => ({
      status: 200,
      body: {
        step: 'enrol',
        challenge: 'ch-2',
        secret: 'KVKFKRCPNZQUYMLXOVYDSQKJKZDTSRLD',
        otpauthUrl: 'otpauth://totp/Wallet:cashier?secret=KVKF',
        qrSvg: hostileSvg,
      },
    }));
    renderSignIn();
    await enterPassword(user);
    const qr = (await screen.findByRole('img', { name: en.auth.qrAlt })) as HTMLImageElement;
    expect(qr.tagName).toBe('IMG');
    expect(qr.getAttribute('src')).toBe(
      `data:image/svg+xml;charset=utf-8,${encodeURIComponent(hostileSvg)}`,
    );
    expect(document.querySelector('script')).toBeNull();
    expect(document.querySelector('rect')).toBeNull();
    expect((window as { pwned?: number }).pwned).toBeUndefined();
    expect(screen.getByText('KVKF KRCP NZQU YMLX OVYD SQKJ KZDT SRLD')).toBeTruthy();
    expect(screen.getByRole('heading', { name: en.auth.enrolTitle })).toBeTruthy();
    expect(screen.getByLabelText(en.auth.codeLabel)).toBeTruthy();
    expect(groupSecret('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
  });

  it('shows a wrong password and a lockout, translated, with the wait', async () => {
    const user = userEvent.setup({ delay: null });
    let answer: { status: number; body: unknown } = {
      status: 401,
      body: { message: 'WRONG_CREDENTIAL' },
    };
    fakeFetch(() => answer);
    renderSignIn();
    await enterPassword(user);
    expect((await screen.findByRole('alert')).textContent).toBe(en.errors.WRONG_CREDENTIAL);
    answer = { status: 429, body: { message: 'REQUEST_LIMIT', retryAfterSeconds: 840 } };
    await user.type(screen.getByLabelText(en.auth.password), 'x');
    await user.click(screen.getByRole('button', { name: en.auth.next }));
    await screen.findByText(`${en.errors.REQUEST_LIMIT} (try again in about 14 min)`);
  });

  it('asks for an empty field without calling the server', async () => {
    const user = userEvent.setup({ delay: null });
    const requests = fakeFetch(() => ({ status: 500 }));
    renderSignIn();
    await user.click(screen.getByRole('button', { name: en.auth.next }));
    expect(screen.getByRole('alert').textContent).toBe('Enter the Username');
    expect(screen.getByLabelText(en.auth.username).getAttribute('aria-invalid')).toBe('true');
    expect(requests).toHaveLength(0);
  });

  it('starts again from the password when the challenge is spent', async () => {
    const user = userEvent.setup({ delay: null });
    fakeFetch((request) =>
      request.url === '/api/operator/login'
        ? { status: 200, body: { step: 'totp', challenge: 'ch-3' } }
        : { status: 401, body: { message: 'OTP_TOKEN_INVALID' } },
    );
    renderSignIn();
    await enterPassword(user);
    await user.type(await screen.findByLabelText(en.auth.codeLabel), '111111');
    await user.click(screen.getByRole('button', { name: en.auth.verify }));
    expect((await screen.findByRole('alert')).textContent).toBe(en.errors.OTP_TOKEN_INVALID);
    expect(screen.getByLabelText(en.auth.password)).toBeTruthy();
  });

  it('asks for a new password of their own after an admin set it, checked before it is sent', async () => {
    const user = userEvent.setup({ delay: null });
    const requests = fakeFetch((request: Recorded) => {
      if (request.url === '/api/operator/login')
        return { status: 200, body: { step: 'totp', challenge: 'ch-9', passwordChange: true } };
      const { newPassword } = request.body as { newPassword?: string };
      return newPassword === 'temporary-one-12'
        ? { status: 400, body: { message: 'KEY_INVALID', field: 'newPassword' } }
        : { status: 200, body: { token: 'tok', operator, idleMinutes: 15 } };
    });
    renderSignIn();
    await enterPassword(user);
    const group = await screen.findByRole('group', { name: en.auth.newPasswordTitle });
    expect(group).toBeTruthy();
    const next = screen.getByLabelText(en.auth.newPassword);
    const repeat = screen.getByLabelText(en.auth.repeatPassword);
    await user.type(screen.getByLabelText(en.auth.codeLabel), '123456');
    // Too short: refused here, with the field marked; nothing sent.
    await user.type(next, 'short');
    await user.click(screen.getByRole('button', { name: en.auth.verify }));
    expect(screen.getByRole('alert').textContent).toBe(
      en.auth.newPasswordLength.replace('{min}', '12'),
    );
    expect(next.getAttribute('aria-invalid')).toBe('true');
    // Not repeated the same.
    await user.clear(next);
    await user.type(next, 'temporary-one-12');
    await user.type(repeat, 'temporary-one-13');
    await user.click(screen.getByRole('button', { name: en.auth.verify }));
    expect(screen.getByRole('alert').textContent).toBe(en.auth.newPasswordMismatch);
    expect(repeat.getAttribute('aria-invalid')).toBe('true');
    // The server refuses it (the temporary one): shown at the field, the code kept.
    await user.clear(repeat);
    await user.type(repeat, 'temporary-one-12');
    await user.click(screen.getByRole('button', { name: en.auth.verify }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      en.auth.newPasswordRefused.replace('{min}', '12'),
    );
    expect((screen.getByLabelText(en.auth.codeLabel) as HTMLInputElement).value).toBe('123456');
    await user.clear(next);
    await user.type(next, 'my-own-password');
    await user.clear(repeat);
    await user.type(repeat, 'my-own-password');
    await user.click(screen.getByRole('button', { name: en.auth.verify }));
    await screen.findByText('dashboard page');
    expect(requests.map((r) => r.body).slice(1)).toEqual([
      { challenge: 'ch-9', code: '123456', newPassword: 'temporary-one-12' },
      { challenge: 'ch-9', code: '123456', newPassword: 'my-own-password' },
    ]);
  });
});
