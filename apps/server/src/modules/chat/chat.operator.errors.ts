import { DomainError } from '../../lib/domain-error';

// The agent inbox's refusals (decision 0097); codes from the spec's catalogue.
const status = {
  /** No conversation or template with that id. */
  NO_DATA: 404,
  /** An assignee who is not an active support agent or admin, or a bad `before`. */
  KEY_INVALID: 400,
  /** The conversation is closed already (answered NO_DATA). */
  CLOSED: 409,
} as const;

export type ChatOperatorErrorCode = keyof typeof status;

export class ChatOperatorError extends DomainError {
  constructor(code: ChatOperatorErrorCode) {
    super(code === 'CLOSED' ? 'NO_DATA' : code, status[code]);
  }
}
