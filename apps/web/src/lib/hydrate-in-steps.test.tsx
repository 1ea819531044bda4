// @vitest-environment jsdom
import { renderToString } from 'preact-render-to-string';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HydrateLater, startHydrationInSteps, whenHydratedInSteps } from '@/lib/hydrate-in-steps';

// Hydrating the server's page in several tasks (decision 0163).
const tasks: string[] = [];

function Page({ onTap }: { onTap: (what: string) => void }) {
  tasks.push('shell');
  return (
    <div className="shell">
      <header data-testid="top">top</header>
      <HydrateLater>
        <section data-testid="page">
          <Part name="page" />
          <button type="button" onClick={() => onTap('deposit')}>
            deposit
          </button>
        </section>
      </HydrateLater>
      <HydrateLater>
        <nav data-testid="nav">
          <Part name="nav" />
        </nav>
      </HydrateLater>
    </div>
  );
}

function Part({ name }: { name: string }) {
  tasks.push(name);
  return <span>{name}</span>;
}

/** The elements with a test id, in the page now. */
const parts = (root: HTMLElement) => [...root.querySelectorAll('[data-testid]')];

afterEach(() => {
  vi.useRealTimers();
  tasks.length = 0;
  document.body.innerHTML = '';
});

describe('HydrateLater', () => {
  it("keeps the server's elements and hydrates each part in a task after the one before", async () => {
    const root = document.createElement('div');
    document.body.append(root);
    root.innerHTML = renderToString(<Page onTap={() => undefined} />);
    const served = root.innerHTML;
    const elements = parts(root);
    tasks.length = 0;
    const taps: string[] = [];

    vi.useFakeTimers({ toFake: ['setTimeout'] });
    startHydrationInSteps();
    hydrateRoot(root, <Page onTap={(what) => taps.push(what)} />);
    // The first pass hydrated the shell only: the parts kept the server's elements.
    expect(tasks).toEqual(['shell']);
    expect(root.innerHTML).toBe(served);
    root.querySelector('button')!.click();
    expect(taps).toEqual([]);

    // Each part in a task of its own, in order.
    const hydrated = whenHydratedInSteps();
    await vi.advanceTimersToNextTimerAsync();
    expect(tasks).toEqual(['shell', 'page']);
    await vi.advanceTimersToNextTimerAsync();
    expect(tasks).toEqual(['shell', 'page', 'nav']);
    await hydrated;

    // Hydrated, not drawn again: the same elements, now with their handlers.
    expect(root.innerHTML).toBe(served);
    expect(parts(root)).toHaveLength(elements.length);
    parts(root).forEach((el, i) => expect(el).toBe(elements[i]));
    root.querySelector('button')!.click();
    expect(taps).toEqual(['deposit']);
  });

  it('renders its children at once outside a hydration', () => {
    const root = document.createElement('div');
    document.body.append(root);
    const taps: string[] = [];
    createRoot(root).render(<Page onTap={(what) => taps.push(what)} />);
    expect(tasks).toEqual(['shell', 'page', 'nav']);
    root.querySelector('button')!.click();
    expect(taps).toEqual(['deposit']);
  });
});
