export { accountRoutes } from './account.routes';
export { deactivateMember } from './account.service';
export { getProfile } from './account.service';
export { changeMemberBank } from './account.service';
export {
  findMemberForMoney,
  memberNumbers,
  payoutAccountChangedWithin,
} from './account.repository';
export type { MemberForMoney } from './account.repository';
export { newMembersByHour } from './account.counts';
