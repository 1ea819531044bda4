import { describe, expect, it } from 'vitest';
import { checkAttachment } from './attachment';

const MB = 1024 * 1024;
const file = (name: string, type: string, size: number) => ({ name, type, size });

describe('checkAttachment (spec section 5)', () => {
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
});
