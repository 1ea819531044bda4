import type { ModuleFace } from '../../module-face';
import { lookupRoutes } from './lookup.routes';
export { bankNames } from './lookup.service';
export {
  findBank,
  findSource,
  insertBankIfMissing,
  insertSourceIfMissing,
} from './lookup.repository';

/** What the composition level wires of this module (modules/index.ts lists it: decision 0136). */
export const face: ModuleFace = {
  name: 'lookup',
  routes: [lookupRoutes],
};
