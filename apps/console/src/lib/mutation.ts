// What a component may add to a mutation hook of a feature's api.ts: its own reaction to the
// answer (a toast, closing a dialog). The hook keeps the call and the refresh of its queries.
import type { UseMutationOptions } from '@tanstack/react-query';

export type MutationCallbacks<Data, Variables = void> = Pick<
  UseMutationOptions<Data, Error, Variables>,
  'onSuccess' | 'onError'
>;
