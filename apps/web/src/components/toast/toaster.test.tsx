// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Dialog } from '@/components/dialog';
import { dismissToast, getToasts, toast } from '@/components/toast/toast-store';
import { Toaster } from '@/components/toast/toaster';
import { installCatalog } from '@/i18n/i18n';
import { en } from '@/i18n/locales/en';

let closeDialog: () => void = () => undefined;
let reopenDialog: () => void = () => undefined;

function Page({ dialogOpen }: { dialogOpen: boolean }) {
  const [open, setOpen] = useState(dialogOpen);
  closeDialog = () => setOpen(false);
  reopenDialog = () => setOpen(true);
  return (
    <>
      <form aria-label="Step 4">
        <input aria-label="OTP" />
      </form>
      {open ? (
        <Dialog title="Deposit" onClose={() => setOpen(false)} testId="test-dialog">
          <form aria-label="Gift link">
            <input aria-label="Link" />
          </form>
        </Dialog>
      ) : null}
      <Toaster />
    </>
  );
}

beforeEach(() => installCatalog('en', en));
afterEach(() => {
  act(() => getToasts().forEach((item) => dismissToast(item.id)));
  cleanup();
  vi.useRealTimers();
});

describe('Toaster', () => {
  it('shows one toast at a time: the newest replaces the one on screen', () => {
    vi.useFakeTimers();
    render(<Page dialogOpen={false} />);
    act(() => {
      toast.error('Wrong OTP');
      toast.success('Copied: 123');
    });
    const shown = screen.getAllByTestId('toast');
    expect(shown).toHaveLength(1);
    expect(shown[0]!.textContent).toContain('Copied: 123');
    expect(shown[0]!.getAttribute('role')).toBe('status');
    // The replaced toast's timer does not cut the new one short.
    act(() => {
      vi.advanceTimersByTime(3900);
    });
    expect(screen.queryAllByTestId('toast')).toHaveLength(1);
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryAllByTestId('toast')).toHaveLength(0);
  });

  it('outside dialogs sits in the page toaster, never over the page form', () => {
    render(<Page dialogOpen={false} />);
    act(() => {
      toast.error('Wrong OTP');
    });
    const alert = screen.getByRole('alert');
    expect(alert.closest('.toaster')?.classList.contains('toaster--page')).toBe(true);
    expect(screen.getByRole('form', { name: 'Step 4' }).contains(alert)).toBe(false);
  });

  it('with a dialog open, shows inside it between the header and the body (role kept)', () => {
    render(<Page dialogOpen />);
    act(() => {
      toast.error('The link is not valid');
    });
    const dialog = screen.getByRole('dialog', { name: 'Deposit' });
    const alert = screen.getByRole('alert');
    expect(dialog.contains(alert)).toBe(true);
    const header = dialog.querySelector('.dialog__header')!;
    const body = dialog.querySelector('.dialog__body')!;
    const close = screen.getByRole('button', { name: 'Close' });
    // Not inside the header (title, close button) nor over the body's form: in between.
    expect(header.contains(alert)).toBe(false);
    expect(body.contains(alert)).toBe(false);
    expect(header.compareDocumentPosition(alert) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(alert.compareDocumentPosition(body) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(close.compareDocumentPosition(alert) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    // Closing the dialog moves the toast back to the page toaster.
    act(() => closeDialog());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('The link is not valid');
    expect(screen.getByRole('alert').closest('.toaster')?.classList.contains('toaster--page')).toBe(
      true,
    );
  });

  it('never shows a toast raised before a dialog opened inside that dialog (issue 26)', () => {
    render(<Page dialogOpen={false} />);
    act(() => {
      toast.success('Balances updated');
    });
    act(() => reopenDialog());
    const dialog = screen.getByRole('dialog', { name: 'Deposit' });
    // Not in the new dialog, and not over it: it waits under the dialog, unseen.
    expect(screen.queryByRole('status')).toBeNull();
    expect(dialog.textContent).not.toContain('Balances updated');
    // Closed within the toast's time: it is back on the page for the rest of it.
    act(() => closeDialog());
    expect(screen.getByRole('status').textContent).toContain('Balances updated');
  });

  it('keeps a dialog toast in its dialog while an alert opened after it is on top', () => {
    function Stacked() {
      const [alert, setAlert] = useState(false);
      openAlert = () => setAlert(true);
      return (
        <>
          <Dialog title="Transfer" onClose={() => undefined}>
            <p>form</p>
            {alert ? (
              <Dialog title="Failed" role="alertdialog" onClose={() => setAlert(false)}>
                <p>No money was moved.</p>
              </Dialog>
            ) : null}
          </Dialog>
          <Toaster />
        </>
      );
    }
    let openAlert = () => undefined as void;
    render(<Stacked />);
    act(() => {
      toast.info('Copied');
    });
    expect(screen.getByRole('dialog', { name: 'Transfer' }).textContent).toContain('Copied');
    act(() => openAlert());
    expect(screen.getByRole('alertdialog', { name: 'Failed' }).textContent).not.toContain('Copied');
    expect(screen.queryByRole('status')).toBeNull();
  });
});
