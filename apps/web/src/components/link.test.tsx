// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Link, NavLink } from '@/components/link';

function Menu() {
  return (
    <>
      <nav>
        <NavLink to="/user/home" className="item">
          Home
        </NavLink>
        <NavLink to="/user/statement" className="item">
          History
        </NavLink>
        <Link to="/register" data-testid="register-link">
          Register
        </Link>
      </nav>
      <Outlet />
    </>
  );
}

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      {
        element: <Menu />,
        children: [
          { path: '/user/home', element: <p>home page</p> },
          { path: '/user/statement', element: <p>statement page</p> },
          { path: '/user/statement/:page', element: <p>statement page below</p> },
          { path: '/register', element: <p>register page</p> },
        ],
      },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(cleanup);

describe('Link and NavLink', () => {
  it('render real links and navigate inside the app on a click', async () => {
    const router = renderAt('/user/home');
    const register = screen.getByTestId('register-link');
    expect(register.tagName).toBe('A');
    expect(register.getAttribute('href')).toBe('/register');
    await userEvent.click(register);
    expect(router.state.location.pathname).toBe('/register');
    expect(await screen.findByText('register page')).toBeTruthy();
  });

  it('mark the current menu entry (and its sub-paths) with aria-current and the active class', async () => {
    const router = renderAt('/user/home');
    const home = screen.getByRole('link', { name: 'Home' });
    const history = screen.getByRole('link', { name: 'History' });
    expect(home.getAttribute('aria-current')).toBe('page');
    expect(home.className).toBe('item active');
    expect(history.getAttribute('aria-current')).toBeNull();
    expect(history.className).toBe('item');

    await userEvent.click(history);
    expect(router.state.location.pathname).toBe('/user/statement');
    expect(history.getAttribute('aria-current')).toBe('page');
    expect(home.getAttribute('aria-current')).toBeNull();

    await router.navigate('/user/statement/2');
    expect(await screen.findByText('statement page below')).toBeTruthy();
    expect(history.className).toBe('item active');
  });

  it('leave modified clicks (new tab) to the browser', async () => {
    const router = renderAt('/user/home');
    const user = userEvent.setup({ delay: null });
    // Stands in for the browser's own handling (jsdom cannot open a tab); runs after React's.
    const keepDocument = (event: Event) => event.preventDefault();
    window.addEventListener('click', keepDocument);
    await user.keyboard('{Control>}');
    await user.click(screen.getByTestId('register-link'));
    await user.keyboard('{/Control}');
    window.removeEventListener('click', keepDocument);
    expect(router.state.location.pathname).toBe('/user/home');
  });
});
