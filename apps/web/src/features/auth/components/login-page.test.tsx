// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderRoute } from '@/test/render';
import { LoginPage } from '@/features/auth/components/login-page';

function renderLogin(url = '/login') {
  return renderRoute(<LoginPage />, {
    path: '/login',
    url,
    others: {
      '/user': <p>member area</p>,
      '/user/profile': <p>profile page</p>,
      '/register': <p>register page</p>,
    },
  });
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('login page', () => {
  it('does nothing when a field is empty', async () => {
    const api = fakeApi({});
    const user = userEvent.setup({ delay: null });
    renderLogin();
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await user.type(screen.getByLabelText('Phone number'), '0812345678');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(api.calls).toHaveLength(0);
  });

  it('shows the translated error and clears it when the user types', async () => {
    fakeApi({ 'POST /api/login': () => ({ status: 401, json: { message: 'WRONG_CREDENTIAL' } }) });
    const user = userEvent.setup({ delay: null });
    renderLogin();
    await user.type(screen.getByLabelText('Phone number'), '0812345678');
    await user.type(screen.getByLabelText('Password'), 'wrong-pass');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByTestId('login-error')).textContent).toBe(
      'Incorrect phone number or password',
    );
    await user.type(screen.getByLabelText('Password'), 'x');
    expect(screen.getByTestId('login-error').textContent).toBe('');
  });

  it('says how long a sign-in lock lasts, in whole minutes rounded up', async () => {
    let retryAfterSeconds = 14 * 60 + 1;
    fakeApi({
      'POST /api/login': () => ({
        status: 429,
        json: { message: 'REQUEST_LIMIT', retryAfterSeconds },
      }),
    });
    const user = userEvent.setup({ delay: null });
    renderLogin();
    await user.type(screen.getByLabelText('Phone number'), '0812345678');
    await user.type(screen.getByLabelText('Password'), 'right-pass');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByTestId('login-error')).textContent).toBe(
      'Too many failed attempts. Please try again in 15 minutes.',
    );
    retryAfterSeconds = 40;
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await vi.waitFor(() =>
      expect(screen.getByTestId('login-error').textContent).toBe(
        'Too many failed attempts. Please try again in 1 minute.',
      ),
    );
  });

  it('shows the plain REQUEST_LIMIT text when the answer gives no wait', async () => {
    fakeApi({ 'POST /api/login': () => ({ status: 429, json: { message: 'REQUEST_LIMIT' } }) });
    const user = userEvent.setup({ delay: null });
    renderLogin();
    await user.type(screen.getByLabelText('Phone number'), '0812345678');
    await user.type(screen.getByLabelText('Password'), 'right-pass');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByTestId('login-error')).textContent).toBe(
      'Too many requests. Please try again later.',
    );
  });

  it('keeps the token for the session only without remember-me and goes to /user', async () => {
    const api = fakeApi({ 'POST /api/login': () => ({ json: { token: 'tok-session' } }) });
    const user = userEvent.setup({ delay: null });
    renderLogin();
    await user.type(screen.getByLabelText('Phone number'), '0812345678');
    await user.type(screen.getByLabelText('Password'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('member area')).toBeTruthy();
    expect(api.called('POST /api/login')[0]?.body).toEqual({
      username: '0812345678',
      password: 'demo1234',
    });
    expect(sessionStorage.getItem('token')).toBe('tok-session');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('keeps the token across sessions with remember-me and returns to the intended page', async () => {
    fakeApi({ 'POST /api/login': () => ({ json: { token: 'tok-kept' } }) });
    const user = userEvent.setup({ delay: null });
    renderLogin('/login?redirect=%2Fuser%2Fprofile');
    await user.type(screen.getByLabelText('Phone number'), '0812345678');
    await user.type(screen.getByLabelText('Password'), 'demo1234');
    await user.click(screen.getByLabelText('Remember me'));
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('profile page')).toBeTruthy();
    expect(localStorage.getItem('token')).toBe('tok-kept');
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it('links to registration', async () => {
    fakeApi({});
    const user = userEvent.setup({ delay: null });
    renderLogin();
    await user.click(screen.getByRole('link', { name: 'Create an account' }));
    expect(await screen.findByText('register page')).toBeTruthy();
  });
});
