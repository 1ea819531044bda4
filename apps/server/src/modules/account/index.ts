import type { ModuleFace } from '../../module-face';
import { accountRoutes } from './account.routes';
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
export { bankChangesOfMember, countInvitees } from './account.history';
export type { BankChangeRow } from './account.history';
// Slip ownership and account trust (issue 25 section 4, decision 0124).
export {
  accountHoldersLike,
  recordAccountTrust,
  slipAccountHold,
  trustOfCurrentAccounts,
} from './account.trust';
export type { AccountHolder, AccountTrust, SlipAccountHold } from './account.trust';

/** What the composition level wires of this module (modules/index.ts lists it: decision 0136). */
export const face: ModuleFace = {
  name: 'account',
  routes: [accountRoutes],
};
