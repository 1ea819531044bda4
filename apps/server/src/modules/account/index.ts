export { accountRoutes } from './account.routes';
export { deactivateMember } from './account.service';
