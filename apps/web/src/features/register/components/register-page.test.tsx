// @vitest-environment jsdom
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, getToasts } from '@/components/toast/toast-store';
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

const fieldError = (label: string | RegExp) => {
  const input = screen.getByLabelText(label);
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  const error = ids
    .map((id) => document.getElementById(id))
    .find((el) => el?.className === 'field__error');
  return { invalid: input.getAttribute('aria-invalid'), text: error?.textContent ?? null };
};

async function fillProfile(user: ReturnType<typeof userEvent.setup>, name: string) {
  await screen.findByTestId('register-step-3');
  await user.type(screen.getByLabelText('Profile name'), name);
  await user.type(screen.getByLabelText('Password'), 'secret123');
  await user.type(screen.getByLabelText('Confirm password'), 'secret123');
  await user.click(screen.getByRole('button', { name: 'Next' }));
}

beforeEach(() => {
  localStorage.clear();
  for (const toast of getToasts()) dismissToast(toast.id);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('register step flow', () => {
  it('goes from the phone straight to the profile step when the OTP setting is off', async () => {
    const api = fakeApi(lookups(false));
    const user = userEvent.setup({ delay: null });
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
    const user = userEvent.setup({ delay: null });
    renderRegister();
    await submitPhone(user, '0812345678');
    expect(await screen.findByTestId('register-step-3')).toBeTruthy();
    expect(api.called('POST /api/otp/send')[0]?.body).toEqual({ phoneNumber: '0812345678' });
  });

  it('pre-fills the inviter code from storage after a reload without ?code', async () => {
    localStorage.setItem('invite_code', 'PR10001');
    fakeApi(lookups(false));
    const user = userEvent.setup({ delay: null });
    renderRegister('/register');
    await submitPhone(user, '0812345678');
    await screen.findByTestId('register-step-3');
    expect((screen.getByLabelText(/Inviter code/) as HTMLInputElement).value).toBe('PR10001');
  });

  it('keeps the stored inviter code when ?code= is empty, and upper-cases a typed link', async () => {
    localStorage.setItem('invite_code', 'PR10001');
    fakeApi(lookups(false));
    const user = userEvent.setup({ delay: null });
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
    const user = userEvent.setup({ delay: null });
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
    const user = userEvent.setup({ delay: null });
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
    const user = userEvent.setup({ delay: null });
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
    const user = userEvent.setup({ delay: null });
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
    const user = userEvent.setup({ delay: null });
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

  it('says at the name field why a 130-character or emoji name is refused (issue 26)', async () => {
    const api = fakeApi(lookups(false));
    const user = userEvent.setup({ delay: null });
    renderRegister();
    await submitPhone(user, '0812345678');
    await fillProfile(user, 'ก'.repeat(130));
    await waitFor(() =>
      expect(fieldError('Profile name')).toEqual({
        invalid: 'true',
        text: 'The name can be at most 100 characters',
      }),
    );
    expect(document.activeElement).toBe(screen.getByLabelText('Profile name'));
    await user.clear(screen.getByLabelText('Profile name'));
    expect(fieldError('Profile name')).toEqual({ invalid: null, text: null });
    await user.type(screen.getByLabelText('Profile name'), 'Somchai 😀');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(fieldError('Profile name').text).toBe(
        'The name cannot contain emoji or invisible characters',
      ),
    );
    expect(api.called('POST /api/account/validate')).toHaveLength(0);
    expect(getToasts()).toEqual([]);
  });

  it("puts the server's refusal of a named step 3 field at that field, not in a toast", async () => {
    const answers: Record<string, { message: string; field: string }> = {
      name: { message: 'KEY_INVALID', field: 'name' },
      inviteCode: { message: 'INVALID_USER_INFO', field: 'inviteCode' },
      sourceCode: { message: 'INVALID_USER_INFO', field: 'sourceCode' },
    };
    const expected: [string, string | RegExp, string][] = [
      ['name', 'Profile name', 'The name cannot contain emoji or invisible characters'],
      [
        'inviteCode',
        /Inviter code/,
        'This inviter code was not found. Check it, or leave the field empty.',
      ],
      ['sourceCode', 'How did you hear about us?', 'Choose one'],
    ];
    for (const [field, label, text] of expected) {
      fakeApi({
        ...lookups(false),
        'POST /api/account/validate': () => ({ status: 400, json: answers[field] }),
      });
      const user = userEvent.setup({ delay: null });
      renderRegister();
      await submitPhone(user, '0812345678');
      await fillProfile(user, 'Somchai');
      await waitFor(() => expect(fieldError(label)).toEqual({ invalid: 'true', text }));
      expect(screen.queryByTestId('register-step-4')).toBeNull();
      expect(getToasts().map((toast) => toast.message)).not.toContain(
        'Some information is not valid',
      );
      cleanup();
      vi.unstubAllGlobals();
    }
  });

  it("puts step 4's refusals at their fields, and a step 3 refusal back at step 3", async () => {
    let answer: { status: number; json: unknown } = {
      status: 409,
      json: { message: 'EXISTING_BANK', field: 'bankAccountNo' },
    };
    fakeApi({
      ...lookups(false),
      'POST /api/account/validate': () => ({ json: { message: 'OK' } }),
      'POST /api/account': () => answer,
    });
    const user = userEvent.setup({ delay: null });
    renderRegister();
    await submitPhone(user, '0812345678');
    await fillProfile(user, 'Somchai');
    await screen.findByTestId('register-step-4');
    await screen.findByRole('option', { name: 'Siam Commercial Bank' });
    await user.selectOptions(screen.getByLabelText('Bank'), 'SCB');
    await user.type(screen.getByLabelText('Account number'), '12345');
    await user.type(screen.getByLabelText('First name'), 'somchai');
    await user.type(screen.getByLabelText('Last name'), 'jaidee');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    // Checked before calling: the contract's 6 to 20 digits.
    await waitFor(() =>
      expect(fieldError('Account number').text).toBe('The account number must be 6 to 20 digits'),
    );
    await user.type(screen.getByLabelText('Account number'), '67890');
    expect(fieldError('Account number').text).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() =>
      expect(fieldError('Account number').text).toBe('This bank account is already registered'),
    );
    // The inviter's code went bad between the steps: step 3 again, the message at the code.
    answer = { status: 400, json: { message: 'INVALID_USER_INFO', field: 'inviteCode' } };
    await user.type(screen.getByLabelText('Account number'), '1');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByTestId('register-step-3');
    expect(fieldError(/Inviter code/).text).toBe(
      'This inviter code was not found. Check it, or leave the field empty.',
    );
    expect((screen.getByLabelText('Profile name') as HTMLInputElement).value).toBe('Somchai');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/Inviter code/)));
    expect(getToasts()).toEqual([]);
  });
});

describe('Back goes to the previous step with what was typed (issue 26, decision 0133)', () => {
  it("the browser's Back: step 4 -> 3 -> 1, everything kept; Back on step 1 leaves", async () => {
    fakeApi({
      ...lookups(true),
      'POST /api/otp/send': () => ({ json: { otpRef: 'ABCD', otpToken: 'tok-1', code: 'OK' } }),
      'POST /api/otp/verify': () => ({ json: { message: 'OTP_CODE_VALID' } }),
      'POST /api/account/validate': () => ({ json: { message: 'OK' } }),
    });
    const user = userEvent.setup({ delay: null });
    const { router } = renderRoute(<RegisterPage />, {
      path: '/register',
      url: '/login',
      others: { '/login': <p>login page</p> },
    });
    await act(() => router.navigate('/register?code=PR10001'));
    await submitPhone(user, '0812345678');
    await screen.findByTestId('register-step-2');
    await user.type(screen.getByLabelText('OTP code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByTestId('register-step-3');
    await user.type(screen.getByLabelText('Profile name'), 'Somchai');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.type(screen.getByLabelText('Confirm password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByTestId('register-step-4');
    await user.type(screen.getByLabelText('Account number'), '1234567890');

    await act(() => router.navigate(-1));
    await screen.findByTestId('register-step-3');
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/register?code=PR10001',
    );
    expect((screen.getByLabelText('Profile name') as HTMLInputElement).value).toBe('Somchai');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('secret123');
    expect((screen.getByLabelText('Confirm password') as HTMLInputElement).value).toBe('secret123');
    expect((screen.getByLabelText(/Inviter code/) as HTMLInputElement).value).toBe('PR10001');

    // Forward again: the bank step as it was left.
    await act(() => router.navigate(1));
    await screen.findByTestId('register-step-4');
    expect((screen.getByLabelText('Account number') as HTMLInputElement).value).toBe('1234567890');

    // Back twice: the verified OTP step is not in the way; the phone is kept.
    await act(() => router.navigate(-1));
    await screen.findByTestId('register-step-3');
    await act(() => router.navigate(-1));
    await screen.findByTestId('register-step-1');
    expect((screen.getByLabelText('Phone number') as HTMLInputElement).value).toBe('0812345678');

    // Back on step 1 leaves the page, as before.
    await act(() => router.navigate(-1));
    expect(await screen.findByText('login page')).toBeTruthy();
  }, 20_000);

  it("the form's Back buttons walk the same entries", async () => {
    fakeApi({
      ...lookups(false),
      'POST /api/account/validate': () => ({ json: { message: 'OK' } }),
    });
    const user = userEvent.setup({ delay: null });
    const { router } = renderRegister();
    await submitPhone(user, '0812345678');
    await fillProfile(user, 'Somchai');
    await screen.findByTestId('register-step-4');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByTestId('register-step-3');
    expect((screen.getByLabelText('Profile name') as HTMLInputElement).value).toBe('Somchai');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByTestId('register-step-1');
    expect(router.state.location.pathname).toBe('/register');
    expect((screen.getByLabelText('Phone number') as HTMLInputElement).value).toBe('0812345678');
  });

  it('a changed phone is checked again: Forward does not skip past step 1', async () => {
    const api = fakeApi(lookups(false));
    const user = userEvent.setup({ delay: null });
    const { router } = renderRegister();
    await submitPhone(user, '0812345678');
    await screen.findByTestId('register-step-3');
    await act(() => router.navigate(-1));
    await screen.findByTestId('register-step-1');
    await user.clear(screen.getByLabelText('Phone number'));
    await user.type(screen.getByLabelText('Phone number'), '0899999999');
    await act(() => router.navigate(1));
    expect(screen.getByTestId('register-step-1')).toBeTruthy();
    expect(api.called('POST /api/account/validate')).toHaveLength(0);
  });
});
