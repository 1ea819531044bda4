// The sign-in's and the operator's own password's server calls (decisions 0086, 0117). The
// two sign-in steps are plain calls (the page keeps its own busy state between them); the
// password change is a mutation. Signing out is in session-actions.ts.
import { useMutation } from '@tanstack/react-query';
import { routes } from '@wallet/contract/routes';
import { callApi, type ApiAnswer, type CallOptions } from '@/lib/api';
import type { MutationCallbacks } from '@/lib/mutation';

export type LoginAnswer = ApiAnswer<typeof routes.operator.login>;
type ChangePasswordBody = CallOptions<typeof routes.operator.changePassword>['body'];

/** Step one: username and password; answers the next step (the code, or enrolment). */
export const login = (body: CallOptions<typeof routes.operator.login>['body']) =>
  callApi(routes.operator.login, { body });

/** Step two: the authenticator code (and a new password when one is required). */
export const loginTotp = (body: CallOptions<typeof routes.operator.loginTotp>['body']) =>
  callApi(routes.operator.loginTotp, { body });

export const useChangePassword = (
  callbacks: MutationCallbacks<
    ApiAnswer<typeof routes.operator.changePassword>,
    ChangePasswordBody
  >,
) =>
  useMutation({
    mutationFn: (body: ChangePasswordBody) => callApi(routes.operator.changePassword, { body }),
    ...callbacks,
  });
