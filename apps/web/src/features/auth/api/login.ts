import type { api, BodyFor, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { callApi } from '@/lib/api-client';

// No mutation hook: the login page stays free of TanStack Query to keep /login's first load
// small (the page holds its own pending state).
const endpoint = routes.auth.login;

export type LoginBody = BodyFor<typeof api.auth.login>;
export type LoginAnswer = ResponseFor<typeof api.auth.login>;

export function login(body: LoginBody): Promise<LoginAnswer> {
  return callApi(endpoint, { body });
}
