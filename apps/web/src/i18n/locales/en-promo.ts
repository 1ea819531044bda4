// The en catalogue's third part (decision 0084): the promotion screens and dialogs (bonus
// page, turnover, invite, refund, confirm-before-moving, spin) and the bonus notes of the
// deposit and withdraw dialogs. Loaded only by the screens that show them
// (`withPromoMessages`), so neither /login nor the home's first load carries them.
import { enBonus } from './en-bonus';
import { enInvite } from './en-invite';
import { enSpin } from './en-spin';

export const enPromo = { ...enBonus, ...enInvite, ...enSpin };
