export { accountRoutes } from './account.routes';
export { deactivateMember } from './account.service';
export { getProfile } from './account.service';
export { payoutAccountRequestedBy } from './account.bank-requests';
export {
  findMemberForMoney,
  memberNumbers,
  payoutAccountChangedWithin,
} from './account.repository';
export type { MemberForMoney } from './account.repository';
export { memberIdByNoOrPhone, memberSummaries } from './account.summaries';
export type { MemberSummary } from './account.summaries';
export { newMemberPassword, resetMemberPassword, setMemberStatus } from './account.operator';
export type { StatusChange } from './account.operator';
export { newMembersByHour } from './account.counts';
