// Test helpers: render a page inside a memory router (and a fresh query client), with the
// English catalogue installed and fetch answered by a small per-test route table.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { installCatalog } from '@/i18n/i18n';
import { en } from '@/i18n/locales/en';

export type FakeRoutes = Record<string, (body: unknown) => { status?: number; json: unknown }>;

/** Stubs fetch; keys are "METHOD /path". Unknown calls answer 404 NO_DATA. */
export function fakeApi(routes: FakeRoutes) {
  const calls: { key: string; body: unknown; headers: Record<string, string> }[] = [];
  const fetchMock = vi.fn(async (path: string, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${path}`;
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ key, body, headers: (init?.headers ?? {}) as Record<string, string> });
    const handler = routes[key];
    const answer = handler ? handler(body) : { status: 404, json: { message: 'NO_DATA' } };
    return new Response(JSON.stringify(answer.json), { status: answer.status ?? 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, called: (key: string) => calls.filter((call) => call.key === key) };
}

export function renderRoute(
  element: ReactElement,
  { path, url, others = {} }: { path: string; url: string; others?: Record<string, ReactElement> },
) {
  installCatalog('en', en);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path, element },
      ...Object.entries(others).map(([otherPath, otherElement]) => ({
        path: otherPath,
        element: otherElement,
      })),
    ],
    { initialEntries: [url] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router };
}
