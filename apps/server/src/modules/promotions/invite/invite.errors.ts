import { DomainError } from '../../../lib/domain-error';

// The invite bonus's refusals (decisions 0071, 0112): every one a business answer.
const status = {
  INVITE_INACTIVE: 400,
  NO_INVITE_BONUS: 400,
  NO_INVITEE_PLAY_INFO: 400,
  /** Another grant is open: one at a time (decision 0112). */
  BONUS_REMAINING: 409,
} as const;

export type InviteErrorCode = keyof typeof status;

export class InviteError extends DomainError {
  constructor(code: InviteErrorCode) {
    super(code, status[code]);
  }
}
