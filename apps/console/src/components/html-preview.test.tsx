// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HtmlPreview, sanitizeOperatorHtml } from './html-preview';

describe('operator HTML preview (decision 0093)', () => {
  afterEach(cleanup);

  it('keeps the allowlisted markup and drops scripts, handlers, images and bad links', () => {
    expect(
      sanitizeOperatorHtml(
        '<p onclick="x()">Hi <strong>there</strong><script>alert(1)</script>' +
          '<img src=x onerror="alert(2)"><a href="javascript:alert(3)">bad</a>' +
          '<a href="https://line.me/x">LINE</a></p>',
      ),
    ).toBe(
      '<p>Hi <strong>there</strong><a target="_blank" rel="noopener noreferrer nofollow">bad</a>' +
        '<a href="https://line.me/x" target="_blank" rel="noopener noreferrer nofollow">LINE</a></p>',
    );
  });

  it('renders the cleaned HTML in a named group in its language', () => {
    render(<HtmlPreview html={'<b>ok</b><script>x()</script>'} title="Preview (Thai)" lang="th" />);
    const group = screen.getByRole('group', { name: 'Preview (Thai)' });
    expect(group.innerHTML).toBe('<b>ok</b>');
    expect(group.getAttribute('lang')).toBe('th');
  });
});
