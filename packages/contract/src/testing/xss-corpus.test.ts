import { describe, expect, it } from 'vitest';
import { looksInjected, XSS_CORPUS } from './xss-corpus';

describe('looksInjected', () => {
  it('flags every corpus entry written into markup unescaped as a tag', () => {
    const tagged = XSS_CORPUS.filter((entry) => /<[a-z]/i.test(entry));
    expect(tagged.length).toBeGreaterThan(10);
    for (const entry of tagged) expect(looksInjected(`<p>${entry}</p>`), entry).toBe(true);
  });

  it('flags script-scheme links and sources', () => {
    expect(looksInjected('<a href="javascript:alert(1)">x</a>')).toBe(true);
    expect(looksInjected("<a href=' data:text/html,x'>x</a>")).toBe(true);
    expect(looksInjected('<img src="vbscript:x">')).toBe(true);
  });

  it('passes escaped text and safe links', () => {
    const escape = (s: string) =>
      s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    for (const entry of XSS_CORPUS)
      expect(looksInjected(`<p>${escape(entry)}</p>`), entry).toBe(false);
    expect(looksInjected('<a href="https://example.com/" rel="noopener">x</a>')).toBe(false);
    expect(looksInjected('<a href="tel:+66812345678">call</a>')).toBe(false);
  });
});
