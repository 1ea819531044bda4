// @vitest-environment jsdom
import { routes } from '@wallet/contract/routes';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient } from './api';
import { FakeXhr, installFakeXhr } from './testing/fake-xhr';
import { uploadFile } from './upload';

const onGone = vi.fn();
const client = createApiClient({
  headers: () => ({ 'x-app': 'test' }),
  onGone,
});
const file = () => new File([new Uint8Array([1, 2, 3])], 'a.png', { type: 'image/png' });

beforeEach(() => installFakeXhr());
afterEach(() => vi.unstubAllGlobals());

describe('uploadFile: multipart with progress, typed by the route', () => {
  it("posts to the route with the client's headers, its timeout, and reports progress", async () => {
    const progress: number[] = [];
    const answer = uploadFile(client, routes.chat.uploadImage, {
      file: file(),
      fileName: 'a.png',
      headers: { 'x-chat-guest': 'g-1' },
      onProgress: (f) => progress.push(f),
    });
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe(routes.chat.uploadImage.path);
    expect(xhr.timeout).toBe(routes.chat.uploadImage.timeoutMs ?? 300_000);
    expect(xhr.headers).toMatchObject({ 'x-app': 'test', 'x-chat-guest': 'g-1' });
    expect((xhr.body?.get('file') as File).name).toBe('a.png');
    xhr.progress(1, 2);
    xhr.respond(200, { path: 'chatfile:1' });
    await expect(answer).resolves.toEqual({ path: 'chatfile:1' });
    expect(progress).toEqual([0.5, 1]);
  });

  it('settles answers by the client rules, and maps no answer to the client codes', async () => {
    const refused = uploadFile(client, routes.chat.uploadImage, { file: file() });
    FakeXhr.last!.respond(400, { message: 'KEY_INVALID' });
    await expect(refused).rejects.toEqual(new ApiError('KEY_INVALID', 400));
    const gone = uploadFile(client, routes.chat.uploadImage, { file: file() });
    FakeXhr.last!.respond(410, { message: 'gone' });
    await expect(gone).rejects.toBeInstanceOf(ApiError);
    expect(onGone).toHaveBeenCalled();
    const timeout = uploadFile(client, routes.chat.uploadImage, { file: file() });
    FakeXhr.last!.emit('timeout');
    await expect(timeout).rejects.toEqual(new ApiError('TIMEOUT', 0));
    const aborted = new AbortController();
    const cancelled = uploadFile(client, routes.chat.uploadImage, {
      file: file(),
      signal: aborted.signal,
    });
    aborted.abort();
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });
  });
});
