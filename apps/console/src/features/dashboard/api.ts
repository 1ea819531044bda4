// The dashboard's server call (decision 0094): today's and this week's figures, the queues
// and the last 14 days, refreshed every minute.
import { useQuery } from '@tanstack/react-query';
import { routes } from '@wallet/contract/routes';
import { callApi, type ApiAnswer } from '@/lib/api';

export type Dashboard = ApiAnswer<typeof routes.operatorDashboard.dashboard>;
export type Period = Dashboard['today'];

export const keys = {
  dashboard: ['dashboard'] as const,
  /** The harm section's queue key: one answer for both. */
  harm: ['harm', 'queue'] as const,
};

export const useDashboard = () =>
  useQuery({
    queryKey: keys.dashboard,
    queryFn: ({ signal }) => callApi(routes.operatorDashboard.dashboard, { signal }),
    refetchInterval: 60_000,
  });

/** Members flagged by a marker of harm and not contacted (admin and support, decision 0146). */
export const HARM_ROLES: readonly string[] = ['admin', 'support'];
export const useHarmCount = (enabled: boolean) =>
  useQuery({
    queryKey: keys.harm,
    // Only the count: the smallest page.
    queryFn: ({ signal }) => callApi(routes.operatorHarm.queue, { query: { pageSize: 1 }, signal }),
    enabled,
    refetchInterval: 60_000,
    select: (queue) => queue.needsContact,
  });
