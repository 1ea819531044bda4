import type { ModuleFace } from '../../module-face';
import { siteGoneHook } from './site.hooks';
export { isTerminated, setTerminated } from './site.service';

/** What the composition level wires of this module (modules/index.ts lists it: decision 0136). */
export const face: ModuleFace = {
  name: 'site',
  onRequest: (deps) => siteGoneHook(deps.db),
};
