// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToasts } from '@/components/toast/toast-store';
import { FakeXhr, installFakeXhr } from '@wallet/client/testing/fake-xhr';
import { pressTwiceInOneTask } from '@/test/press';
import { fakeApi, renderRoute } from '@/test/render';
import { SlipUpload } from '@/features/deposit/components/slip-upload';
import { bangkokMinuteOfDay } from '@/features/deposit/lib/slip-window';
import { slipRules } from '@/features/deposit/test/deposit-fixture';
import type { SlipLookup } from '@/features/deposit/api/get-slip-lookup';

beforeEach(() => {
  installFakeXhr();
  URL.createObjectURL = vi.fn(() => 'blob:slip-preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const toasts = () => getToasts().map((toast) => `${toast.kind}: ${toast.message}`);
const png = (name = 'slip.png') =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], name, { type: 'image/png' });

async function open(rules: SlipLookup = slipRules({ closedFrom: null, closedTo: null })) {
  fakeApi({ 'GET /api/lookup/slip': () => ({ json: rules }) });
  const onDone = vi.fn();
  const onCredited = vi.fn();
  const user = userEvent.setup({ applyAccept: false, delay: null });
  renderRoute(<SlipUpload onDone={onDone} onCredited={onCredited} />, { path: '/', url: '/' });
  const view = within(await screen.findByTestId('slip-upload'));
  return { user, view, onDone, onCredited };
}

async function choose(user: ReturnType<typeof userEvent.setup>, view: ReturnType<typeof within>) {
  await user.upload(view.getByTestId('slip-file') as HTMLInputElement, png());
  await view.findByTestId('slip-preview');
}

describe('slip upload screen', () => {
  it('states the rules of spec section 9', async () => {
    const { view } = await open(slipRules());
    await waitFor(() =>
      expect(view.getByTestId('slip-rules').textContent).toContain('23:50 to 00:10'),
    );
    const rules = view.getByTestId('slip-rules').textContent;
    expect(rules).toContain('Upload the slip within 1 hour of your transfer.');
    expect(rules).toContain('Deposits reach your wallet within 1 minute.');
    expect(rules).toContain('Transfer from your registered bank account only.');
  });

  it('accepts PNG or JPEG only, and previews the chosen image', async () => {
    const { user, view } = await open();
    const input = view.getByTestId('slip-file') as HTMLInputElement;
    expect(input.accept).toBe('image/png,image/jpeg');
    expect(view.getByTestId('slip-upload-button')).toHaveProperty('disabled', true);
    await user.upload(input, new File(['GIF89a'], 'a.gif', { type: 'image/gif' }));
    expect(view.getByTestId('slip-file-error').textContent).toBe('Choose a PNG or JPEG image');
    await choose(user, view);
    expect(view.queryByTestId('slip-file-error')).toBeNull();
    const preview = view.getByTestId('slip-preview') as HTMLImageElement;
    expect(preview.alt).toBe('The slip image you chose');
    expect(preview.getAttribute('src')).toBe('blob:slip-preview');
    expect(view.getByTestId('slip-upload-button')).toHaveProperty('disabled', false);
  });

  it('uploads with a progress bar, then shows SUCCESS and refreshes the wallet', async () => {
    const { user, view, onCredited } = await open();
    await choose(user, view);
    await user.click(view.getByTestId('slip-upload-button'));
    const xhr = FakeXhr.last!;
    expect(xhr.url).toBe('/api/wallet/slip');
    expect(xhr.timeout).toBe(300_000);
    expect(xhr.headers['idempotency-key']).toBeTruthy();
    expect((xhr.body?.get('file') as File).name).toBe('slip.png');

    act(() => xhr.progress(42, 100));
    const bar = view.getByRole('progressbar', { name: 'Upload progress' }) as HTMLProgressElement;
    expect(bar.value).toBe(42);
    expect(view.getByText('Uploading… 42%')).toBeTruthy();
    act(() => xhr.upload.emit('load'));
    expect(view.getByText('Checking your slip with the bank…')).toBeTruthy();

    act(() => xhr.respond(200, { message: 'SUCCESS', slipId: 's-1', amount: 500.25 }));
    const outcome = await screen.findByTestId('slip-outcome');
    expect(outcome.dataset.outcome).toBe('success');
    expect(outcome.textContent).toContain('Slip accepted');
    // The amount credited, as the paid QR shows it (issue 26).
    expect(within(outcome).getByTestId('slip-outcome-amount').textContent).toBe('฿500.25');
    expect(within(outcome).getByTestId('slip-outcome-text').textContent).toBe(
      '500.25 baht is in your wallet.',
    );
    expect(onCredited).toHaveBeenCalledTimes(1);
  });

  it('two presses of upload in one task send the slip once', async () => {
    const { user, view } = await open();
    await choose(user, view);
    pressTwiceInOneTask(view.getByTestId('slip-upload-button'));
    expect(FakeXhr.all.filter((xhr) => xhr.url === '/api/wallet/slip')).toHaveLength(1);
  });

  it('shows PROCESSING and a failure reason from the reason table', async () => {
    const { user, view, onCredited, onDone } = await open();
    await choose(user, view);
    await user.click(view.getByTestId('slip-upload-button'));
    act(() => FakeXhr.last!.respond(200, { message: 'PROCESSING', slipId: 's-2' }));
    expect((await screen.findByTestId('slip-outcome')).dataset.outcome).toBe('processing');
    expect(screen.getByTestId('slip-outcome-text').textContent).toContain('Upload status');

    await user.click(screen.getByTestId('slip-another'));
    await choose(user, within(screen.getByTestId('slip-upload')));
    await user.click(screen.getByTestId('slip-upload-button'));
    act(() => FakeXhr.last!.respond(200, { message: 'SLIP_REFNO_DUPLICATED', slipId: 's-3' }));
    const failed = await screen.findByTestId('slip-outcome');
    expect(failed.dataset.outcome).toBe('failed');
    expect(failed.getAttribute('role')).toBe('alert');
    expect(screen.getByTestId('slip-outcome-text').textContent).toBe('Duplicate slip');
    expect(onCredited).not.toHaveBeenCalled();
    await user.click(screen.getByTestId('slip-done'));
    expect(onDone).toHaveBeenCalled();
  });

  it('shows a refusal as a red toast and retries an unsettled failure with the same key', async () => {
    const { user, view } = await open();
    await choose(user, view);
    await user.click(view.getByTestId('slip-upload-button'));
    const first = FakeXhr.last!;
    act(() => first.respond(503, { message: 'INTERNAL_SERVER_ERROR' }));
    await waitFor(() =>
      expect(toasts()).toContain('error: Something went wrong. Please try again.'),
    );
    await user.click(view.getByTestId('slip-upload-button'));
    const second = FakeXhr.last!;
    expect(second).not.toBe(first);
    expect(second.headers['idempotency-key']).toBe(first.headers['idempotency-key']);
    act(() => second.respond(400, { message: 'SLIP_INVALID_FILE' }));
    await waitFor(() => expect(toasts()).toContain('error: This file is not a valid slip image'));
    await user.click(view.getByTestId('slip-upload-button'));
    // A settled refusal ends the action: the next press is a new one.
    expect(FakeXhr.last!.headers['idempotency-key']).not.toBe(first.headers['idempotency-key']);
  });

  it('is closed during the daily window', async () => {
    const minute = bangkokMinuteOfDay(new Date());
    const hhmm = (m: number) => {
      const wrapped = (m + 1440) % 1440;
      return `${String(Math.floor(wrapped / 60)).padStart(2, '0')}:${String(wrapped % 60).padStart(2, '0')}`;
    };
    const { user, view } = await open(
      slipRules({ closedFrom: hhmm(minute - 5), closedTo: hhmm(minute + 5) }),
    );
    expect((await view.findByTestId('slip-closed')).textContent).toContain(hhmm(minute + 5));
    await choose(user, view);
    expect(view.getByTestId('slip-upload-button')).toHaveProperty('disabled', true);
  });
});
