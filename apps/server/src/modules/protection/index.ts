// Player protection (issue 28, decisions 0139 and 0140): deposit and loss limits, time-outs,
// self-exclusions, the reality check, and the history of every change. The money paths call
// its guards inside their own transactions; the deposits module asks it how much of a deposit
// that arrived from outside fits, and returns the rest.
import type { ModuleFace } from '../../module-face';
import { harmRoutes } from './harm.routes';
import { protectionOperatorRoutes, protectionRoutes } from './protection.routes';
export {
  assertDepositFits,
  assertGameFits,
  assertMayLaunch,
  assertMayPlay,
  blockOf,
  depositRoom,
  recordReturn,
} from './protection.guard';
export type { Block, Reserved, ReturnCause } from './protection.guard';
export { marketingAllowed, protectionState } from './protection.service';
export { ProtectionError } from './protection.errors';

/** What the composition level wires of this module (modules/index.ts lists it: decision 0136). */
export const face: ModuleFace = {
  name: 'protection',
  routes: [protectionRoutes, protectionOperatorRoutes, harmRoutes],
};
