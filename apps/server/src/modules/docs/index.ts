export { docsRoutes } from './docs.routes';
