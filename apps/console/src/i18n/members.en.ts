import type { membersTh } from './members.th';
import type { Widen } from './types';

export const membersEn: Widen<typeof membersTh> = {
  description: 'Find a member by phone, name, member number or bank account, and open their page',
};
