// The members section's server calls (decision 0088): the search, a member's page and its
// paged lists, the operator's actions on a member (deactivate, reactivate, reset password,
// the payout account change request, ending a session, a note) and the bank list. Every
// query of one member starts with ['members', memberNo]: a change refreshes them all.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@wallet/contract/routes';
import { ApiError, callApi, type ApiAnswer, type CallOptions } from '@/lib/api';
import type { MutationCallbacks } from '@/lib/mutation';

const r = routes.operatorMembers;

export type Member = ApiAnswer<typeof r.member>;
export type SearchRow = ApiAnswer<typeof r.search>['rows'][number];
export type BankChangeBody = CallOptions<typeof routes.operator.changeMemberBank>['body'];

/** A member's paged lists, each one tab of the member page. */
export const memberLists = {
  statement: r.statement,
  ledger: r.ledger,
  deposits: r.deposits,
  withdrawals: r.withdrawals,
  slips: r.slips,
  bonuses: r.bonuses,
  bankChanges: r.bankChanges,
  sessions: r.sessions,
  notes: r.notes,
} as const;
export type MemberList = keyof typeof memberLists;
export type RowOf<L extends MemberList> =
  ApiAnswer<(typeof memberLists)[L]> extends { rows: (infer T)[] } ? T : never;

export const SEARCH_PAGE_SIZE = 25;
export const LIST_PAGE_SIZE = 20;

export const keys = {
  member: (memberNo: string) => ['members', memberNo] as const,
  page: (memberNo: string) => ['members', memberNo, 'page'] as const,
  list: (memberNo: string, list: MemberList, page: number) =>
    ['members', memberNo, memberLists[list].path, page] as const,
  search: (q: string, page: number) => ['members', 'search', q, page] as const,
  banks: ['lookup', 'banks'] as const,
};

export const useMemberSearch = (q: string, page: number) =>
  useQuery({
    queryKey: keys.search(q, page),
    queryFn: ({ signal }) =>
      callApi(r.search, { query: { q, page, pageSize: SEARCH_PAGE_SIZE }, signal }),
  });

export const useMember = (memberNo: string) =>
  useQuery({
    queryKey: keys.page(memberNo),
    queryFn: ({ signal }) => callApi(r.member, { params: { memberNo }, signal }),
  });

export function useMemberList<Row>(list: MemberList, memberNo: string, page: number) {
  const route = memberLists[list];
  return useQuery({
    queryKey: keys.list(memberNo, list, page),
    queryFn: ({ signal }) =>
      (
        callApi as (
          r: (typeof memberLists)[MemberList],
          o: object,
        ) => Promise<{ rows: Row[]; total: number; page: number }>
      )(route, { params: { memberNo }, query: { page, pageSize: LIST_PAGE_SIZE }, signal }),
    // The previous page of this tab and member while the next loads; never another tab's or
    // member's rows (another tab's rows do not fit these columns). Tabs gives every tab its
    // own instance too; this holds wherever the component is used.
    placeholderData: (previous, query) =>
      query?.queryKey[1] === memberNo && query.queryKey[2] === route.path
        ? keepPreviousData(previous)
        : undefined,
  });
}

export type MemberAction = 'deactivate' | 'reactivate' | 'reset';
type Run = { kind: MemberAction; reason: string };

/**
 * Deactivates, reactivates or resets the password; answers the sessions a deactivation ended.
 * A reset whose SMS did not go (OTP_SEND_FAIL) changed the password: it refreshes too.
 */
export function useMemberAction(memberNo: string, callbacks: MutationCallbacks<number, Run>) {
  const client = useQueryClient();
  const refresh = () => void client.invalidateQueries({ queryKey: keys.member(memberNo) });
  return useMutation({
    mutationFn: async ({ kind, reason }: Run) => {
      const params = { memberNo };
      if (kind === 'deactivate')
        return (await callApi(r.deactivate, { params, body: { reason } })).revokedSessions;
      if (kind === 'reactivate') await callApi(r.reactivate, { params, body: { reason } });
      else await callApi(r.resetPassword, { params, body: { reason } });
      return 0;
    },
    onSuccess: (...args) => {
      callbacks.onSuccess?.(...args);
      refresh();
    },
    onError: (...args) => {
      callbacks.onError?.(...args);
      const [error, { kind }] = args;
      if (kind === 'reset' && error instanceof ApiError && error.code === 'OTP_SEND_FAIL')
        refresh();
    },
  });
}

export const useBanks = (enabled: boolean) =>
  useQuery({
    queryKey: keys.banks,
    queryFn: ({ signal }) => callApi(routes.lookup.banks, { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });

/** Asks for a payout account change (a request another operator approves, decision 0116). */
export function useChangeBank(
  memberNo: string,
  callbacks: MutationCallbacks<ApiAnswer<typeof routes.operator.changeMemberBank>, BankChangeBody>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BankChangeBody) =>
      callApi(routes.operator.changeMemberBank, { params: { memberId: memberNo }, body }),
    onSuccess: (...args) => {
      callbacks.onSuccess?.(...args);
      void client.invalidateQueries({ queryKey: keys.member(memberNo) });
    },
    onError: callbacks.onError,
  });
}

export function useRevokeSession(
  memberNo: string,
  callbacks: MutationCallbacks<ApiAnswer<typeof r.revokeSession>, number>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: number) =>
      callApi(r.revokeSession, { params: { memberNo, sessionId } }),
    onSuccess: (...args) => {
      callbacks.onSuccess?.(...args);
      void client.invalidateQueries({ queryKey: keys.member(memberNo) });
    },
  });
}

export function useAddNote(
  memberNo: string,
  callbacks: MutationCallbacks<ApiAnswer<typeof r.addNote>, string>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (note: string) =>
      callApi(r.addNote, { params: { memberNo }, body: { text: note } }),
    onSuccess: (...args) => {
      callbacks.onSuccess?.(...args);
      void client.invalidateQueries({ queryKey: keys.member(memberNo) });
    },
  });
}

// Player protection (issue 28, decision 0139): the member's limits, block, reality check and
// every change; an operator applies a time-out or self-exclusion the member asked for (never
// shorter, never lifted: there is no call for it).
const pr = routes.operatorProtection;
export type MemberProtection = ApiAnswer<typeof pr.member>;
export type ProtectionBlockKind = 'timeOut' | 'selfExclude';
export type TimeOutDuration = CallOptions<typeof pr.timeOut>['body']['duration'];
export type SelfExclusionDuration = CallOptions<typeof pr.selfExclude>['body']['duration'];
type Apply =
  | { kind: 'timeOut'; duration: TimeOutDuration; reason: string }
  | { kind: 'selfExclude'; duration: SelfExclusionDuration; reason: string };

export const protectionKey = (memberNo: string) => ['members', memberNo, 'protection'] as const;

export const useMemberProtection = (memberNo: string) =>
  useQuery({
    queryKey: protectionKey(memberNo),
    queryFn: ({ signal }) => callApi(pr.member, { params: { memberNo }, signal }),
  });

export function useApplyProtection(
  memberNo: string,
  callbacks: MutationCallbacks<ApiAnswer<typeof pr.timeOut>, Apply>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (run: Apply) =>
      run.kind === 'timeOut'
        ? callApi(pr.timeOut, {
            params: { memberNo },
            body: { duration: run.duration, reason: run.reason },
          })
        : callApi(pr.selfExclude, {
            params: { memberNo },
            body: { duration: run.duration, reason: run.reason },
          }),
    onSuccess: (...args) => {
      callbacks.onSuccess?.(...args);
      void client.invalidateQueries({ queryKey: keys.member(memberNo) });
    },
    onError: callbacks.onError,
  });
}
