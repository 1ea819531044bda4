// Reading the request's cookies: the server reads two, both for pages, never for the API
// (which takes its session from the Authorization header only): the language cookie (the
// language of a prerendered page, decision 0155) and the home cookie (the member home
// rendered per request, decision 0159).
import type { FastifyRequest } from 'fastify';
import { LANGUAGE_COOKIE, locales, type Locale } from '@wallet/contract';

/** A cookie's value in the request (decoded), if sent. */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(at + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The language cookie's locale (`LANG=EN`), if it names one. */
export function cookieLocale(request: FastifyRequest): Locale | undefined {
  const value = readCookie(request, LANGUAGE_COOKIE)?.toLowerCase();
  return locales.find((known) => known === value);
}
