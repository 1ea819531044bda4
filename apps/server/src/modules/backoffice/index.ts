// The back office's pages that gather several modules' data (issue 13): each area in its
// own files, reading other modules only through their index.ts.
export { dashboardRoutes } from './dashboard.routes';
export { reportsRoutes } from './reports.routes';
