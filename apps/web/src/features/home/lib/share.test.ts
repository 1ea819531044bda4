import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  APP_WAIT_MS,
  canShareNatively,
  fallbackUnlessAppOpens,
  shareLinks,
  shareNatively,
} from '@/features/home/lib/share';
import { inviteLink } from '@/features/home/lib/promo';

afterEach(() => vi.useRealTimers());

describe('share addresses (issue 26)', () => {
  it('puts the whole invite link, encoded, into each public share address', () => {
    const link = inviteLink('https://wallet.example/', '10001');
    expect(link).toBe('https://wallet.example/register?code=PR10001');
    expect(shareLinks(link)).toEqual({
      line: 'https://social-plugins.line.me/lineit/share?url=https%3A%2F%2Fwallet.example%2Fregister%3Fcode%3DPR10001',
      facebook:
        'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fwallet.example%2Fregister%3Fcode%3DPR10001',
      messengerApp:
        'fb-messenger://share?link=https%3A%2F%2Fwallet.example%2Fregister%3Fcode%3DPR10001',
    });
  });

  it('never lets the link break out of its parameter', () => {
    const hostile = 'https://a.example/register?code=PR1&u=https://evil.example#x y';
    for (const address of Object.values(shareLinks(hostile))) {
      const url = new URL(address);
      const params = [...url.searchParams.entries()];
      expect(params, address).toHaveLength(1);
      expect(params[0]?.[1]).toBe(hostile);
      expect(url.hash).toBe('');
    }
  });
});

/** A page the test controls: visible or not, and its listeners. */
function fakePage() {
  const doc = new EventTarget() as EventTarget & { visibilityState: DocumentVisibilityState };
  doc.visibilityState = 'visible';
  const win = new EventTarget();
  return { doc: doc as unknown as Document, win: win as unknown as Window, raw: { doc, win } };
}

describe('Messenger: the app, else the web', () => {
  it('falls back when the page is still in front after the wait (no app opened)', () => {
    vi.useFakeTimers();
    const page = fakePage();
    const fallback = vi.fn();
    fallbackUnlessAppOpens(fallback, page);
    vi.advanceTimersByTime(APP_WAIT_MS - 1);
    expect(fallback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fallback).toHaveBeenCalledTimes(1);
  });

  it('does nothing more when the app took over (page hidden, blurred or left)', () => {
    vi.useFakeTimers();
    for (const leave of ['hidden', 'blur', 'pagehide'] as const) {
      const page = fakePage();
      const fallback = vi.fn();
      fallbackUnlessAppOpens(fallback, page);
      if (leave === 'hidden') {
        page.raw.doc.visibilityState = 'hidden';
        page.raw.doc.dispatchEvent(new Event('visibilitychange'));
      } else page.raw.win.dispatchEvent(new Event(leave));
      page.raw.doc.visibilityState = 'visible';
      vi.advanceTimersByTime(APP_WAIT_MS * 2);
      expect(fallback, leave).not.toHaveBeenCalled();
    }
  });

  it('can be cancelled (the dialog closed)', () => {
    vi.useFakeTimers();
    const fallback = vi.fn();
    const cancel = fallbackUnlessAppOpens(fallback, fakePage());
    cancel();
    vi.advanceTimersByTime(APP_WAIT_MS * 2);
    expect(fallback).not.toHaveBeenCalled();
  });
});

describe('the Web Share API', () => {
  it('is offered only where the browser has it', () => {
    expect(canShareNatively({} as Navigator)).toBe(false);
    expect(canShareNatively({ share: async () => undefined } as unknown as Navigator)).toBe(true);
  });

  it('shares title, text and link; a closed sheet is not a failure', async () => {
    const share = vi.fn(async () => undefined);
    const data = {
      title: 'Invite friends',
      text: 'Join me',
      url: 'https://w.example/register?code=PR1',
    };
    expect(await shareNatively(data, { share } as unknown as Navigator)).toBe('shared');
    expect(share).toHaveBeenCalledWith(data);
    const closed = vi.fn(async () => Promise.reject(new DOMException('closed', 'AbortError')));
    expect(await shareNatively(data, { share: closed } as unknown as Navigator)).toBe('cancelled');
    const refused = vi.fn(async () => Promise.reject(new DOMException('no', 'NotAllowedError')));
    expect(await shareNatively(data, { share: refused } as unknown as Navigator)).toBe('failed');
  });
});
