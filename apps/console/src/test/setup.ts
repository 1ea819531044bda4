// Helpers for the console's DOM tests: the catalogue installed synchronously, and a fetch
// stand-in that records each request and answers from a per-test function.
import { vi } from 'vitest';
import { en } from '@/i18n/en';
import { installCatalog } from '@/i18n/i18n';
import { th } from '@/i18n/th';
import type { Lang } from '@/i18n/types';

export function useCatalog(lang: Lang = 'en'): void {
  installCatalog(lang, lang === 'th' ? th : en);
}

export interface Recorded {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

export function fakeFetch(answer: (request: Recorded) => { status: number; body?: unknown }) {
  const requests: Recorded[] = [];
  const fetchMock = vi.fn(async (input: string, init: RequestInit = {}) => {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries((init.headers ?? {}) as Record<string, string>))
      headers[name.toLowerCase()] = value;
    const request: Recorded = {
      url: input,
      method: init.method ?? 'GET',
      headers,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    requests.push(request);
    const { status, body } = answer(request);
    return new Response(body === undefined ? '' : JSON.stringify(body), { status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return requests;
}
