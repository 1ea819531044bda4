// The backoffice module (issue 13): console pages that gather several modules' data. Each
// area keeps its own files (`<area>.*.ts`), reading other modules only through their
// index.ts; this file only re-exports.
import type { ModuleFace } from '../../module-face';
import { dashboardRoutes } from './dashboard.routes';
import { operatorMembersRoutes } from './members.routes';
import { reportsRoutes } from './reports.routes';
export { memberDeposits, memberWithdrawals } from './members.read';

/** What the composition level wires of this module (modules/index.ts lists it: decision 0136). */
export const face: ModuleFace = {
  name: 'backoffice',
  routes: [operatorMembersRoutes, dashboardRoutes, reportsRoutes],
};
