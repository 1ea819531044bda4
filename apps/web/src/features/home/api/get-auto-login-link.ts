import { buildPath, type api, type ResponseFor } from '@wallet/contract/client';
import { apiRequest } from '@/lib/api-client';
import type { AutoLoginRoute } from '@/features/home/lib/launch';

// The eleven game auto-login calls of spec section 7 (GET, each answers { link }). One file
// for all of them: they differ only in the path, which is checked against the contract.
type AutoLogin = typeof api.autoLogin;
type PathOf<K extends keyof AutoLogin> = Pick<AutoLogin[K], 'method' | 'path'>;

const endpoints = {
  pg: { method: 'GET', path: '/api/autoLogin/pg/:username' } as const satisfies PathOf<'pg'>,
  betflix: {
    method: 'GET',
    path: '/api/autoLogin/betflix/:username',
  } as const satisfies PathOf<'betflix'>,
  askmebet: {
    method: 'GET',
    path: '/api/autoLogin/askmebet/:username/:password',
  } as const satisfies PathOf<'askmebet'>,
  imi: {
    method: 'GET',
    path: '/api/autoLogin/imi/:username/:password',
  } as const satisfies PathOf<'imi'>,
  usun: {
    method: 'GET',
    path: '/api/autoLogin/usun/:username/:password',
  } as const satisfies PathOf<'usun'>,
  areaslot: {
    method: 'GET',
    path: '/api/autoLogin/areaslot/:username',
  } as const satisfies PathOf<'areaslot'>,
  circus: {
    method: 'GET',
    path: '/api/autoLogin/circus/:username/:password',
  } as const satisfies PathOf<'circus'>,
  slotracha: {
    method: 'GET',
    path: '/api/autoLogin/slotracha/:username/:password',
  } as const satisfies PathOf<'slotracha'>,
  pgslot: {
    method: 'GET',
    path: '/api/autoLogin/pgslot/:username/:password',
  } as const satisfies PathOf<'pgslot'>,
  joker2: {
    method: 'GET',
    path: '/api/autoLogin/joker2/:username',
  } as const satisfies PathOf<'joker2'>,
  huayhd: {
    method: 'GET',
    path: '/api/autoLogin/huayhd/:username',
  } as const satisfies PathOf<'huayhd'>,
} satisfies Record<AutoLoginRoute, { method: 'GET'; path: string }>;

export type AutoLoginLinkAnswer = ResponseFor<AutoLogin['pg']>;

/** The provider's launch link for the member's own game account. */
export function getAutoLoginLink(
  route: AutoLoginRoute,
  params: { username: string; password?: string },
): Promise<AutoLoginLinkAnswer> {
  const endpoint = endpoints[route];
  return apiRequest<AutoLoginLinkAnswer>({
    method: endpoint.method,
    path: buildPath(endpoint.path, params),
  });
}

/** The path a launch calls (tests check it against the spec's table). */
export function autoLoginPath(route: AutoLoginRoute): string {
  return endpoints[route].path;
}
