import { describe, expect, it } from 'vitest';
import { chatAttachmentAccept, checkChatAttachment as checkAttachment } from './chat-attachment';

const MB = 1024 * 1024;
const file = (name: string, type: string, size: number) => ({ name, type, size });

describe('checkChatAttachment (spec section 5): the one rule of the widget and the console', () => {
  it('accepts png, jpeg, jpg and gif up to 10 MB, mp4 and quicktime up to 20 MB', () => {
    expect(checkAttachment(file('a.png', 'image/png', 10 * MB))).toEqual({
      ok: true,
      kind: 'image',
    });
    expect(checkAttachment(file('a.JPG', 'image/jpeg', 1))).toEqual({ ok: true, kind: 'image' });
    expect(checkAttachment(file('a.jpeg', 'image/jpeg', 1))).toEqual({ ok: true, kind: 'image' });
    expect(checkAttachment(file('a.gif', 'image/gif', 1))).toEqual({ ok: true, kind: 'image' });
    expect(checkAttachment(file('a.mp4', 'video/mp4', 20 * MB))).toEqual({
      ok: true,
      kind: 'video',
    });
    expect(checkAttachment(file('a.mov', 'video/quicktime', 1))).toEqual({
      ok: true,
      kind: 'video',
    });
    expect(checkAttachment(file('a.mov', '', 1))).toEqual({ ok: true, kind: 'video' });
  });

  it('refuses a name without an extension and any other type', () => {
    expect(checkAttachment(file('photo', 'image/png', 1))).toEqual({
      ok: false,
      error: 'notSupported',
    });
    expect(checkAttachment(file('a.pdf', 'application/pdf', 1))).toEqual({
      ok: false,
      error: 'notSupported',
    });
    expect(checkAttachment(file('a.webp', 'image/webp', 1))).toEqual({
      ok: false,
      error: 'notSupported',
    });
    expect(checkAttachment(file('a.svg', 'image/svg+xml', 1))).toEqual({
      ok: false,
      error: 'notSupported',
    });
    expect(checkAttachment(file('a.png', 'text/html', 1))).toEqual({
      ok: false,
      error: 'notSupported',
    });
  });

  it('refuses a file over its limit with that limit', () => {
    expect(checkAttachment(file('a.png', 'image/png', 10 * MB + 1))).toEqual({
      ok: false,
      error: 'tooLarge',
      limitMb: 10,
    });
    expect(checkAttachment(file('a.mp4', 'video/mp4', 20 * MB + 1))).toEqual({
      ok: false,
      error: 'tooLarge',
      limitMb: 20,
    });
  });

  // Where the console's own copy (fileProblem) and the widget answered differently (issue 27).
  it('answers the cases the two copies disagreed on', () => {
    // The console let the extension win over a MIME type of another kind or an unknown one.
    expect(checkAttachment(file('a.png', 'image/webp', 1))).toEqual({
      ok: false,
      error: 'notSupported',
    });
    expect(checkAttachment(file('a.png', 'video/mp4', 1))).toEqual({
      ok: false,
      error: 'notSupported',
    });
    // The widget took the MIME type's kind even when the name said the other one.
    expect(checkAttachment(file('a.mp4', 'image/png', 1))).toEqual({
      ok: false,
      error: 'notSupported',
    });
    // The console refused .qt and took an empty file.
    expect(checkAttachment(file('a.qt', 'video/quicktime', 1))).toEqual({
      ok: true,
      kind: 'video',
    });
    expect(checkAttachment(file('a.png', 'image/png', 0))).toEqual({
      ok: false,
      error: 'notSupported',
    });
    // A name ending in a dot, or only an extension.
    expect(checkAttachment(file('a.', 'image/png', 1))).toEqual({
      ok: false,
      error: 'notSupported',
    });
    expect(checkAttachment(file('.png', 'image/png', 1))).toEqual({
      ok: false,
      error: 'notSupported',
    });
    // MIME parameters and case do not matter.
    expect(checkAttachment(file('A.GIF', 'IMAGE/GIF; x=1', 1))).toEqual({
      ok: true,
      kind: 'image',
    });
  });

  it('offers what it accepts, by type and by extension', () => {
    const accept = chatAttachmentAccept.split(',');
    for (const entry of ['image/png', 'image/jpeg', 'image/gif', 'video/mp4', 'video/quicktime'])
      expect(accept).toContain(entry);
    for (const entry of ['.png', '.jpg', '.jpeg', '.gif', '.mp4', '.mov', '.qt'])
      expect(accept).toContain(entry);
  });
});
