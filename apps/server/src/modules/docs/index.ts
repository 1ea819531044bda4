import type { ModuleFace } from '../../module-face';
import { docsRoutes } from './docs.routes';

/** What the composition level wires of this module (modules/index.ts lists it: decision 0136). */
export const face: ModuleFace = {
  name: 'docs',
  routes: [docsRoutes],
  // The OpenAPI document: off in production unless API_DOCS=true (decision 0048).
  routesWhen: (config) => config.apiDocs,
};
