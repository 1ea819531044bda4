import type { dashboardTh } from './dashboard.th';
import type { Widen } from './types';

export const dashboardEn: Widen<typeof dashboardTh> = {
  description: "Today's and this week's deposits, withdrawals and new members, and what is waiting",
};
