// The operators section's server calls (decision 0089): the accounts list, creating and
// editing an account, and the admin's actions on one. One query key per list; a change
// refreshes it.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type OperatorRole } from '@wallet/contract/routes';
import { callApi, type ApiAnswer } from '@/lib/api';
import type { MutationCallbacks } from '@/lib/mutation';

export type Account = ApiAnswer<typeof routes.operatorAccounts.list>['rows'][number];
export type Action = 'deactivate' | 'reactivate' | 'resetPassword' | 'resetTotp' | 'signOut';

export const PAGE_SIZE = 50;

export const keys = {
  all: ['operators'] as const,
  list: (page: number) => ['operators', page] as const,
};

export const useAccounts = (page: number) =>
  useQuery({
    queryKey: keys.list(page),
    queryFn: ({ signal }) =>
      callApi(routes.operatorAccounts.list, { query: { page, pageSize: PAGE_SIZE }, signal }),
  });

/** One of the admin's actions on an account, with what the server answered. */
async function act({ account, action }: { account: Account; action: Action }) {
  const params = { operatorId: account.id };
  switch (action) {
    case 'deactivate':
    case 'reactivate':
      return {
        kind: action,
        answer: await callApi(routes.operatorAccounts.setStatus, {
          params,
          body: { status: action === 'deactivate' ? 'inactive' : 'active' },
        }),
      } as const;
    case 'resetPassword':
      return {
        kind: action,
        answer: await callApi(routes.operatorAccounts.resetPassword, { params }),
      } as const;
    case 'resetTotp':
      return {
        kind: action,
        answer: await callApi(routes.operatorAccounts.resetTotp, { params }),
      } as const;
    case 'signOut':
      return {
        kind: action,
        answer: await callApi(routes.operatorAccounts.signOut, { params }),
      } as const;
  }
}
export type ActionResult = Awaited<ReturnType<typeof act>>;

export function useAccountAction(
  callbacks: MutationCallbacks<ActionResult, { account: Account; action: Action }>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: act,
    onError: callbacks.onError,
    onSuccess: (...args) => {
      callbacks.onSuccess?.(...args);
      void client.invalidateQueries({ queryKey: keys.all });
    },
  });
}

export interface AccountDraft {
  username: string;
  displayName: string;
  role: OperatorRole;
}

/** Creates an account (`account` null) or saves one; an admin's own role is not sent. */
export function useSaveAccount(
  account: Account | null,
  self: boolean,
  callbacks: MutationCallbacks<SaveResult, AccountDraft>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ username, displayName, role }: AccountDraft): Promise<SaveResult> => {
      if (!account) {
        const created = await callApi(routes.operatorAccounts.create, {
          body: { username: username.trim(), displayName: displayName.trim(), role },
        });
        return { created };
      }
      const body = self
        ? { displayName: displayName.trim() }
        : { displayName: displayName.trim(), role };
      const saved = await callApi(routes.operatorAccounts.update, {
        params: { operatorId: account.id },
        body,
      });
      return { saved };
    },
    onError: callbacks.onError,
    onSuccess: (...args) => {
      callbacks.onSuccess?.(...args);
      void client.invalidateQueries({ queryKey: keys.all });
    },
  });
}
export type SaveResult =
  | { created: ApiAnswer<typeof routes.operatorAccounts.create>; saved?: undefined }
  | { saved: ApiAnswer<typeof routes.operatorAccounts.update>; created?: undefined };
