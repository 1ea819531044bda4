// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToasts } from '@/components/toast/toast-store';
import { fakeApi, renderRoute, type FakeRoutes } from '@/test/render';
import { RegisterPage } from '@/features/register/components/register-page';

const lookups = (registerOTP: boolean): FakeRoutes => ({
  'GET /api/lookup/registerOTP': () => ({ json: { registerOTP } }),
  'GET /api/lookup/sources': () => ({
    json: [{ code: 'FACEBOOK', description: 'Facebook' }],
  }),
  'GET /api/lookup/banks': () => ({
    json: [
      { code: 'KTB', nameTH: 'ธนาคารกรุงไทย', nameEN: 'Krungthai Bank' },
      { code: 'SCB', nameTH: 'ธนาคารไทยพาณิชย์', nameEN: 'Siam Commercial Bank' },
    ],
  }),
});

function renderRegister(url = '/register') {
  return renderRoute(<RegisterPage />, {
    path: '/register',
    url,
    others: { '/login': <p>login page</p> },
  });
}

async function submitPhone(user: ReturnType<typeof userEvent.setup>, phone: string) {
  await user.type(screen.getByLabelText('Phone number'), phone);
  await user.click(screen.getByRole('button', { name: 'Next' }));
}

beforeEach(() => {
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('register step flow', () => {
  it('goes from the phone straight to the profile step when the OTP setting is off', async () => {
    const api = fakeApi(lookups(false));
    const user = userEvent.setup();
    renderRegister();
    await submitPhone(user, '0812345678');
    expect(await screen.findByTestId('register-step-3')).toBeTruthy();
    expect(api.called('POST /api/otp/send')).toHaveLength(0);
    expect(screen.queryByTestId('register-step-2')).toBeNull();
  });

  it('skips the OTP step when the phone is already verified', async () => {
    const api = fakeApi({
      ...lookups(true),
      'POST /api/otp/send': () => ({ json: { otpRef: '', otpToken: '', code: 'OTP_VERIFIED' } }),
    });
    const user = userEvent.setup();
    renderRegister();
    await submitPhone(user, '0812345678');
    expect(await screen.findByTestId('register-step-3')).toBeTruthy();
    expect(api.called('POST /api/otp/send')[0]?.body).toEqual({ phoneNumber: '0812345678' });
  });

  it('pre-fills the inviter code from storage after a reload without ?code', async () => {
    localStorage.setItem('invite_code', 'PR10001');
    fakeApi(lookups(false));
    const user = userEvent.setup();
    renderRegister('/register');
    await submitPhone(user, '0812345678');
    await screen.findByTestId('register-step-3');
    expect((screen.getByLabelText(/Inviter code/) as HTMLInputElement).value).toBe('PR10001');
  });

  it('keeps the stored inviter code when ?code= is empty, and upper-cases a typed link', async () => {
    localStorage.setItem('invite_code', 'PR10001');
    fakeApi(lookups(false));
    const user = userEvent.setup();
    renderRegister('/register?code=');
    await submitPhone(user, '0812345678');
    await screen.findByTestId('register-step-3');
    expect((screen.getByLabelText(/Inviter code/) as HTMLInputElement).value).toBe('PR10001');
    expect(localStorage.getItem('invite_code')).toBe('PR10001');
    cleanup();

    renderRegister('/register?code=%20pr10002%20');
    expect(localStorage.getItem('invite_code')).toBe('PR10002');
    await submitPhone(user, '0812345678');
    await screen.findByTestId('register-step-3');
    expect((screen.getByLabelText(/Inviter code/) as HTMLInputElement).value).toBe('PR10002');
  });

  it('keeps a 9-digit phone on step 1 with the 10-digit message', async () => {
    const api = fakeApi(lookups(true));
    const user = userEvent.setup();
    renderRegister();
    await submitPhone(user, '081234567');
    expect(await screen.findByText('The phone number must support 10 digits')).toBeTruthy();
    expect(screen.getByTestId('register-step-1')).toBeTruthy();
    expect(api.called('POST /api/otp/send')).toHaveLength(0);
  });

  it('walks all four steps with an OTP and lands on /login after success', async () => {
    const api = fakeApi({
      ...lookups(true),
      'POST /api/otp/send': () => ({ json: { otpRef: 'ABCD', otpToken: 'tok-1', code: 'OK' } }),
      'POST /api/otp/verify': () => ({ json: { message: 'OTP_CODE_VALID' } }),
      'POST /api/account/validate': () => ({ json: { message: 'OK' } }),
      'POST /api/account': () => ({ json: { message: 'OK' } }),
    });
    const user = userEvent.setup();
    renderRegister('/register?code=PR10001');
    expect(localStorage.getItem('invite_code')).toBe('PR10001');

    await submitPhone(user, '0812345678');
    await screen.findByTestId('register-step-2');
    expect(screen.getByTestId('otp-ref').textContent).toBe('Reference: ABCD');
    expect((screen.getByTestId('otp-resend') as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByLabelText('OTP code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(api.called('POST /api/otp/verify')[0]?.body).toEqual({
      otpToken: 'tok-1',
      otpCode: '123456',
    });

    await screen.findByTestId('register-step-3');
    expect((screen.getByLabelText(/Inviter code/) as HTMLInputElement).value).toBe('PR10001');
    await user.type(screen.getByLabelText('Profile name'), 'Somchai');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.type(screen.getByLabelText('Confirm password'), 'secret12');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText("Passwords don't match")).toBeTruthy();
    expect(api.called('POST /api/account/validate')).toHaveLength(0);
    await user.type(screen.getByLabelText('Confirm password'), '3');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    await screen.findByTestId('register-step-4');
    expect(screen.getByTestId('bank-recommendation')).toBeTruthy();
    await screen.findByRole('option', { name: 'Krungthai Bank' });
    await user.selectOptions(screen.getByLabelText('Bank'), 'KTB');
    await user.type(screen.getByLabelText('Account number'), '123-456-7890');
    await user.type(screen.getByLabelText('First name'), 'สมชาย');
    await user.type(screen.getByLabelText('Last name'), 'jaidee');
    expect((screen.getByLabelText('Last name') as HTMLInputElement).value).toBe('JAIDEE');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Bank account name must be in English only')).toBeTruthy();
    expect(api.called('POST /api/account')).toHaveLength(0);

    await user.clear(screen.getByLabelText('First name'));
    await user.type(screen.getByLabelText('First name'), 'somchai');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Registration successful')).toBeTruthy();
    expect(api.called('POST /api/account')[0]?.body).toEqual({
      name: 'Somchai',
      username: '0812345678',
      password: 'secret123',
      inviteCode: 'PR10001',
      bankCode: 'KTB',
      bankAccountName: 'SOMCHAI JAIDEE',
      bankAccountNo: '1234567890',
    });
    await waitFor(() => expect(screen.getByText('login page')).toBeTruthy(), { timeout: 3000 });
    expect(localStorage.getItem('invite_code')).toBeNull();
  }, 20_000);

  it('stays on the profile step when the server refuses the details', async () => {
    fakeApi({
      ...lookups(false),
      'POST /api/account/validate': () => ({ status: 409, json: { message: 'EXISTING_USER' } }),
    });
    const user = userEvent.setup();
    renderRegister();
    await submitPhone(user, '0812345678');
    await screen.findByTestId('register-step-3');
    await user.type(screen.getByLabelText('Profile name'), 'Somchai');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.type(screen.getByLabelText('Confirm password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
    );
    expect(screen.getByTestId('register-step-3')).toBeTruthy();
    expect(screen.queryByTestId('register-step-4')).toBeNull();
    expect(getToasts().map((toast) => [toast.kind, toast.message])).toContainEqual([
      'error',
      'This phone number is already registered',
    ]);
  });

  const passwordError = () => {
    const input = screen.getByLabelText('Password');
    const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
    const error = ids
      .map((id) => document.getElementById(id))
      .find((el) => el?.className === 'field__error');
    return { invalid: input.getAttribute('aria-invalid'), text: error?.textContent ?? null };
  };

  it('shows a short password as an error at the password field, without asking the server', async () => {
    const api = fakeApi(lookups(false));
    const user = userEvent.setup();
    renderRegister();
    await submitPhone(user, '0812345678');
    await screen.findByTestId('register-step-3');
    await user.type(screen.getByLabelText('Profile name'), 'Somchai');
    await user.type(screen.getByLabelText('Password'), 'short12');
    await user.type(screen.getByLabelText('Confirm password'), 'short12');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(passwordError()).toEqual({
        invalid: 'true',
        text: 'The password must be 8 to 128 characters',
      }),
    );
    expect(api.called('POST /api/account/validate')).toHaveLength(0);
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
    expect(getToasts().map((toast) => toast.message)).not.toContain(
      'Some information is not valid',
    );
    // Typing clears it.
    await user.type(screen.getByLabelText('Password'), '8');
    expect(passwordError()).toEqual({ invalid: null, text: null });
  });

  it("puts the server's password refusal at the password field instead of a toast", async () => {
    fakeApi({
      ...lookups(false),
      'POST /api/account/validate': () => ({
        status: 400,
        json: { message: 'KEY_INVALID', field: 'password' },
      }),
    });
    const user = userEvent.setup();
    renderRegister();
    await submitPhone(user, '0812345678');
    await screen.findByTestId('register-step-3');
    await user.type(screen.getByLabelText('Profile name'), 'Somchai');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.type(screen.getByLabelText('Confirm password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(passwordError()).toEqual({
        invalid: 'true',
        text: 'The password must be 8 to 128 characters',
      }),
    );
    expect(screen.queryByTestId('register-step-4')).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
    expect(getToasts().map((toast) => toast.message)).not.toContain(
      'Some information is not valid',
    );
  });
});
