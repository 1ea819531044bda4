import { DomainError } from '../../lib/domain-error';

// HTTP status of each code this module answers. Every refusal of a money call is below 500,
// so the idempotency layer stores it and a retry gets the same answer instead of running
// the transfer again (docs/decisions/0013).
const status = {
  NO_GAME: 404,
  SLOT_ALREADY_ACTIVE: 409,
  SLOT_NO_ACCOUNT: 400,
  SLOT_ACTIVATE_FAIL: 502,
  SLOT_RESET_PASSWORD_FAIL: 502,
  KEY_INVALID: 400,
  TRANSFER_MINIMUM: 400,
  MONEY_NOT_ENOUGH: 400,
  TRANSFER_FAIL: 400,
  NOT_AREASLOT: 400,
  NOT_UFABET: 400,
  REQUEST_LIMIT: 429,
  INTERNAL_SERVER_ERROR: 502,
} as const;

export type GamesErrorCode = keyof typeof status;

export class GamesError extends DomainError {
  constructor(code: GamesErrorCode, options?: { cause?: unknown }) {
    super(code, status[code], options);
  }
}
