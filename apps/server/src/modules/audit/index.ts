// The audit module's public face (decision 0086): the append-only log of operator actions.
export { auditRoutes } from './audit.routes';
export { recordAudit, recordStrangerAudit, redactForAudit } from './audit.service';
export { lastChangeOf } from './audit.service';
export type { AuditRecord } from './audit.service';
