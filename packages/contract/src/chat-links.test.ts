import { describe, expect, it } from 'vitest';
import { linkify, safeMediaHref, safeTelHref, safeWebHref } from './chat-links';
import { XSS_CORPUS } from './testing/xss-corpus';

describe('linkify', () => {
  it('makes http(s) and www addresses links, and keeps the sentence punctuation outside', () => {
    expect(linkify('See https://example.com/a?b=1. Or www.example.org, thanks')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { kind: 'text', text: '. Or ' },
      { kind: 'link', text: 'www.example.org', href: 'https://www.example.org/' },
      { kind: 'text', text: ', thanks' },
    ]);
  });

  it('makes phone numbers tel: links with digits only', () => {
    expect(linkify('Call +66 81-234-5678 now')).toEqual([
      { kind: 'text', text: 'Call ' },
      { kind: 'phone', text: '+66 81-234-5678', href: 'tel:+66812345678' },
      { kind: 'text', text: ' now' },
    ]);
    expect(linkify('call 0812345678')[1]).toEqual({
      kind: 'phone',
      text: '0812345678',
      href: 'tel:0812345678',
    });
  });

  it('never makes a link of another scheme, and keeps markup as text', () => {
    for (const text of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)//https://x.com',
      'data:text/html,<script>alert(1)</script>',
      '<a href="javascript:alert(1)">x</a>',
      'vbscript:msgbox(1)',
    ]) {
      for (const segment of linkify(text)) {
        if (segment.kind !== 'text') expect(segment.href).toMatch(/^(https?:\/\/|tel:\+?\d+$)/);
      }
      expect(
        linkify(text)
          .map((s) => s.text)
          .join(''),
      ).toBe(text);
    }
  });

  it('keeps other numbers (amounts, times, references, timestamps) as text', () => {
    for (const text of [
      'I paid 500 baht at 10:30',
      'order 1795590358902',
      'ref 123456789012',
      'account 0123456789012',
    ]) {
      expect(linkify(text)).toEqual([{ kind: 'text', text }]);
    }
    expect(linkify('Lao 020 5555 1234')[1]).toMatchObject({
      kind: 'phone',
      href: 'tel:02055551234',
    });
  });
});

describe('safe hrefs', () => {
  it('accepts http and https only', () => {
    expect(safeWebHref('https://a.example/x')).toBe('https://a.example/x');
    expect(safeWebHref('http://a.example')).toBe('http://a.example/');
    expect(safeWebHref('javascript:alert(1)')).toBeNull();
    expect(safeWebHref('data:text/html,x')).toBeNull();
    expect(safeWebHref('ftp://a.example')).toBeNull();
    expect(safeWebHref('not a url')).toBeNull();
  });

  it('builds tel: from + digits spaces and dashes only', () => {
    expect(safeTelHref('+66 2-123 4567')).toBe('tel:+6621234567');
    expect(safeTelHref('1234;javascript:alert(1)')).toBeNull();
    expect(safeTelHref('12')).toBeNull();
  });

  it('answers media sources as same-site paths or http(s) URLs only', () => {
    expect(safeMediaHref('/static/chat/abc?expires=1&sig=x')).toBe(
      '/static/chat/abc?expires=1&sig=x',
    );
    expect(safeMediaHref('https://cdn.example/a.png')).toBe('https://cdn.example/a.png');
    for (const bad of [
      '//evil.example/a.png',
      '/\\evil.example',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      'www.example.com/a.png',
      '',
      42,
      null,
    ])
      expect(safeMediaHref(bad), String(bad)).toBeNull();
  });
});

describe('e-mail addresses and the XSS corpus', () => {
  it('makes an e-mail address a mailto: link', () => {
    expect(linkify('Mail help@example.com, thanks')).toEqual([
      { kind: 'text', text: 'Mail ' },
      { kind: 'email', text: 'help@example.com', href: 'mailto:help@example.com' },
      { kind: 'text', text: ', thanks' },
    ]);
  });

  it('never turns a corpus entry into a link of another scheme, and loses no text', () => {
    for (const entry of XSS_CORPUS) {
      const segments = linkify(entry);
      expect(segments.map((s) => s.text).join('')).toBe(entry);
      for (const segment of segments)
        if (segment.kind !== 'text') expect(segment.href).toMatch(/^(https?:\/\/|mailto:|tel:)/);
    }
  });
});
