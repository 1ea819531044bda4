// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installCatalog } from '@/i18n/i18n';
import { en } from '@/i18n/locales/en';
import { ApiError } from '@/lib/api-client';
import { setNavigator } from '@/lib/navigation';
import { isMarkedTerminated, storeToken } from '@/lib/session';
import { uploadFile } from '@/lib/upload';
import { routes } from '@wallet/contract/routes';
import { FakeXhr, installFakeXhr } from '@wallet/client/testing/fake-xhr';

const navigate = vi.fn();

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  navigate.mockReset();
  setNavigator(navigate);
  installCatalog('en', en);
  installFakeXhr();
});
afterEach(() => vi.unstubAllGlobals());

const file = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'slip.png', { type: 'image/png' });

describe('uploadFile', () => {
  it('posts multipart with the api headers, the key and the timeout, and reports progress', async () => {
    storeToken('tok-9', true);
    const progress: number[] = [];
    const sent = vi.fn();
    const answer = uploadFile(routes.wallet.slip, {
      file: file(),
      fileName: 'slip.png',
      idempotencyKey: 'key-1',
      onProgress: (f) => progress.push(f),
      onSent: sent,
    });
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/wallet/slip');
    expect(xhr.timeout).toBe(300_000);
    expect(xhr.headers['x-wallet-user']).toBe('member');
    expect(xhr.headers.Authorization).toBe('Bearer tok-9');
    expect(xhr.headers['idempotency-key']).toBe('key-1');
    expect(xhr.headers['Accept-Language']).toBe('en');
    // The browser sets the multipart boundary itself.
    expect(xhr.headers['Content-Type']).toBeUndefined();
    expect((xhr.body?.get('file') as File).name).toBe('slip.png');

    xhr.progress(25, 100);
    xhr.progress(75, 100);
    xhr.respond(200, { message: 'SUCCESS', slipId: 's-1' });
    await expect(answer).resolves.toEqual({ message: 'SUCCESS', slipId: 's-1' });
    expect(progress).toEqual([0.25, 0.75, 1]);
    expect(sent).toHaveBeenCalledTimes(1);
  });

  it('throws ApiError with the code on a refusal, and handles gone', async () => {
    const refused = uploadFile(routes.wallet.slip, { file: file() });
    FakeXhr.last!.respond(400, { message: 'SLIP_INVALID_FILE' });
    await expect(refused).rejects.toEqual(new ApiError('SLIP_INVALID_FILE', 400));

    const gone = uploadFile(routes.wallet.slip, { file: file() });
    FakeXhr.last!.respond(410, { message: 'gone' });
    await expect(gone).rejects.toBeInstanceOf(ApiError);
    expect(isMarkedTerminated()).toBe(true);
    expect(navigate).toHaveBeenCalledWith('/terminated', { replace: true });
  });

  it('maps network failures and timeouts to the client codes', async () => {
    const network = uploadFile(routes.wallet.slip, { file: file() });
    FakeXhr.last!.emit('error');
    await expect(network).rejects.toEqual(new ApiError('NETWORK_ERROR', 0));
    const timeout = uploadFile(routes.wallet.slip, { file: file() });
    FakeXhr.last!.emit('timeout');
    await expect(timeout).rejects.toEqual(new ApiError('TIMEOUT', 0));
  });
});
