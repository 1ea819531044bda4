// The th catalogue's third part (decision 0084): the promotion screens and dialogs (bonus
// page, turnover, invite, refund, confirm-before-moving, spin) and the bonus notes of the
// deposit and withdraw dialogs. Loaded only by the screens that show them
// (`withPromoMessages`), so neither /login nor the home's first load carries them.
import type { PromoCatalog } from '@/i18n/types';
import { thBonus } from './th-bonus';
import { thInvite } from './th-invite';
import { thSpin } from './th-spin';

export const thPromo: PromoCatalog = { ...thBonus, ...thInvite, ...thSpin };
