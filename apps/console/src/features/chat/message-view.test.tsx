// @vitest-environment jsdom
import type { ChatMessage } from '@wallet/contract/client';
import { XSS_CORPUS } from '@wallet/contract/testing/xss-corpus';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { en } from '@/i18n/en';
import { installCatalog, t } from '@/i18n/i18n';
import { th } from '@/i18n/th';
import { useCatalog } from '@/test/setup';
import { linkify } from '@wallet/contract/client';
import { MessageView, previewText } from './message-view';

const base = {
  _id: '1',
  userId: '100012',
  guestId: null,
  username: '0812345678',
  name: 'Somchai',
  deviceToken: null,
  createdAt: '2026-11-25T03:00:00.000Z',
  session_id: 'c1',
};

const msg = (message_type: string, payload: unknown, sender = 'agent'): ChatMessage => ({
  ...base,
  sender,
  message: { message_type, payload },
});

function show(message: ChatMessage, isLast = true) {
  return render(
    <ul>
      <MessageView message={message} isLast={isLast} me="support" />
    </ul>,
  );
}

const SCRIPT_SCHEME = /^\s*(javascript|data|vbscript):/i;
const WRITTEN_TAGS = new Set([
  'UL',
  'LI',
  'ARTICLE',
  'SECTION',
  'P',
  'SPAN',
  'A',
  'TIME',
  'IMG',
  'VIDEO',
  'DIV',
  'DL',
  'DT',
  'DD',
]);

/**
 * What the renderer drew, checked in the DOM: only the elements it writes itself, no event
 * handler attribute, and every href/src an http(s), tel:, mailto: or same-site address.
 * (looksInjected on innerHTML would flag a correctly escaped text such as
 * `&lt;img src=x onerror=...&gt;`, so the DOM is checked, and looksInjected on the markup
 * with its texts and text attributes left out.)
 */
function assertNothingExecutes(container: HTMLElement, label: string) {
  for (const element of container.querySelectorAll('*')) {
    expect(WRITTEN_TAGS.has(element.tagName), `${label}: <${element.tagName}>`).toBe(true);
    for (const attribute of element.attributes) {
      expect(attribute.name.startsWith('on'), `${label}: ${attribute.name}`).toBe(false);
      if (attribute.name === 'href' || attribute.name === 'src') {
        expect(SCRIPT_SCHEME.test(attribute.value), `${label}: ${attribute.value}`).toBe(false);
        expect(
          /^(https?:\/\/|tel:\+?[0-9]+$|mailto:|\/[^/\\])/i.test(attribute.value),
          `${label}: ${attribute.name}=${attribute.value}`,
        ).toBe(true);
      }
    }
  }
  expect((window as { __xss?: number }).__xss, label).toBeUndefined();
}

describe('chat message renderer', () => {
  beforeEach(() => useCatalog('en'));
  afterEach(cleanup);

  it('draws text with safe links for addresses, e-mails and phone numbers', () => {
    show(
      msg(
        'text',
        'See https://example.com/help. Mail help@example.com or call 081 234 5678, not javascript:alert(1)',
        'customer',
      ),
    );
    const links = screen.getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://example.com/help',
      'mailto:help@example.com',
      'tel:0812345678',
    ]);
    expect(links[0]!.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByText(/not javascript:alert\(1\)/)).toBeTruthy();
  });

  it('draws buttons by type: web and call are links, postback and others are labels', () => {
    show(
      msg('buttons', {
        text: 'How can we help?',
        buttons: [
          { title: 'Open site', type: 'web', payload: 'https://example.com' },
          { title: 'Call us', type: 'call', payload: '+66 2 123 4567' },
          { title: 'Deposit', type: 'postback', payload: 'DEPOSIT' },
        ],
      }),
    );
    const list = within(screen.getByRole('list', { name: en.chat.kinds.buttons }));
    expect(list.getByRole('link', { name: /Open site/ }).getAttribute('href')).toBe(
      'https://example.com/',
    );
    expect(list.getByRole('link', { name: /Call us/ }).getAttribute('href')).toBe(
      'tel:+6621234567',
    );
    expect(list.getByText('Deposit')).toBeTruthy();
    expect(list.getAllByRole('link')).toHaveLength(2);
  });

  it('draws what the member sees: at most 3 buttons, any other type as a label', () => {
    show(
      msg('buttons', {
        text: 'More?',
        buttons: [
          { title: 'Say hi', type: 'reply', payload: '' },
          { title: 'Two', type: 'postback', payload: '2' },
          { title: 'Three', type: 'postback', payload: '3' },
          { title: 'Four', type: 'postback', payload: '4' },
        ],
      }),
    );
    const list = within(screen.getByRole('list', { name: en.chat.kinds.buttons }));
    expect(list.getByText(/Say hi/).textContent).toContain(en.chat.kinds.buttonKind.other);
    expect(list.getAllByRole('listitem')).toHaveLength(3);
    expect(list.queryByText('Four')).toBeNull();
  });

  it('shows quick replies on the last message only', () => {
    const quick = msg('quick_replies', {
      text: 'Pick one',
      quick_replies: [{ title: 'Yes', type: 'postback', payload: 'Y' }],
    });
    const { unmount } = show(quick, false);
    expect(screen.getByText('Pick one')).toBeTruthy();
    expect(screen.queryByText('Yes')).toBeNull();
    unmount();
    show(quick, true);
    expect(
      within(screen.getByRole('list', { name: en.chat.kinds.quickReplies })).getByText('Yes'),
    ).toBeTruthy();
  });

  it('draws cards, media, postback, context with its current status, system and unknown', () => {
    const { container } = render(
      <ul>
        <MessageView
          isLast={false}
          message={msg('generic', {
            cards: [
              {
                title: 'Bonus',
                subtitle: '100%',
                image_url: 'https://example.com/b.png',
                buttons: [{ title: 'More', type: 'web', payload: 'https://example.com/b' }],
              },
              { title: 'Second' },
            ],
          })}
        />
        <MessageView
          isLast={false}
          message={msg(
            'media',
            {
              message: 'slip.png',
              url: true,
              fileType: 'image',
              filePath: '/static/chat/a?sig=1',
              thumbPath: '/static/chat/a?thumb=1&sig=1',
            },
            'customer',
          )}
        />
        <MessageView
          isLast={false}
          message={msg(
            'media',
            { message: 'clip.mp4', url: true, fileType: 'video', filePath: '/static/chat/v?sig=1' },
            'customer',
          )}
        />
        <MessageView
          isLast={false}
          message={msg(
            'media',
            { message: 'x.png', url: false, fileType: 'image', filePath: 'chatfile:ab' },
            'customer',
          )}
        />
        <MessageView
          isLast={false}
          message={msg('postback', { title: 'Deposit', payload: 'DEPOSIT' }, 'customer')}
        />
        <MessageView
          isLast={false}
          message={msg(
            'context',
            {
              kind: 'slip',
              ref: 'SL01',
              title: 'Slip deposit',
              status: 'success',
              statusWhenAsked: 'processing',
              amount: 250,
              createdAt: '2026-11-25T02:00:00.000Z',
            },
            'customer',
          )}
        />
        <MessageView
          isLast={false}
          message={msg('system', { event: 'closed', by: 'support' }, 'system')}
        />
        <MessageView isLast message={msg('sticker', { id: 1 }, 'customer')} />
        <MessageView isLast message={msg('text', { not: 'a string' }, 'customer')} />
      </ul>,
    );
    expect(screen.getByRole('list', { name: en.chat.kinds.cards }).children).toHaveLength(2);
    const image = screen.getByRole('img', { name: 'Image slip.png' });
    expect(image.getAttribute('src')).toBe('/static/chat/a?thumb=1&sig=1');
    expect(image.closest('a')!.getAttribute('href')).toBe('/static/chat/a?sig=1');
    expect(container.querySelector('video')!.getAttribute('src')).toBe('/static/chat/v?sig=1');
    // An unsigned upload id is not an address: named, not linked.
    expect(screen.getByText('x.png (not available)').closest('a')).toBeNull();
    expect(screen.getByText('Chose: Deposit')).toBeTruthy();
    const context = within(screen.getByRole('region', { name: en.chat.kinds.context.title }));
    expect(context.getByText('SL01')).toBeTruthy();
    expect(context.getByText(en.status.slip.success)).toBeTruthy();
    expect(context.getByText('When asked: Waiting for the bank')).toBeTruthy();
    expect(context.getByText('250.00 ฿')).toBeTruthy();
    expect(screen.getByText('Conversation closed by support')).toBeTruthy();
    expect(screen.getAllByText(en.chat.kinds.unknown)).toHaveLength(2);
    assertNothingExecutes(container, 'kinds');
  });

  // Hundreds of renders in jsdom: seconds of CPU, more on a loaded machine (5 s timed out in CI).
  it('lets nothing of the XSS corpus execute, in any kind or field', { timeout: 60_000 }, () => {
    for (const [n, evil] of XSS_CORPUS.entries()) {
      const button = (type: string) => ({ title: evil, type, payload: evil });
      const messages: ChatMessage[] = [
        msg('text', evil, 'customer'),
        msg('text', `see ${evil} and https://ok.example/${evil}`, 'customer'),
        msg('buttons', {
          text: evil,
          buttons: [button('web'), button('call'), button('postback'), button(evil)],
        }),
        msg('quick_replies', { text: evil, quick_replies: [button('web'), button(evil)] }),
        msg('generic', {
          cards: [
            {
              title: evil,
              subtitle: evil,
              image_url: evil,
              buttons: [button('web'), button('call')],
            },
          ],
        }),
        msg('media', {
          message: evil,
          url: true,
          fileType: 'image',
          filePath: evil,
          thumbPath: evil,
        }),
        msg('media', { message: evil, url: true, fileType: 'video', filePath: evil }),
        msg('media', { message: evil, url: true, fileType: 'file', filePath: evil }),
        msg('postback', { title: evil, payload: evil }, 'customer'),
        msg(
          'context',
          {
            kind: 'withdrawal',
            ref: evil,
            title: evil,
            status: evil,
            statusWhenAsked: evil,
            amount: 1,
            createdAt: evil,
          },
          'customer',
        ),
        msg(
          'context',
          {
            kind: 'statement',
            ref: evil,
            status: evil,
            type: 'transfer',
            from: { kind: 'game', code: evil, name: { th: evil, la: evil, en: evil } },
            to: { kind: evil, code: evil },
          },
          'customer',
        ),
        msg('context', { kind: 'slip', ref: evil, sender: { kind: 'qr', code: evil } }),
        msg('system', { event: 'closed', by: evil }, 'system'),
        msg(evil, evil, 'customer'),
        { ...msg('text', 'hi', 'customer'), name: evil, username: evil },
      ];
      for (const [i, message] of messages.entries()) {
        const { container, unmount } = show(message, true);
        assertNothingExecutes(container, `corpus ${n}, message ${i}: ${evil}`);
        unmount();
      }
    }
  });

  it('never turns a script scheme into a link', () => {
    for (const evil of XSS_CORPUS)
      for (const segment of linkify(evil))
        if (segment.kind !== 'text') expect(segment.href).toMatch(/^(https?:|mailto:|tel:)/);
  });
});

describe('"ask about this" cards (issue 26)', () => {
  afterEach(cleanup);
  const kbank = { th: 'ธนาคารกสิกรไทย', la: 'ທະນາຄານກະສິກອນໄທ', en: 'Kasikornbank' };
  const card = (payload: Record<string, unknown>) => {
    show(msg('context', { ref: 'REF-1', amount: 300, ...payload }, 'customer'));
    return within(screen.getByRole('region', { name: /Asked about|สอบถามเกี่ยวกับ/ }));
  };

  it("reads a slip's lower-case status: failed is refused, success credited, never 'in progress'", () => {
    useCatalog('en');
    let shown = card({ kind: 'slip', status: 'failed', statusWhenAsked: 'processing' });
    expect(shown.getByText('Refused').closest('.status-badge')!.className).toContain('status-bad');
    expect(shown.getByText('When asked: Waiting for the bank')).toBeTruthy();
    expect(shown.queryByText(/In progress/)).toBeNull();
    cleanup();
    shown = card({ kind: 'slip', status: 'success' });
    expect(shown.getByText('Credited').closest('.status-badge')!.className).toContain('status-ok');
    cleanup();
    // The statement's vocabulary for withdrawals and statement rows; the stored value stays
    // in the title for the agent.
    shown = card({ kind: 'withdrawal', status: 'WAITING' });
    expect(shown.getByText('To approve').closest('.status-badge')!.getAttribute('title')).toBe(
      'WAITING',
    );
  });

  it('builds titles in the console language from the data; a stored title stays as it was', () => {
    const withdrawal = {
      kind: 'withdrawal',
      status: 'PENDING',
      type: 'withdraw',
      from: { kind: 'wallet', code: 'WALLET' },
      to: { kind: 'bank', code: 'KBANK', name: kbank },
    };
    const transfer = {
      kind: 'statement',
      status: 'SUCCESS',
      type: 'transfer',
      from: { kind: 'game', code: 'JOKER', name: { th: 'Joker', la: 'Joker', en: 'Joker' } },
      to: { kind: 'wallet', code: 'WALLET' },
    };
    const bonus = {
      kind: 'statement',
      status: 'SUCCESS',
      type: 'bonus',
      from: { kind: 'bonus', code: 'BONUS' },
      to: { kind: 'wallet', code: 'WALLET' },
    };
    const slip = {
      kind: 'slip',
      status: 'success',
      sender: { kind: 'bank', code: 'KBANK', name: kbank },
    };
    const expected = {
      th: [
        'ถอนเงินเข้า ธนาคารกสิกรไทย',
        'โยกเงิน: Joker → กระเป๋าเงิน',
        'โบนัส: โบนัส → กระเป๋าเงิน',
        'โอนจาก ธนาคารกสิกรไทย',
      ],
      en: [
        'Withdrawal to Kasikornbank',
        'Transfer: Joker → Wallet',
        'Bonus: Bonus → Wallet',
        'Sent from Kasikornbank',
      ],
    };
    for (const lang of ['th', 'en'] as const) {
      installCatalog(lang, lang === 'th' ? th : en);
      [withdrawal, transfer, bonus, slip].forEach((payload, i) => {
        const shown = card(payload);
        expect(shown.getByText(expected[lang][i]!), `${lang} ${i}`).toBeTruthy();
        expect(screen.getByRole('region').textContent).not.toMatch(/KBANK|JOKER|WALLET|BONUS/);
        cleanup();
      });
    }
    useCatalog('th');
    const old = card({ kind: 'withdrawal', status: 'SUCCESS', title: 'Withdrawal to KBANK' });
    expect(old.getByText('Withdrawal to KBANK')).toBeTruthy();
    expect(old.getByText('สำเร็จ')).toBeTruthy();
  });
});

describe('the inbox preview in the console language (issue 26)', () => {
  it('words files and items instead of [image] file.png and [withdrawal] WD…', () => {
    const cases = [
      [{ type: 'media', fileType: 'image' }, 'รูปภาพ', 'An image'],
      [{ type: 'media', fileType: 'video' }, 'วิดีโอ', 'A video'],
      [{ type: 'media', fileType: 'file' }, 'ไฟล์', 'A file'],
      [
        { type: 'context', item: { kind: 'withdrawal', ref: 'WD123' } },
        'สอบถามเรื่องการถอนเงิน WD123',
        'About withdrawal WD123',
      ],
      [
        { type: 'context', item: { kind: 'slip', ref: 'SL9' } },
        'สอบถามเรื่องสลิป SL9',
        'About slip SL9',
      ],
      [{ type: 'generic', text: 'Bonus' }, 'การ์ด: Bonus', 'Cards: Bonus'],
      [{ type: 'postback', text: 'Deposit' }, 'เลือก: Deposit', 'Chose: Deposit'],
      [{ type: 'system', event: 'closed' }, 'บทสนทนาถูกปิด', 'Conversation closed'],
      [{ type: 'text', text: 'hello' }, 'hello', 'hello'],
      [{ type: 'sticker' }, 'ข้อความที่ไม่รองรับ', 'Unsupported message'],
    ] as const;
    for (const [preview, thai, english] of cases) {
      installCatalog('th', th);
      expect(previewText(t, preview)).toBe(thai);
      installCatalog('en', en);
      expect(previewText(t, preview)).toBe(english);
    }
  });
});
