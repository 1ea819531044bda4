import type { api, ResponseFor } from '@wallet/contract/client';
import { apiRequest } from '@/lib/api-client';

// Operator name and website. Read by the shells' route loaders (no query cache needed: it
// changes rarely, and the loaders re-run on a language switch).
const endpoint = {
  method: 'GET',
  path: '/api/lookup/info',
} as const satisfies Pick<typeof api.lookup.info, 'method' | 'path'>;

export type Info = ResponseFor<typeof api.lookup.info>;

export function getInfo(): Promise<Info> {
  return apiRequest<Info>(endpoint);
}

/** For loaders: the info, or null when it cannot be read (the shells still render). */
export function getInfoOrNull(): Promise<Info | null> {
  return getInfo().catch(() => null);
}
