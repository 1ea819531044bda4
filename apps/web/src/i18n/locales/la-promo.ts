// The la catalogue's third part (decision 0084): the promotion screens and dialogs (bonus
// page, turnover, invite, refund, confirm-before-moving, spin) and the bonus notes of the
// deposit and withdraw dialogs. Loaded only by the screens that show them
// (`withPromoMessages`), so neither /login nor the home's first load carries them.
import type { PromoCatalog } from '@/i18n/types';
import { laBonus } from './la-bonus';
import { laInvite } from './la-invite';
import { laSpin } from './la-spin';

export const laPromo: PromoCatalog = { ...laBonus, ...laInvite, ...laSpin };
