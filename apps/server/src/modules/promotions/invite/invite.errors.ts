import { DomainError } from '../../../lib/domain-error';

// The invite bonus's refusals (decision 0071): every one a business answer (400).
const status = {
  INVITE_INACTIVE: 400,
  NO_INVITE_BONUS: 400,
  NO_INVITEE_PLAY_INFO: 400,
} as const;

export type InviteErrorCode = keyof typeof status;

export class InviteError extends DomainError {
  constructor(code: InviteErrorCode) {
    super(code, status[code]);
  }
}
