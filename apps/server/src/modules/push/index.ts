// Web Push for money events (issue 29, decision 0152): members' devices and choices, the
// outbox the money and chat paths write in their own transactions, and its delivery flow.
import type { ModuleFace } from '../../module-face';
import { pushFlow } from './push.delivery';
import { pushRoutes } from './push.routes';
export { purgeSettledPushEvents, queuePush } from './push.service';
export type { PushEvent } from './push.service';

/** What the composition level wires of this module (modules/index.ts lists it: decision 0136). */
export const face: ModuleFace = {
  name: 'push',
  routes: [pushRoutes],
  flows: (deps) => [pushFlow(deps)],
};
