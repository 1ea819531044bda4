// @vitest-environment jsdom
import type { ChatMessage } from '@wallet/contract/client';
import { looksInjected, XSS_CORPUS } from '@wallet/contract/testing/xss-corpus';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installCatalog } from '@/i18n/i18n';
import { en } from '@/i18n/locales/en';
import { la } from '@/i18n/locales/la';
import { th } from '@/i18n/locales/th';
import type { ChatEntry } from '@/features/chat/lib/chat-controller';
import { MessageView } from './message-view';

declare global {
  interface Window {
    __xss?: number;
  }
}

function entry(
  messageType: string,
  payload: unknown,
  over: Partial<ChatMessage> = {},
  status: ChatEntry['status'] = 'succeed',
): ChatEntry {
  return {
    key: 'k',
    status,
    message: {
      _id: 'm1',
      sender: 'agent',
      message: { message_type: messageType, payload },
      userId: null,
      guestId: null,
      username: null,
      name: null,
      deviceToken: null,
      createdAt: '2025-01-01T10:00:00.000Z',
      session_id: 's1',
      ...over,
    },
  };
}

function actions() {
  return {
    sendText: vi.fn<(text: string) => void>(),
    sendPostback: vi.fn<(title: string, payload: string) => void>(),
    resend: vi.fn<(key: string) => void>(),
    remove: vi.fn<(key: string) => void>(),
  };
}

/**
 * The rendered markup without its text: element names, attribute names and the values of
 * the link and source attributes. looksInjected() on plain innerHTML flags an attribute
 * that carries the text as words (an image's alt 'Picture for <img onerror=…>': innerHTML
 * leaves < and > unescaped inside attribute values), which is not an injection.
 */
function skeleton(root: Element): string {
  const linkish = new Set(['href', 'src', 'action', 'formaction', 'srcdoc', 'poster']);
  return Array.from(root.querySelectorAll('*'))
    .map((element) => {
      const attributes = element
        .getAttributeNames()
        .map((name) =>
          linkish.has(name) ? ` ${name}="${element.getAttribute(name)}"` : ` ${name}=""`,
        )
        .join('');
      return `<${element.localName}${attributes}>`;
    })
    .join('');
}

function show(value: ChatEntry, isLast = true, handlers = actions()) {
  return { ...render(<MessageView entry={value} isLast={isLast} actions={handlers} />), handlers };
}

beforeEach(() => installCatalog('en', en));
afterEach(() => {
  cleanup();
  delete window.__xss;
});

/** Every kind, with the hostile string in every field a message can carry. */
function hostileMessages(x: string): ChatEntry[] {
  const button = (type: string) => ({ title: x, type, payload: x });
  const buttons = ['web', 'call', 'postback', x].map(button);
  return [
    entry('text', x),
    entry('text', `see ${x} and https://ok.example/${x}`),
    entry('media', { message: x, url: true, fileType: 'image', filePath: x, thumbPath: x }),
    entry('media', { message: x, url: true, fileType: 'video', filePath: x }),
    entry('media', { message: x, url: true, fileType: 'file', filePath: x }),
    entry('media', { message: x, url: true, fileType: x, filePath: `https://ok.example/${x}` }),
    entry('buttons', { text: x, buttons: buttons.slice(0, 3) }),
    entry('buttons', { text: x, buttons: [button(x)] }),
    entry('quick_replies', { text: x, quick_replies: buttons }),
    entry('generic', {
      cards: [
        { title: x, subtitle: x, image_url: x, buttons: buttons.slice(0, 3) },
        { title: x, image_url: `https://ok.example/${x}` },
      ],
    }),
    entry('postback', { title: x, payload: x }),
    entry('context', {
      kind: 'slip',
      ref: x,
      title: x,
      status: x,
      amount: 100,
      createdAt: x,
    }),
    entry('context', {
      kind: 'statement',
      ref: x,
      status: x,
      amount: 100,
      type: 'transfer',
      from: { kind: 'game', code: x, name: { th: x, la: x, en: x } },
      to: { kind: x, code: x },
    }),
    entry('context', { kind: 'slip', ref: x, status: x, sender: { kind: 'bank', code: x } }),
    entry('system', { event: 'closed', by: x }, { sender: 'system' }),
    entry(x, x),
    entry('text', x, { sender: x, name: x, username: x }),
    entry('text', x, { sender: 'customer' }, 'failed'),
  ];
}

describe('message renderer: the XSS corpus through every kind and field', () => {
  // Hundreds of renders in jsdom: seconds of CPU, more on a loaded machine (5 s timed out in CI).
  it('nothing executes, no injected element, attribute or script link', { timeout: 60_000 }, () => {
    let rendered = 0;
    for (const hostile of XSS_CORPUS) {
      for (const message of hostileMessages(hostile)) {
        const { container, unmount } = show(message);
        const html = skeleton(container);
        expect(looksInjected(html), `${message.message.message.message_type}: ${html}`).toBe(false);
        const allowed = ['div', 'p', 'span', 'a', 'img', 'video', 'button', 'ul', 'li', 'time'];
        for (const element of container.querySelectorAll('*')) {
          expect(allowed).toContain(element.localName);
        }
        for (const link of container.querySelectorAll('a[href]')) {
          expect(link.getAttribute('href')).toMatch(/^(https?:\/\/|tel:\+?\d+$)/);
        }
        for (const media of container.querySelectorAll('img[src], video[src]')) {
          expect(media.getAttribute('src')).toMatch(/^https?:\/\//);
        }
        for (const element of container.querySelectorAll('*')) {
          for (const attribute of element.getAttributeNames()) {
            expect(attribute.startsWith('on')).toBe(false);
          }
        }
        unmount();
        rendered += 1;
      }
    }
    expect(rendered).toBe(XSS_CORPUS.length * hostileMessages('x').length);
    expect(window.__xss).toBeUndefined();
  });
});

describe('message renderer: kinds', () => {
  it('text: links open in a new tab without an opener, phones dial', () => {
    show(entry('text', 'Visit https://help.example/faq or call 02-123-4567'));
    const link = screen.getByRole('link', { name: 'https://help.example/faq' });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByRole('link', { name: '02-123-4567' }).getAttribute('href')).toBe(
      'tel:021234567',
    );
  });

  it('buttons: web opens the link, call dials, postback posts back, any other type sends its title', async () => {
    const { handlers } = show(
      entry('buttons', {
        text: 'How can we help?',
        buttons: [
          { title: 'FAQ', type: 'web', payload: 'https://help.example/faq' },
          { title: 'Call us', type: 'call', payload: '+66 2 123 4567' },
          { title: 'Deposit', type: 'postback', payload: 'TOPIC_DEPOSIT' },
        ],
      }),
    );
    const faq = screen.getByRole('link', { name: 'FAQ' });
    expect(faq.getAttribute('href')).toBe('https://help.example/faq');
    expect(faq.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByRole('link', { name: 'Call us' }).getAttribute('href')).toBe(
      'tel:+6621234567',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Deposit' }));
    expect(handlers.sendPostback).toHaveBeenCalledWith('Deposit', 'TOPIC_DEPOSIT');
    cleanup();

    const other = show(
      entry('buttons', {
        text: 'x',
        buttons: [{ title: 'Talk to a human', type: 'x', payload: '' }],
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Talk to a human' }));
    expect(other.handlers.sendText).toHaveBeenCalledWith('Talk to a human');
  });

  it('quick replies show on the last message only', () => {
    const message = entry('quick_replies', {
      text: 'Pick one',
      quick_replies: [{ title: 'Yes', type: 'postback', payload: 'Y' }],
    });
    show(message, false);
    expect(screen.queryByRole('group', { name: 'Quick replies' })).toBeNull();
    cleanup();
    show(message, true);
    expect(screen.getByRole('group', { name: 'Quick replies' })).toBeTruthy();
  });

  it('media: an image opens the full picture from its thumbnail, a video has controls, a file is a link', () => {
    show(
      entry('media', {
        message: 'slip.png',
        url: true,
        fileType: 'image',
        filePath: 'https://files.example/full.png?sig=1',
        thumbPath: 'https://files.example/thumb.png?sig=1',
      }),
    );
    const image = screen.getByRole('img', { name: 'Image: slip.png' });
    expect(image.getAttribute('src')).toBe('https://files.example/thumb.png?sig=1');
    expect(image.closest('a')?.getAttribute('href')).toBe('https://files.example/full.png?sig=1');
    cleanup();

    const { container } = show(
      entry('media', {
        message: 'clip.mp4',
        url: true,
        fileType: 'video',
        filePath: '/api/chat/files/v?sig=2',
      }),
    );
    const video = container.querySelector('video')!;
    expect(video.hasAttribute('controls')).toBe(true);
    expect(video.getAttribute('src')).toBe('/api/chat/files/v?sig=2');
    cleanup();

    show(
      entry('media', {
        message: 'doc.pdf',
        url: true,
        fileType: 'file',
        filePath: 'https://f.example/d',
      }),
    );
    expect(screen.getByRole('link', { name: 'Open doc.pdf' })).toBeTruthy();
  });

  it('carousel cards are a keyboard-reachable list with their buttons', () => {
    show(
      entry('generic', {
        cards: [
          {
            title: 'Deposit help',
            subtitle: 'Slips and QR',
            image_url: 'https://img.example/a.png',
          },
          {
            title: 'Withdrawals',
            buttons: [{ title: 'Read more', type: 'web', payload: 'https://help.example/w' }],
          },
        ],
      }),
    );
    const list = screen.getByRole('list', { name: 'Cards' });
    expect(list.getAttribute('tabindex')).toBe('0');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('img', { name: 'Picture for Deposit help' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Read more' })).toBeTruthy();
  });

  it('postback, context card, system marker and unknown kinds', () => {
    show(entry('postback', { title: 'Deposit', payload: 'TOPIC' }, { sender: 'customer' }));
    expect(screen.getByText('Deposit')).toBeTruthy();
    cleanup();

    show(
      entry('context', {
        kind: 'withdrawal',
        ref: 'w-1',
        title: 'Withdrawal to KBANK',
        status: 'FAILED',
        amount: 1500,
        createdAt: '2025-01-01T10:00:00.000Z',
      }),
    );
    const card = screen.getByTestId('chat-context');
    expect(card.textContent).toContain('Withdrawal to KBANK');
    expect(card.textContent).toContain('฿1,500.00');
    expect(card.textContent).toContain('Failed');
    cleanup();

    show(entry('system', { event: 'closed', by: 'Nok' }, { sender: 'system' }));
    expect(screen.getByTestId('chat-system').textContent).toBe(
      'The conversation was closed by Nok',
    );
    cleanup();

    show(entry('sticker', { id: 1 }));
    expect(screen.getByText('Unsupported message')).toBeTruthy();
  });

  it('a failed message of ours offers resend and remove', async () => {
    const { handlers } = show({
      ...entry('text', 'hi', { sender: 'customer' }, 'failed'),
      error: 'NETWORK_ERROR',
    });
    expect(screen.getByRole('alert').textContent).toContain('Not sent');
    await userEvent.click(screen.getByRole('button', { name: 'Resend' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(handlers.resend).toHaveBeenCalledWith('k');
    expect(handlers.remove).toHaveBeenCalledWith('k');
  });

  it('an upload shows its progress', () => {
    show({
      ...entry(
        'media',
        { message: 'a.png', url: false, fileType: 'image', filePath: '' },
        { sender: 'customer' },
        'uploading_file',
      ),
      progress: 42,
    });
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('42');
    expect(screen.getByText('Uploading 42%')).toBeTruthy();
  });
});

describe('message renderer: "ask about this" cards (issue 26)', () => {
  const kbank = { th: 'ธนาคารกสิกรไทย', la: 'ທະນາຄານກະສິກອນໄທ', en: 'Kasikornbank' };
  const askedAbout = (payload: Record<string, unknown>) =>
    entry(
      'context',
      { ref: 'REF-1', amount: 300, createdAt: '2025-01-01T10:00:00.000Z', ...payload },
      { sender: 'customer' },
    );
  const status = () => screen.getByTestId('chat-context').querySelector('.badge')?.textContent;
  const title = () => screen.getByTestId('chat-context').querySelector('.chat-context__title');

  it("a slip's lower-case status reads as the slip list reads it: failed, success, processing", () => {
    for (const [stored, shown] of [
      ['failed', 'Failed'],
      ['success', 'Success'],
      ['processing', 'Processing'],
    ] as const) {
      show(askedAbout({ kind: 'slip', status: stored }));
      expect(status(), stored).toBe(shown);
      cleanup();
    }
    // The statement's upper-case statuses, as before.
    show(askedAbout({ kind: 'withdrawal', status: 'FAILED' }));
    expect(status()).toBe('Failed');
    cleanup();
    show(askedAbout({ kind: 'statement', status: 'WAITING' }));
    expect(status()).toBe('In progress');
  });

  it('titles are built in the reader’s language from the data: bank and provider names, wallet and bonus', () => {
    const withdrawal = askedAbout({
      kind: 'withdrawal',
      status: 'PENDING',
      type: 'withdraw',
      from: { kind: 'wallet', code: 'WALLET' },
      to: { kind: 'bank', code: 'KBANK', name: kbank },
    });
    const transfer = askedAbout({
      kind: 'statement',
      status: 'SUCCESS',
      type: 'transfer',
      from: {
        kind: 'game',
        code: 'JOKER',
        name: { th: 'Joker Gaming', la: 'Joker Gaming', en: 'Joker Gaming' },
      },
      to: { kind: 'wallet', code: 'WALLET' },
    });
    const bonus = askedAbout({
      kind: 'statement',
      status: 'SUCCESS',
      type: 'bonus',
      from: { kind: 'bonus', code: 'BONUS' },
      to: { kind: 'wallet', code: 'WALLET' },
    });
    const slip = askedAbout({
      kind: 'slip',
      status: 'success',
      sender: { kind: 'bank', code: 'KBANK', name: kbank },
    });
    const expected = {
      th: [
        'ถอนเงินเข้า ธนาคารกสิกรไทย',
        'โยกเงิน: Joker Gaming → กระเป๋าเงิน',
        'โบนัส: โบนัส → กระเป๋าเงิน',
        'โอนจาก ธนาคารกสิกรไทย',
      ],
      la: [
        'ຖອນເງິນເຂົ້າ ທະນາຄານກະສິກອນໄທ',
        'ໂອນເງິນ: Joker Gaming → ກະເປົາເງິນ',
        'ໂບນັດ: ໂບນັດ → ກະເປົາເງິນ',
        'ໂອນຈາກ ທະນາຄານກະສິກອນໄທ',
      ],
      en: [
        'Withdrawal to Kasikornbank',
        'Transfer: Joker Gaming → Wallet',
        'Bonus: Bonus → Wallet',
        'Sent from Kasikornbank',
      ],
    };
    for (const [locale, catalog] of [
      ['th', th],
      ['la', la],
      ['en', en],
    ] as const) {
      installCatalog(locale, catalog);
      [withdrawal, transfer, bonus, slip].forEach((message, i) => {
        show(message);
        expect(title()?.textContent, `${locale} ${i}`).toBe(expected[locale][i]);
        expect(screen.getByTestId('chat-context').textContent).not.toMatch(/KBANK|JOKER|WALLET/);
        cleanup();
      });
    }
  });

  it('a card stored before keeps its stored title; one without data or title has none', () => {
    show(askedAbout({ kind: 'withdrawal', status: 'SUCCESS', title: 'Withdrawal to KBANK' }));
    expect(title()?.textContent).toBe('Withdrawal to KBANK');
    expect(status()).toBe('Success');
    cleanup();
    show(askedAbout({ kind: 'slip', status: 'processing' }));
    expect(title()).toBeNull();
    expect(screen.getByTestId('chat-context').textContent).toContain('REF-1');
  });
});
