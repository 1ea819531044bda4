// @vitest-environment jsdom
import { createDecipheriv, createHash } from 'node:crypto';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GIFT_LINK_SHARED_SECRET, NO_QR_STATE } from '@wallet/contract/client';
import { getToasts } from '@/components/toast/toast-store';
import { installCatalog } from '@/i18n/i18n';
import { la } from '@/i18n/locales/la';
import { pressTwiceInOneTask } from '@/test/press';
import { fakeApi, renderRoute, type FakeRoutes } from '@/test/render';
import { DepositDialog, type DepositMember } from '@/features/deposit/components/deposit-dialog';
import { depositLookup, member as memberFixture } from '@/features/deposit/test/deposit-fixture';

let writeText: ReturnType<typeof vi.fn>;

beforeEach(() => {
  writeText = vi.fn(async () => undefined);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const toasts = () => getToasts().map((toast) => `${toast.kind}: ${toast.message}`);

async function open(routes: FakeRoutes = {}, member: DepositMember = memberFixture()) {
  const api = fakeApi({
    'GET /api/lookup/deposit': () => ({ json: depositLookup() }),
    'GET /api/qrcode/KBANK': () => ({ json: NO_QR_STATE }),
    'GET /api/qrcode/WW': () => ({ json: NO_QR_STATE }),
    'GET /api/qrcode/PAYTIMZ': () => ({ json: NO_QR_STATE }),
    ...routes,
  });
  const onClose = vi.fn();
  const onWalletChange = vi.fn();
  const user = userEvent.setup({ delay: null });
  // After setup: user-event installs its own clipboard stub.
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  renderRoute(<DepositDialog member={member} onClose={onClose} onWalletChange={onWalletChange} />, {
    path: '/',
    url: '/',
  });
  const dialog = await screen.findByTestId('deposit-dialog');
  return { api, onClose, onWalletChange, user, dialog: within(dialog) };
}

function decrypt(token: string): string {
  const raw = Buffer.from(token, 'base64url');
  const key = createHash('sha256').update(GIFT_LINK_SHARED_SECRET).digest();
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(raw.length - 16));
  return Buffer.concat([
    decipher.update(raw.subarray(12, raw.length - 16)),
    decipher.final(),
  ]).toString();
}

describe('deposit dialog', () => {
  it('lists the bank accounts, the QR gateways and the gift link of the lookup', async () => {
    const { dialog } = await open();
    expect(dialog.getByRole('heading', { name: 'Deposit' })).toBeTruthy();
    expect(dialog.getByTestId('deposit-within-minute').textContent).toBe(
      'Deposits reach your wallet within 1 minute.',
    );
    const kbank = within(await dialog.findByTestId('deposit-bank-KBANK'));
    expect(kbank.getByTestId('deposit-account-no').textContent).toBe('040-812-3456');
    expect(kbank.getByTestId('deposit-account-name').textContent).toBe('บจก. รอยัล วอลเล็ท');
    expect(dialog.getByTestId('deposit-bank-SCB')).toBeTruthy();
    // PAYMENT entries are gateways: no account to transfer to, a QR instead.
    expect(dialog.queryByTestId('deposit-bank-WW')).toBeNull();
    expect(dialog.getByRole('button', { name: 'Create a QR code with Kasikornbank' })).toBeTruthy();
    expect(dialog.getByTestId('qr-open-WW').textContent).toContain('WW Payment (QR)');
    expect(dialog.getByTestId('qr-open-PAYTIMZ')).toBeTruthy();
    expect(dialog.queryByTestId('qr-open-SCB')).toBeNull();
    expect(dialog.getByTestId('gift-form')).toBeTruthy();
    expect(dialog.queryByTestId('deposit-manual')).toBeNull();
  });

  it('says when deposits are checked by staff (isManual)', async () => {
    const { dialog } = await open({
      'GET /api/lookup/deposit': () => ({ json: depositLookup({ isManual: true }) }),
    });
    expect((await dialog.findByTestId('deposit-manual')).textContent).toContain('our staff');
  });

  it('swallows a failed lookup: no loader, no error toast', async () => {
    const { dialog } = await open({
      'GET /api/lookup/deposit': () => ({
        status: 500,
        json: { message: 'INTERNAL_SERVER_ERROR' },
      }),
    });
    expect(await dialog.findByTestId('deposit-empty')).toBeTruthy();
    expect(dialog.queryByRole('progressbar')).toBeNull();
    expect(toasts().filter((t) => t.startsWith('error'))).toEqual([]);
  });

  it('copies an account number or name with the Copied toast, or says it failed', async () => {
    const { user, dialog } = await open();
    const kbank = within(await dialog.findByTestId('deposit-bank-KBANK'));
    await user.click(kbank.getByRole('button', { name: 'Copy account number 040-812-3456' }));
    expect(writeText).toHaveBeenCalledWith('0408123456');
    await waitFor(() => expect(toasts()).toContain('success: Copied: 0408123456'));
    await user.click(kbank.getByTestId('deposit-account-name-copy'));
    await waitFor(() => expect(toasts()).toContain('success: Copied: บจก. รอยัล วอลเล็ท'));

    writeText.mockRejectedValue(new Error('denied'));
    Object.defineProperty(document, 'execCommand', { value: () => false, configurable: true });
    await user.click(kbank.getByTestId('deposit-account-no-copy'));
    await waitFor(() => expect(toasts()).toContain('error: Failed to copy'));
  });

  it('asks a KTB member with a Thai name for the English name, saves it, and copies 1 s later', async () => {
    const { api, user, dialog, onWalletChange } = await open(
      { 'PUT /api/account/bankAccountName': () => ({ json: { message: 'OK' } }) },
      memberFixture({
        bankCode: 'KTB',
        bankAccountName: 'สมชาย ใจดี',
        bank: { nameTH: 'ธนาคารกรุงไทย', nameEN: 'Krungthai Bank' },
      }),
    );
    await user.click((await dialog.findAllByTestId('deposit-account-no-copy'))[0]!);
    const edit = within(await screen.findByTestId('edit-name-dialog'));
    expect(writeText).not.toHaveBeenCalled();
    const input = edit.getByLabelText('Account name (English letters)') as HTMLInputElement;
    await user.type(input, 'somchai 9');
    expect(input.value).toBe('SOMCHAI 9');
    await user.click(edit.getByTestId('edit-name-save'));
    await waitFor(() =>
      expect(toasts()).toContain('error: Bank account name must be in English only'),
    );
    expect(api.called('PUT /api/account/bankAccountName')).toHaveLength(0);

    await user.clear(input);
    await user.type(input, 'somchai jaidee');
    const savedAt = Date.now();
    await user.click(edit.getByTestId('edit-name-save'));
    await waitFor(() => expect(screen.queryByTestId('edit-name-dialog')).toBeNull());
    expect(api.called('PUT /api/account/bankAccountName')[0]?.body).toEqual({
      bankCode: 'KTB',
      bankAccountName: 'SOMCHAI JAIDEE',
    });
    expect(onWalletChange).toHaveBeenCalled();
    expect(writeText).not.toHaveBeenCalled();
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('0408123456'), { timeout: 2500 });
    expect(Date.now() - savedAt).toBeGreaterThanOrEqual(950);
    await waitFor(() => expect(toasts()).toContain('success: Copied: 0408123456'));

    // The name is English now: the next copy is immediate.
    await user.click(dialog.getAllByTestId('deposit-account-name-copy')[0]!);
    expect(screen.queryByTestId('edit-name-dialog')).toBeNull();
    expect(writeText).toHaveBeenLastCalledWith('บจก. รอยัล วอลเล็ท');
  });

  it('shows a refused name save as a red toast and keeps the dialog', async () => {
    const { user, dialog } = await open(
      {
        'PUT /api/account/bankAccountName': () => ({
          status: 400,
          json: { message: 'BANK_ACCOUNT_NAME_ENG' },
        }),
      },
      memberFixture({ bankCode: 'BBL', bankAccountName: 'สมชาย' }),
    );
    await user.click((await dialog.findAllByTestId('deposit-account-name-copy'))[0]!);
    const edit = within(await screen.findByTestId('edit-name-dialog'));
    await user.type(edit.getByTestId('edit-name-input'), 'SOMCHAI');
    await user.click(edit.getByTestId('edit-name-save'));
    await waitFor(() =>
      expect(toasts()).toContain('error: Bank account name must be in English only'),
    );
    expect(screen.getByTestId('edit-name-dialog')).toBeTruthy();
  });

  it('sends a gift link encrypted, says link sent and reloads the wallet', async () => {
    const link = 'http://127.0.0.1:3100/gift/campaign/?v=abcDEF123';
    const { api, user, dialog, onWalletChange } = await open({
      'POST /api/wallet/truelink': () => ({ json: { message: 'SUCCESS', amount: 50 } }),
    });
    const input = (await dialog.findByTestId('gift-link-input')) as HTMLInputElement;
    const send = dialog.getByTestId('gift-send');
    expect(dialog.getByTestId('gift-rules').textContent).toBe(
      'Minimum 2 baht. The gift link must be created from your registered phone number 0812345678.',
    );
    expect(send).toHaveProperty('disabled', true);
    await user.type(input, '   ');
    expect(send).toHaveProperty('disabled', true);
    await user.clear(input);
    await user.type(input, ` ${link} `);
    expect(send).toHaveProperty('disabled', false);
    await user.click(send);
    await waitFor(() =>
      expect(toasts()).toContain('success: Link sent. 50.00 baht was added to your wallet.'),
    );
    const [call] = api.called('POST /api/wallet/truelink');
    const sent = (call?.body as { link: string }).link;
    expect(sent).not.toContain('gift');
    expect(decrypt(sent)).toBe(link);
    expect(call?.headers['idempotency-key']).toBeTruthy();
    expect(onWalletChange).toHaveBeenCalledTimes(1);
    expect(input.value).toBe('');
  });

  it('two presses of send in one task send the gift link once', async () => {
    let calls = 0;
    const { api, user, dialog } = await open({
      'POST /api/wallet/truelink': () =>
        ++calls === 1
          ? { json: { message: 'SUCCESS', amount: 50 } }
          : { status: 409, json: { message: 'TRUELINK_DUPLICATE' } },
    });
    await user.type(await dialog.findByTestId('gift-link-input'), 'https://x.test/?v=1');
    pressTwiceInOneTask(dialog.getByTestId('gift-send'));
    await waitFor(() =>
      expect(toasts()).toEqual(['success: Link sent. 50.00 baht was added to your wallet.']),
    );
    expect(api.called('POST /api/wallet/truelink')).toHaveLength(1);
  });

  it('shows gift link refusals as a red toast', async () => {
    const { user, dialog, onWalletChange } = await open({
      'POST /api/wallet/truelink': () => ({ status: 409, json: { message: 'TRUELINK_DUPLICATE' } }),
    });
    await user.type(await dialog.findByTestId('gift-link-input'), 'https://x.test/?v=1');
    await user.click(dialog.getByTestId('gift-send'));
    await waitFor(() => expect(toasts()).toContain('error: This gift link has already been used'));
    expect(onWalletChange).not.toHaveBeenCalled();
  });

  it.each([
    [
      'OTHER_PHONE',
      'error: This gift link was created from another phone number. Use a link created from your registered number 0812345678.',
    ],
    ['BELOW_MINIMUM', 'error: This gift link is for less than the 2-baht minimum.'],
    ['EXPIRED', 'error: This gift link has expired. Create a new one in the wallet app.'],
    [undefined, 'error: Invalid gift link'],
  ])('says why a gift link is refused (reason %s, issue 26)', async (reason, text) => {
    const { user, dialog } = await open({
      'POST /api/wallet/truelink': () => ({
        status: 400,
        json: { message: 'TRUELINK_INVALID', ...(reason ? { reason } : {}) },
      }),
    });
    await user.type(await dialog.findByTestId('gift-link-input'), 'https://x.test/?v=1');
    await user.click(dialog.getByTestId('gift-send'));
    await waitFor(() => expect(toasts()).toEqual([text]));
  });

  it('opens a QR view and the slip screen inside the dialog, with a back button', async () => {
    const { user, dialog } = await open({
      'GET /api/lookup/slip': () => ({
        json: { uploadWindowMinutes: 60, closedFrom: null, closedTo: null, maxFileBytes: 1e7 },
      }),
    });
    await user.click(await dialog.findByTestId('qr-open-WW'));
    expect(dialog.getByRole('heading', { name: 'QR code: WW Payment (QR)' })).toBeTruthy();
    await dialog.findByTestId('qr-view-WW');
    expect(document.activeElement).toBe(dialog.getByTestId('deposit-back'));
    await user.click(dialog.getByTestId('deposit-back'));
    expect(dialog.getByRole('heading', { name: 'Deposit' })).toBeTruthy();
    await user.click(dialog.getByTestId('deposit-upload-slip'));
    expect(dialog.getByRole('heading', { name: 'Upload a slip' })).toBeTruthy();
    expect(dialog.getByTestId('slip-upload')).toBeTruthy();
  });

  it('Back (browser or Android) in a QR view returns to the menu, then closes the dialog', async () => {
    // The previous test's dialog took its history entry back when it was unmounted.
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    window.history.pushState({ page: 'home' }, '');
    const { user, dialog, onClose } = await open();
    await user.click(await dialog.findByTestId('qr-open-KBANK'));
    await dialog.findByTestId('qr-view-KBANK');
    await act(async () => {
      window.history.back();
      await new Promise((resolve) => setTimeout(resolve, 30));
    });
    await waitFor(() => expect(dialog.getByRole('heading', { name: 'Deposit' })).toBeTruthy());
    expect(dialog.queryByTestId('qr-view-KBANK')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    await act(async () => {
      window.history.back();
      await new Promise((resolve) => setTimeout(resolve, 30));
    });
    // The menu: Back now asks the dialog to close (the home then unmounts it).
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it("reads Lao bank names and the operator's Latin account name in Lao, and copies that (issue 16)", async () => {
    const lookup = depositLookup();
    lookup.banks = lookup.banks.map((entry) =>
      entry.bankCode === 'KBANK'
        ? {
            ...entry,
            bank: { ...entry.bank, nameLA: 'ທະນາຄານກະສິກອນໄທ' },
            bankAccountNameEN: 'ROYAL WALLET CO., LTD.',
          }
        : entry,
    );
    const { dialog, user } = await open({ 'GET /api/lookup/deposit': () => ({ json: lookup }) });
    act(() => installCatalog('la', la));
    const kbank = within(await dialog.findByTestId('deposit-bank-KBANK'));
    expect(kbank.getByText('ທະນາຄານກະສິກອນໄທ')).toBeTruthy();
    expect(kbank.getByTestId('deposit-account-name').textContent).toBe('ROYAL WALLET CO., LTD.');
    // SCB has no Lao name here: its English one, never the Thai one.
    const scb = within(dialog.getByTestId('deposit-bank-SCB'));
    expect(scb.getByText('Siam Commercial Bank')).toBeTruthy();
    expect(screen.getByTestId('deposit-dialog').textContent).not.toMatch(/ธนาคาร/);
    await user.click(kbank.getByTestId('deposit-account-name-copy'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('ROYAL WALLET CO., LTD.'));
  });
});
