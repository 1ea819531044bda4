// The reads the member home's first screen is drawn from (issue 29, decision 0159). The server
// asks them for a home it renders per request and writes their answers into the page; the
// app puts those answers into its query cache before it takes the page over, so its first
// render is the server's page (no loader, no second request). One list for both sides: the
// server learns the paths from the render module built from this file.
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { routes } from '@wallet/contract/routes';
import type { Locale } from '@/i18n/i18n';
import { walletQueryKey } from '@/lib/api/get-wallet';
import { protectionQueryKey } from '@/lib/api/get-protection';
import { getTurnoverQueryOptions } from '@/lib/api/get-turnover';
import { getHomePromotionsQueryOptions } from '@/features/home/api/get-home-promotions';
import { spinActiveQueryKey } from '@/features/home/api/get-spin-active';

/** One GET's answer as the server's own API gave it (status and body text). */
export interface ReadAnswer {
  status: number;
  body: string;
}

/** API path -> its answer, for the paths of `firstReadPaths`. */
export type FirstReadAnswers = Record<string, ReadAnswer | undefined>;

interface FirstRead {
  path: string;
  queryKey: (locale: Locale) => QueryKey;
}

const firstReads: readonly FirstRead[] = [
  { path: routes.wallet.get.path, queryKey: () => walletQueryKey },
  { path: routes.protection.state.path, queryKey: () => protectionQueryKey },
  {
    path: routes.home.promotions.path,
    queryKey: (locale) => getHomePromotionsQueryOptions(locale).queryKey,
  },
  {
    path: routes.bonus.turnover.path,
    queryKey: (locale) => getTurnoverQueryOptions(locale).queryKey,
  },
  { path: routes.spin.active.path, queryKey: () => spinActiveQueryKey },
];

/** The paths the server asks (GET, as the member, in the page's language). */
export const firstReadPaths: readonly string[] = firstReads.map((read) => read.path);

/** The reads without which there is no first screen to draw: the server then sends the app. */
export const requiredReadPaths: readonly string[] = [
  routes.wallet.get.path,
  routes.protection.state.path,
];

/**
 * Puts each 200 answer into `client` under the key the home reads it by, as fresh as a read
 * made now. Any other answer is left out: the app asks for it itself, with its usual rules.
 */
export function seedFirstReads(client: QueryClient, answers: FirstReadAnswers, locale: Locale) {
  for (const read of firstReads) {
    const answer = answers[read.path];
    if (answer?.status !== 200) continue;
    let data: unknown;
    try {
      data = JSON.parse(answer.body);
    } catch {
      continue;
    }
    client.setQueryData(read.queryKey(locale), data);
  }
}
