// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/lib/format';
import { fakeApi, renderRoute } from '@/test/render';
import { ProfilePage } from '@/features/profile/components/profile-page';

const createdAt = '2026-11-22T04:42:16.000Z';
const profileAnswer = {
  profile: {
    _id: '10001',
    username: '0812345678',
    name: 'Somchai Jaidee',
    createdAt,
    coin: 0,
  },
  bankAccount: {
    bankCode: 'KBANK',
    bankAccountName: 'SOMCHAI JAIDEE',
    bankAccountNo: '1234567890',
    bank: { nameTH: 'ธนาคารกสิกรไทย', nameEN: 'Kasikornbank' },
  },
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderProfile() {
  return renderRoute(<ProfilePage />, { path: '/user/profile', url: '/user/profile' });
}

describe('profile page', () => {
  it('shows who the member is and the bank account grouped 3-3-4', async () => {
    fakeApi({ 'GET /api/account/profile': () => ({ json: profileAnswer }) });
    renderProfile();
    expect((await screen.findByTestId('profile-name')).textContent).toBe('Somchai Jaidee');
    expect(screen.getByTestId('profile-id').textContent).toBe('10001');
    expect(screen.getByTestId('profile-created-at').textContent).toBe(formatDateTime(createdAt));
    expect(screen.getByTestId('profile-created-at').textContent).toMatch(
      /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/,
    );
    const username = screen.getByLabelText('Username') as HTMLInputElement;
    expect(username.value).toBe('0812345678');
    expect(username.readOnly).toBe(true);
    expect(screen.getByTestId('profile-bank-account-name').textContent).toBe('SOMCHAI JAIDEE');
    expect(screen.getByTestId('profile-bank-name').textContent).toBe('ธนาคารกสิกรไทย');
    expect(screen.getByTestId('profile-account-no').textContent).toBe('123-456-7890');
  });

  it('changes the password through the lock-icon dialog', async () => {
    let answer = { status: 400, json: { message: 'WRONG_PASSWORD' } as unknown };
    const api = fakeApi({
      'GET /api/account/profile': () => ({ json: profileAnswer }),
      'PUT /api/account/changepwd': () => answer,
    });
    const user = userEvent.setup({ delay: null });
    renderProfile();
    await screen.findByTestId('profile-name');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Change password' }));
    const save = dialog.getByRole('button', { name: 'Save' });

    // All three are required: nothing happens while one is empty.
    await user.type(dialog.getByLabelText('Current password'), 'demo1234');
    await user.type(dialog.getByLabelText('New password'), 'newpass99');
    await user.click(save);
    expect(api.called('PUT /api/account/changepwd')).toHaveLength(0);
    expect(dialog.getByTestId('change-password-error').textContent).toBe('');

    await user.type(dialog.getByLabelText('Confirm new password'), 'newpass98');
    await user.click(save);
    expect(dialog.getByTestId('change-password-error').textContent).toBe(
      'The new password and its confirmation do not match',
    );
    expect(api.called('PUT /api/account/changepwd')).toHaveLength(0);

    await user.clear(dialog.getByLabelText('Confirm new password'));
    await user.type(dialog.getByLabelText('Confirm new password'), 'newpass99');
    await user.click(save);
    expect(await dialog.findByText('Incorrect password')).toBeTruthy();
    expect(api.called('PUT /api/account/changepwd')[0]?.body).toEqual({
      oldPassword: 'demo1234',
      newPassword: 'newpass99',
    });

    answer = { status: 200, json: { message: 'OK' } };
    await user.click(save);
    const alert = await screen.findByRole('alertdialog');
    expect(alert.textContent).toContain('Your password has been changed.');
    expect(screen.queryByRole('dialog', { name: 'Change password' })).toBeNull();
  });

  const newPasswordError = (dialog: ReturnType<typeof within>) => {
    const input = dialog.getByLabelText('New password');
    const ids: string[] = input.getAttribute('aria-describedby')?.split(' ') ?? [];
    const error = ids
      .map((id) => document.getElementById(id))
      .find((el) => el?.className === 'field__error');
    return { invalid: input.getAttribute('aria-invalid'), text: error?.textContent ?? null };
  };

  it("gives register's password rule at the new password, without asking the server (issue 26)", async () => {
    const api = fakeApi({ 'GET /api/account/profile': () => ({ json: profileAnswer }) });
    const user = userEvent.setup({ delay: null });
    renderProfile();
    await screen.findByTestId('profile-name');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Change password' }));
    expect(dialog.getByText('At least 8 characters')).toBeTruthy();
    await user.type(dialog.getByLabelText('Current password'), 'demo1234');
    await user.type(dialog.getByLabelText('New password'), '12345');
    await user.type(dialog.getByLabelText('Confirm new password'), '12345');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(newPasswordError(dialog)).toEqual({
      invalid: 'true',
      text: 'The password must be 8 to 128 characters',
    });
    expect(document.activeElement).toBe(dialog.getByLabelText('New password'));
    expect(dialog.getByTestId('change-password-error').textContent).toBe('');
    expect(api.called('PUT /api/account/changepwd')).toHaveLength(0);
    // Typing clears it.
    await user.type(dialog.getByLabelText('New password'), '678');
    expect(newPasswordError(dialog)).toEqual({ invalid: null, text: null });
  });

  it("puts the server's refusal of the new password at that field, not a generic line", async () => {
    fakeApi({
      'GET /api/account/profile': () => ({ json: profileAnswer }),
      'PUT /api/account/changepwd': () => ({
        status: 400,
        json: { message: 'KEY_INVALID', field: 'newPassword' },
      }),
    });
    const user = userEvent.setup({ delay: null });
    renderProfile();
    await screen.findByTestId('profile-name');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Change password' }));
    await user.type(dialog.getByLabelText('Current password'), 'demo1234');
    await user.type(dialog.getByLabelText('New password'), 'newpass99');
    await user.type(dialog.getByLabelText('Confirm new password'), 'newpass99');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(newPasswordError(dialog).text).toBe('The password must be 8 to 128 characters'),
    );
    expect(dialog.getByTestId('change-password-error').textContent).toBe('');
  });

  it('shows net deposits since joining and per month (issue 28)', async () => {
    fakeApi({
      'GET /api/account/profile': () => ({ json: profileAnswer }),
      'GET /api/protection': () => ({
        json: {
          netDeposits: {
            lifetime: -250.5,
            months: [
              { month: '2026-11', amount: 1000 },
              { month: '2026-10', amount: -1250.5 },
            ],
          },
        },
      }),
    });
    renderProfile();
    expect((await screen.findByTestId('net-deposits-lifetime')).textContent).toBe('−฿250.50');
    const months = screen.getAllByTestId('net-deposits-month');
    expect(months.map((row) => row.textContent)).toEqual([
      'Nov 2026฿1,000.00',
      'Oct 2026−฿1,250.50',
    ]);
    expect(screen.getByRole('heading', { name: 'Net deposits' })).toBeTruthy();
  });
});
