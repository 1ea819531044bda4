// The dashboard's server call (decision 0094): today's and this week's figures, the queues
// and the last 14 days, refreshed every minute.
import { useQuery } from '@tanstack/react-query';
import { routes } from '@wallet/contract/routes';
import { callApi, type ApiAnswer } from '@/lib/api';

export type Dashboard = ApiAnswer<typeof routes.operatorDashboard.dashboard>;
export type Period = Dashboard['today'];

export const keys = { dashboard: ['dashboard'] as const };

export const useDashboard = () =>
  useQuery({
    queryKey: keys.dashboard,
    queryFn: ({ signal }) => callApi(routes.operatorDashboard.dashboard, { signal }),
    refetchInterval: 60_000,
  });
