import { describe, expect, it } from 'vitest';
import { SafeHtml, escapeHtml, html, page } from './html.js';

describe('escapeHtml', () => {
  it('escapes every character that can break out of text or an attribute', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&\`</a>`)).toBe(
      '&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&#96;&lt;/a&gt;',
    );
  });

  it('leaves ordinary Thai and Lao text alone', () => {
    expect(escapeHtml('รหัส OTP ລະຫັດ 123')).toBe('รหัส OTP ລະຫັດ 123');
  });
});

describe('html', () => {
  it('escapes interpolations, including inside arrays', () => {
    // Aliased so the formatter leaves the exact markup alone.
    const tag = html;
    const out = tag`<p>${'<b>'}</p><ul>${['<i>', tag`<li>${'&'}</li>`]}</ul>`;
    expect(out.value).toBe('<p>&lt;b&gt;</p><ul>&lt;i&gt;<li>&amp;</li></ul>');
  });

  it('passes SafeHtml through and drops null and undefined', () => {
    expect(html`${new SafeHtml('<br>')}${null}${undefined}${0}`.value).toBe('<br>0');
  });
});

describe('page', () => {
  it('escapes the title and adds a refresh only when asked', () => {
    const withRefresh = page({ title: '<x>', body: html`<p>hi</p>`, refreshSeconds: 3 });
    expect(withRefresh).toContain('<title>&lt;x&gt;</title>');
    expect(withRefresh).toContain('<meta http-equiv="refresh" content="3" />');
    expect(page({ title: 't', body: html`` })).not.toContain('http-equiv="refresh"');
  });
});
