// The backoffice module (issue 13): console pages that gather several modules' data. Each
// area keeps its own files (`<area>.*.ts`), reading other modules only through their
// index.ts; this file only re-exports.
export { operatorMembersRoutes } from './members.routes';
export { dashboardRoutes } from './dashboard.routes';
export { reportsRoutes } from './reports.routes';
export { memberDeposits, memberWithdrawals } from './members.read';
