// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { focusablesIn, initialFocusIn, wrapTab } from './focus-trap';

function layer(html: string): HTMLElement {
  const container = document.createElement('div');
  container.tabIndex = -1;
  container.innerHTML = html;
  document.body.append(container);
  return container;
}

const tab = (shiftKey = false) => ({ key: 'Tab', shiftKey, preventDefault: vi.fn() });

afterEach(() => {
  document.body.innerHTML = '';
});

describe('focus trap: one rule for both apps', () => {
  it('counts what Tab reaches, leaving out disabled, hidden and tabindex=-1', () => {
    const container = layer(`
      <a href="/x">link</a><a>no href</a>
      <button>ok</button><button disabled>off</button>
      <input /><input hidden /><input disabled />
      <video controls></video><span tabindex="0">span</span><span tabindex="-1">no</span>`);
    expect(focusablesIn(container).map((el) => el.outerHTML.slice(0, 12))).toEqual([
      '<a href="/x"',
      '<button>ok</',
      '<input>',
      '<video contr',
      '<span tabind',
    ]);
  });

  it('opens on data-autofocus, else the first match, else the layer', () => {
    const marked = layer('<button>a</button><input data-autofocus />');
    expect(initialFocusIn(marked)).toBe(marked.querySelector('input'));
    const fields = layer('<button>a</button><input />');
    expect(initialFocusIn(fields, 'input')).toBe(fields.querySelector('input'));
    const empty = layer('<p>text</p>');
    expect(initialFocusIn(empty)).toBe(empty);
  });

  it('wraps Tab from the last to the first and Shift+Tab from the first (or the layer) to the last', () => {
    const container = layer('<button>a</button><button>b</button><button>c</button>');
    const [a, , c] = focusablesIn(container);
    c!.focus();
    const forward = tab();
    wrapTab(container, forward);
    expect(document.activeElement).toBe(a);
    expect(forward.preventDefault).toHaveBeenCalled();

    const back = tab(true);
    wrapTab(container, back);
    expect(document.activeElement).toBe(c);

    container.focus();
    wrapTab(container, tab(true));
    expect(document.activeElement).toBe(c);

    // In the middle, the browser moves focus itself.
    a!.focus();
    const middle = tab();
    wrapTab(container, middle);
    expect(middle.preventDefault).not.toHaveBeenCalled();
  });

  it('keeps focus put in a layer with nothing focusable, and ignores other keys', () => {
    const container = layer('<p>text</p>');
    const event = tab();
    wrapTab(container, event);
    expect(event.preventDefault).toHaveBeenCalled();
    const other = { key: 'Enter', shiftKey: false, preventDefault: vi.fn() };
    wrapTab(container, other);
    expect(other.preventDefault).not.toHaveBeenCalled();
  });
});
