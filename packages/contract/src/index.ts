export * from './constants';
export * from './endpoint';
export * from './entities';
export * from './errors';
export * from './money';
export * from './money-schema';
export * from './providers';
export * from './registry';
export * from './routes';
export { buildOpenApiDocument } from './openapi';
export { APP_VERSION } from './client';
export * from './bonus-window';
export { inviteSettingsSchema, refundSettingsSchema } from './endpoints/operator-invite-refund';
export type { InviteSettings, RefundSettings } from './endpoints/operator-invite-refund';
export type { OperatorBonus, OperatorPromotion } from './endpoints/operator-bonus';
export { operatorWheelSchema, SPIN_MAX_SLICES, SPIN_MAX_WEIGHT } from './endpoints/operator-spin';
export type { OperatorWheel } from './endpoints/operator-spin';
export {
  auditEntrySchema,
  operatorProfileSchema,
  pageOf,
  pageQuerySchema,
  totpCodeSchema,
} from './endpoints/operator';
export type { AuditEntry, OperatorProfile } from './endpoints/operator';
export {
  adjustmentRequestSchema,
  adjustmentRequestStatuses,
  operatorAccountSchema,
  operatorStatuses,
} from './endpoints/operator-approvals';
export type {
  AdjustmentRequest,
  AdjustmentRequestStatus,
  OperatorAccount,
  OperatorRef,
} from './endpoints/operator-approvals';
