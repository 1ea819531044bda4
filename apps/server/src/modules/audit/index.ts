// The audit module's public face (decision 0086): the append-only log of operator actions.
import type { ModuleFace } from '../../module-face';
import { auditRoutes } from './audit.routes';
export { recordAudit, recordStrangerAudit, redactForAudit } from './audit.service';
export { lastChangeOf } from './audit.service';
export type { AuditRecord } from './audit.service';

/** What the composition level wires of this module (modules/index.ts lists it: decision 0136). */
export const face: ModuleFace = {
  name: 'audit',
  routes: [auditRoutes],
};
