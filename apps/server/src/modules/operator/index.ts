import type { ModuleFace } from '../../module-face';
import { operatorAccountRoutes } from './operator.accounts.routes';
import { operatorRoutes } from './operator.routes';
export {
  findOperator,
  insertOperator,
  setOperatorPassword,
  setOperatorTotpSecret,
} from './operator.repository';
export { operatorIdentity, operatorUsernames } from './operator.names';
// Controls a second admin approves (decision 0117): the threshold, admin counts.
export { activeAdminCount, setThresholdChecked } from './operator.controls';

/** What the composition level wires of this module (modules/index.ts lists it: decision 0136). */
export const face: ModuleFace = {
  name: 'operator',
  routes: [operatorRoutes, operatorAccountRoutes],
};
