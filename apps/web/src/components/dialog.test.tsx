// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Dialog } from '@/components/dialog';
import { getToasts, showToast } from '@/components/toast/toast-store';
import { Toaster } from '@/components/toast/toaster';
import { installCatalog } from '@/i18n/i18n';
import { en } from '@/i18n/locales/en';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Open</button>
      {open ? (
        <Dialog title="Conditions" onClose={() => setOpen(false)} testId="test-dialog">
          <label>
            Name <input />
          </label>
        </Dialog>
      ) : null}
    </>
  );
}

beforeEach(() => installCatalog('en', en));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('Dialog', () => {
  it('is a labelled modal that takes focus, locks scrolling and gives both back on Escape', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Conditions' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    expect(document.body.style.overflow).toBe('hidden');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.style.overflow).toBe('');
    expect(document.activeElement).toBe(opener);
  });

  it('stacks: Escape closes only the dialog on top', async () => {
    function Stacked() {
      const [outer, setOuter] = useState(true);
      const [inner, setInner] = useState(false);
      return outer ? (
        <Dialog title="Transfer" onClose={() => setOuter(false)}>
          <button onClick={() => setInner(true)}>Send</button>
          {inner ? (
            <Dialog title="Insufficient balance" role="alertdialog" onClose={() => setInner(false)}>
              <p>alert</p>
            </Dialog>
          ) : null}
        </Dialog>
      ) : null;
    }
    const user = userEvent.setup({ delay: null });
    render(<Stacked />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('alertdialog', { name: 'Insufficient balance' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Transfer' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.style.overflow).toBe('');
  });

  it('gives focus to the main landmark when nothing had it before it opened (no control is picked)', async () => {
    function SelfOpening() {
      const [open, setOpen] = useState(true);
      return (
        <main id="main">
          <button>Deposit</button>
          {open ? (
            <Dialog title="User agreement" onClose={() => setOpen(false)}>
              <p>terms</p>
            </Dialog>
          ) : null}
        </main>
      );
    }
    (document.activeElement as HTMLElement | null)?.blur();
    const user = userEvent.setup({ delay: null });
    render(<SelfOpening />);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('main'));
    expect(document.activeElement).not.toBe(screen.getByRole('button', { name: 'Deposit' }));
  });

  it('closes from its close button', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('test-dialog')).toBeNull();
  });
});

/** Back as the browser does it: the popstate arrives in a later task (and the app's own
 * listener stops it from reaching the router, so wait for the task, not for the event). */
async function pressBack() {
  await act(async () => {
    window.history.back();
    await new Promise((resolve) => setTimeout(resolve, 30));
  });
}

const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 20)));

describe('Back (browser or Android)', () => {
  function Stacked() {
    const [outer, setOuter] = useState(false);
    const [inner, setInner] = useState(false);
    return (
      <>
        <button onClick={() => setOuter(true)}>Deposit</button>
        {outer ? (
          <Dialog title="Deposit" onClose={() => setOuter(false)}>
            <button onClick={() => setInner(true)}>Edit name</button>
            {inner ? (
              <Dialog title="Account name" onClose={() => setInner(false)}>
                <p>name</p>
              </Dialog>
            ) : null}
          </Dialog>
        ) : null}
      </>
    );
  }

  it('closes the dialog on top, then the next one, and never leaves the page', async () => {
    await settle();
    window.history.pushState({ page: 'home' }, '');
    const user = userEvent.setup({ delay: null });
    render(<Stacked />);
    await user.click(screen.getByRole('button', { name: 'Deposit' }));
    await user.click(screen.getByRole('button', { name: 'Edit name' }));
    await settle();
    await pressBack();
    await settle();
    expect(screen.queryByRole('dialog', { name: 'Account name' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Deposit' })).toBeTruthy();
    await pressBack();
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
    // Still on the page's own entry: Back closed dialogs only.
    expect(window.history.state).toEqual({ page: 'home' });
  });

  it('closing with its button leaves no stray history entry', async () => {
    await settle();
    window.history.pushState({ page: 'statement' }, '');
    const user = userEvent.setup({ delay: null });
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await settle();
    expect(window.history.state).toMatchObject({ page: 'statement', walletLayer: true });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await settle();
    expect(window.history.state).toEqual({ page: 'statement' });
    // The next Back leaves the page as usual (no dialog entry in between).
    await pressBack();
    expect(window.history.state).not.toEqual({ page: 'statement' });
  });

  it('keeps one entry when one dialog hands over to another in the same render', async () => {
    await settle();
    window.history.pushState({ page: 'slots' }, '');
    function HandOver() {
      const [open, setOpen] = useState<'slot' | 'transfer' | null>('slot');
      return open === 'slot' ? (
        <Dialog title="Slot" onClose={() => setOpen(null)}>
          <button onClick={() => setOpen('transfer')}>Transfer only</button>
        </Dialog>
      ) : open === 'transfer' ? (
        <Dialog title="Transfer" onClose={() => setOpen(null)}>
          <p>form</p>
        </Dialog>
      ) : null;
    }
    const user = userEvent.setup({ delay: null });
    render(<HandOver />);
    await settle();
    const length = window.history.length;
    await user.click(screen.getByRole('button', { name: 'Transfer only' }));
    await settle();
    expect(window.history.length).toBe(length);
    expect(window.history.state).toMatchObject({ page: 'slots', walletLayer: true });
    await pressBack();
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(window.history.state).toEqual({ page: 'slots' });
  });
});

describe('toasts', () => {
  it('shows an error as a red alert for about 4 seconds', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      showToast('error', 'Incorrect password');
    });
    const toast = screen.getByRole('alert');
    expect(toast.textContent).toContain('Incorrect password');
    expect(toast.getAttribute('data-kind')).toBe('error');
    act(() => {
      vi.advanceTimersByTime(3900);
    });
    expect(screen.queryByRole('alert')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(getToasts()).toHaveLength(0);
  });

  it('uses a polite status for other messages', () => {
    render(<Toaster />);
    act(() => {
      showToast('success', 'Saved');
    });
    expect(screen.getByRole('status').textContent).toContain('Saved');
  });
});
