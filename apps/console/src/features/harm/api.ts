// The markers-of-harm section's server calls (issue 28, decision 0146): the queue (computed
// by the server over the last 30 days), a note, the contacted mark, the thresholds (admins
// change them). Every query starts with ['harm']: a change refreshes them all.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@wallet/contract/routes';
import { callApi, type ApiAnswer, type CallOptions } from '@/lib/api';
import type { MutationCallbacks } from '@/lib/mutation';

const r = routes.operatorHarm;
export type HarmQueue = ApiAnswer<typeof r.queue>;
export type HarmRow = HarmQueue['rows'][number];
export type HarmSettings = CallOptions<typeof r.saveSettings>['body'];

/** Members per page of the queue (the server allows up to 200). */
export const PAGE_SIZE = 20;

export const keys = {
  all: ['harm'] as const,
  queue: (page: number) => ['harm', 'queue', page] as const,
};

/** One page of the queue; the previous page stays shown while the next one loads. */
export const useHarmQueue = (page: number) =>
  useQuery({
    queryKey: keys.queue(page),
    queryFn: ({ signal }) => callApi(r.queue, { query: { page, pageSize: PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });

function useHarmMutation<T, V>(run: (v: V) => Promise<T>, callbacks: MutationCallbacks<T, V>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (...args) => {
      callbacks.onSuccess?.(...args);
      void client.invalidateQueries({ queryKey: keys.all });
    },
    onError: callbacks.onError,
  });
}

export const useAddHarmNote = (
  callbacks: MutationCallbacks<ApiAnswer<typeof r.addNote>, { memberNo: string; text: string }>,
) =>
  useHarmMutation(
    ({ memberNo, text }) => callApi(r.addNote, { params: { memberNo }, body: { text } }),
    callbacks,
  );

export const useMarkContacted = (
  callbacks: MutationCallbacks<ApiAnswer<typeof r.contacted>, string>,
) =>
  useHarmMutation(
    (memberNo) => callApi(r.contacted, { params: { memberNo }, body: {} }),
    callbacks,
  );

export const useSaveHarmSettings = (
  callbacks: MutationCallbacks<ApiAnswer<typeof r.saveSettings>, HarmSettings>,
) => useHarmMutation((body) => callApi(r.saveSettings, { body }), callbacks);
