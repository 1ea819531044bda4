// @vitest-environment jsdom
// Taking over a prerendered page (decision 0155): what the visitor typed, ticked or chose
// before the app ran, and the focus, reach the app's fields, through the events React reads.
import { describe, expect, it, vi } from 'vitest';
import { replacePrerendered } from '@/lib/take-over';

const page = () => `
  <form>
    <input name="username" type="tel" value="" />
    <input name="password" type="password" value="" />
    <input name="remember" type="checkbox" />
    <select name="language"><option value="th">th</option><option value="en">en</option></select>
    <input id="no-name" value="" />
  </form>`;

/** The prerendered login with a number typed and Enter pressed in the password field. */
function enterPressedEarly(): HTMLElement {
  const container = document.createElement('div');
  container.setAttribute('data-prerendered', 'login');
  container.setAttribute('data-submit-pending', '');
  container.innerHTML = page();
  document.body.append(container);
  container.querySelector<HTMLInputElement>('[name="username"]')!.value = '0812345678';
  container.querySelector<HTMLInputElement>('[name="password"]')!.focus();
  return container;
}

describe('replacePrerendered', () => {
  it("hands typed values, ticks, choices and the focus to the app's fields of the same name", () => {
    const container = document.createElement('div');
    container.setAttribute('data-prerendered', 'login');
    container.innerHTML = page();
    document.body.append(container);
    const typed = container.querySelector<HTMLInputElement>('[name="username"]')!;
    typed.value = '0812345678';
    container.querySelector<HTMLInputElement>('[name="password"]')!.value = 'demo1234';
    container.querySelector<HTMLInputElement>('[name="remember"]')!.checked = true;
    container.querySelector<HTMLSelectElement>('[name="language"]')!.value = 'en';
    container.querySelector<HTMLInputElement>('[name="password"]')!.focus();

    const seen: string[] = [];
    replacePrerendered(container, () => {
      // The app's render: new elements, empty, listening as React does (bubbling events).
      container.innerHTML = page();
      for (const type of ['input', 'change', 'click'])
        container.addEventListener(type, (event) => {
          const field = event.target as HTMLInputElement;
          seen.push(`${type}:${field.name}`);
        });
    });

    const field = (name: string) => container.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
    expect(field('username').value).toBe('0812345678');
    expect(field('password').value).toBe('demo1234');
    expect(field('remember').checked).toBe(true);
    expect(container.querySelector<HTMLSelectElement>('[name="language"]')!.value).toBe('en');
    expect(seen).toEqual([
      'input:username',
      'input:password',
      'click:remember',
      'input:remember',
      'change:remember',
      'change:language',
    ]);
    expect(document.activeElement).toBe(field('password'));
    expect(container.hasAttribute('data-prerendered')).toBe(false);
    container.remove();
  });

  it('sends no event for a field left as it was', () => {
    const container = document.createElement('div');
    container.innerHTML = page();
    document.body.append(container);
    const listener = vi.fn();
    replacePrerendered(container, () => {
      container.innerHTML = page();
      for (const type of ['input', 'change', 'click']) container.addEventListener(type, listener);
    });
    expect(listener).not.toHaveBeenCalled();
    container.remove();
  });

  it("sends the app's form when Enter was pressed before the app ran (after-paint.js noted it)", () => {
    const container = enterPressedEarly();
    const sent: string[] = [];
    replacePrerendered(container, () => {
      container.innerHTML = page();
      container.querySelector('form')!.addEventListener('submit', (event) => {
        event.preventDefault();
        sent.push(container.querySelector<HTMLInputElement>('[name="username"]')!.value);
      });
    });
    expect(sent).toEqual(['0812345678']);
    expect(container.hasAttribute('data-submit-pending')).toBe(false);
    container.remove();
  });

  it('commits the values it hands over before a pending Enter sends the form', () => {
    // A UI library that renders state set from an event later (Preact: a microtask) sees
    // the typed number only once `commit` has flushed it.
    const container = enterPressedEarly();
    let pending = '';
    let rendered = '';
    const sent: string[] = [];
    replacePrerendered(
      container,
      () => {
        container.innerHTML = page();
        container.addEventListener('input', (event) => {
          pending = (event.target as HTMLInputElement).value;
        });
        container.querySelector('form')!.addEventListener('submit', (event) => {
          event.preventDefault();
          sent.push(rendered);
        });
      },
      (updates) => {
        updates();
        rendered = pending;
      },
    );
    expect(sent).toEqual(['0812345678']);
    container.remove();
  });
});
