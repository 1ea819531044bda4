// The console's configuration of the one API transport (`@wallet/client/api`, issue 27;
// decision 0087). Call an endpoint with its entry of the contract's zod-free route table,
// typed from the contract's endpoint definitions:
//
//   import { routes } from '@wallet/contract/routes';
//   const page = await callApi(routes.operator.audit, { query: { q: 'member:100012' } });
//   await callApi(routes.operator.decideWithdrawal, { params: { id }, body: { decision } });
//
// Every call sends `x-wallet-user: member` (decision 0002), `Authorization: Bearer` with
// the in-memory token, `Accept-Language` (the console's language) and, for the contract's
// idempotent (money) endpoints, an `Idempotency-Key`: fresh per call unless the caller
// passes one to retry the same action. An identity failure (401 UNAUTHORIZED,
// EXPIRED_AUTH_TOKEN, INVALID_USER_*) on the current session's token ends the session with a
// message on the sign-in page; any other failure throws ApiError { status, code }. A 403
// UNAUTHORIZED (a role that may not call the endpoint) keeps the session.
import { WALLET_USER_HEADER, WALLET_USER_VALUE } from '@wallet/contract/client';
import { createApiClient, freshKeyOnIdempotentRoutes } from '@wallet/client/api';
import { getLang } from '@/i18n/i18n';
import { endSession, getToken, noteApiCall } from '@/lib/session';

export {
  ApiError,
  errorCodeOf,
  queryString,
  type ApiAnswer,
  type CallOptions,
  type ClientErrorCode,
  type EndpointOf,
} from '@wallet/client/api';

const bearer = (token: string | null) => (token ? `Bearer ${token}` : undefined);

export const apiClient = createApiClient({
  headers: ({ token = getToken() }) => ({
    [WALLET_USER_HEADER]: WALLET_USER_VALUE,
    'Accept-Language': getLang(),
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
  }),
  idempotencyKey: freshKeyOnIdempotentRoutes,
  // Any answer to a signed-in call counts as activity (the idle timeout, decision 0087).
  onAnswer: (sent) => {
    if (sent.Authorization) noteApiCall();
  },
  // Only a session the server no longer accepts ends here: a 403 is a refusal of the role,
  // and an answer to an older session's token leaves the current one alone.
  onIdentityFailure: ({ status, sent }) => {
    const current = bearer(getToken());
    if (status === 401 && current && sent.Authorization === current) endSession('expired');
  },
});

/** Calls one route of the contract, typed by it. */
export const callApi = apiClient.call;
