export * from './constants';
export * from './endpoint';
export * from './entities';
export * from './errors';
export * from './member-fields';
export * from './money';
export * from './money-schema';
export * from './providers';
export * from './statuses';
export * from './audit-actions';
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
  operatorPasswordSchema,
  totpCodeSchema,
} from './endpoints/operator';
export type { AuditEntry, OperatorProfile } from './endpoints/operator';
export {
  operatorTransferSchema,
  operatorWithdrawalSchema,
  payoutStates,
  withdrawalReviewReasons,
} from './endpoints/operator-withdrawals';
export type {
  OperatorTransfer,
  OperatorWithdrawal,
  PayoutState,
  WithdrawalReviewReason,
} from './endpoints/operator-withdrawals';
export {
  approvalStatuses,
  bankChangeRequestSchema,
  controlChangeKinds,
  controlChangeRequestSchema,
} from './endpoints/operator-requests';
export type {
  ApprovalStatus,
  BankChangeRequest,
  ControlChangeKind,
  ControlChangeRequest,
} from './endpoints/operator-requests';
export { memberRowSchema, memberPageSchema } from './endpoints/operator-members';
export type { MemberPage, MemberRow } from './endpoints/operator-members';
export { protectionStateSchema } from './endpoints/protection';
export * from './protection-changes';
export type { ProtectionState } from './endpoints/protection';
export {
  PUSH_KINDS,
  pushPayloadSchema,
  pushPreferencesSchema,
  pushSubscriptionSchema,
} from './endpoints/push';
export type { PushKind, PushPreferences } from './endpoints/push';
export * from './push-payload';
export { harmMarkers, harmSettingsSchema } from './endpoints/operator-harm';
export type { HarmEntry, HarmMarker, HarmSettings } from './endpoints/operator-harm';
export {
  contentSettingKeys,
  contentSettingsSchema,
  siteSettingKeys,
  siteSettingsSchema,
} from './endpoints/operator-settings';
export type {
  ContentSettings,
  DepositSetting,
  SettingLastChange,
  SiteSettings,
  SlipSetting,
  WithdrawSetting,
} from './endpoints/operator-settings';
export {
  countSumSchema,
  daysInRange,
  ledgerAccountKinds,
  REPORT_MAX_DAYS,
  ymdSchema,
} from './endpoints/operator-reports';
export type {
  CountSum,
  DailyFigures,
  DailyReport,
  Dashboard,
  LedgerReport,
} from './endpoints/operator-reports';
export { COUPON_STATES } from './endpoints/operator-promotions';
export type { OperatorCoupon, PromotionUsage, PromotionUse } from './endpoints/operator-promotions';
export {
  accountTrustCauses,
  slipRejectCodes,
  slipReviewCauses,
} from './endpoints/operator-deposits';
export type {
  OperatorGiftRow,
  OperatorQrRow,
  OperatorSlipRow,
  SlipOtherMatch,
} from './endpoints/operator-deposits';
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
export * from './chat';
export * from './chat-context';
export * from './chat-attachment';
export * from './chat-payloads';
export * from './promotion-limits';
export * from './chat-preview';
export {
  chatConversationRowSchema,
  chatInboxViews,
  chatMemberSummarySchema,
  chatNoteSchema,
  chatTemplateSchema,
} from './endpoints/operator-chat';
export type { ChatConversationRow, ChatTemplate } from './endpoints/operator-chat';
export { mergeChatMessages } from './chat-merge';
export type { MergeableChatMessage } from './chat-merge';
export * from './home-promotions';
export {
  announcementSchema,
  homeBannerSchema,
  homeBannersSchema,
  homePromotionsSchema,
} from './endpoints/home-promotions';
export type { Announcement, HomeBanner, HomePromotions } from './endpoints/home-promotions';
