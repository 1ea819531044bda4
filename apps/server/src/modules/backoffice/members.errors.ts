import { DomainError } from '../../lib/domain-error';

// The members section's own refusals (decision 0088); codes from the spec's catalogue.
const status = {
  /** No member with that number. */
  NO_USER: 404,
  /** No open session of this member with that id. */
  NO_DATA: 404,
} as const;

export type MembersErrorCode = keyof typeof status;

export class MembersError extends DomainError {
  constructor(code: MembersErrorCode) {
    super(code, status[code]);
  }
}
