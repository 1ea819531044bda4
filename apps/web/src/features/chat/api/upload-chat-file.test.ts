// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr, installFakeXhr } from '@wallet/client/testing/fake-xhr';
import { uploadChatFile } from './upload-chat-file';

afterEach(() => vi.unstubAllGlobals());

const GUEST = 'g.AAAAAAAAAAAAAAAAAAAAAA.BBBBBBBBBBBBBBBBBBBBBB';

describe('uploadChatFile', () => {
  it('posts the file to its kind with progress and 300 s; a visitor names themselves in x-chat-guest', async () => {
    installFakeXhr();
    const progress: number[] = [];
    const file = new File([new Uint8Array(4)], 'clip.mp4', { type: 'video/mp4' });
    const done = uploadChatFile('video', file, (f) => progress.push(f), GUEST);
    const xhr = FakeXhr.last!;
    expect(xhr.url).toBe('/api/chat/upload-video');
    expect(xhr.timeout).toBe(300_000);
    expect(xhr.headers['x-chat-guest']).toBe(GUEST);
    expect((xhr.body!.get('file') as File).name).toBe('clip.mp4');
    xhr.progress(2, 4);
    xhr.respond(200, { path: 'chatfile:0123456789abcdef0123456789abcdef' });
    expect(await done).toEqual({ path: 'chatfile:0123456789abcdef0123456789abcdef' });
    expect(progress).toEqual([0.5, 1]);

    void uploadChatFile('image', file, () => undefined, null);
    expect(FakeXhr.last!.url).toBe('/api/chat/upload-image');
    expect(FakeXhr.last!.headers['x-chat-guest']).toBeUndefined();
  });
});
