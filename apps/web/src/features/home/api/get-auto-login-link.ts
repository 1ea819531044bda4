import type { api, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { callApi } from '@/lib/api-client';
import type { AutoLoginRoute } from '@/features/home/lib/launch';

// The eleven game auto-login calls of spec section 7 (GET, each answers { link }). One file
// for all of them: they differ only in the path, which comes from the contract's route table.
type AutoLogin = typeof api.autoLogin;

const endpoints = routes.autoLogin;

export type AutoLoginLinkAnswer = ResponseFor<AutoLogin['pg']>;

/** The provider's launch link for the member's own game account. */
export function getAutoLoginLink(
  route: AutoLoginRoute,
  params: { username: string; password?: string },
): Promise<AutoLoginLinkAnswer> {
  const endpoint = endpoints[route];
  return callApi(endpoint, { params });
}

/** The path a launch calls (tests check it against the spec's table). */
export function autoLoginPath(route: AutoLoginRoute): string {
  return endpoints[route].path;
}
