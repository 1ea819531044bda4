import { DomainError } from '../../lib/domain-error';

// HTTP status of each code the push module answers (issue 29, decision 0152).
const status = {
  /** An endpoint on no allowed push service (config.push.endpointOrigins). */
  KEY_INVALID: 400,
  /** No such subscription of this member (another member's is as unknown as a missing one). */
  NO_DATA: 404,
} as const;

export type PushErrorCode = keyof typeof status;

export class PushError extends DomainError {
  constructor(code: PushErrorCode) {
    super(code, status[code]);
  }
}
