import { DomainError } from '../../lib/domain-error';

// Refusals before a slip row exists (decision 0027); a stored slip answers 200 with its
// status or reason code instead.
const status = {
  /** No file in the `file` field (or not a multipart upload). */
  SLIP_NO_FILE: 400,
  /** Not a PNG or JPEG by its magic bytes, over the size cap, or a broken upload. */
  SLIP_INVALID_FILE: 400,
  /** Inside the operator's daily closed window. */
  SLIP_UPLOAD_FAIL: 400,
  /** The member's uploads of the last hour reached SLIP_UPLOADS_PER_MEMBER_PER_HOUR (0045). */
  REQUEST_LIMIT: 429,
  /** No slip of this member with that reference. */
  NO_DATA: 404,
  /** An operator's decision that does not fit the slip (a corrected amount above the read one). */
  KEY_INVALID: 400,
  /** A corrected amount without its reason. */
  KEY_MISSING: 400,
} as const;

export type SlipErrorCode = keyof typeof status;

export class SlipError extends DomainError {
  constructor(code: SlipErrorCode) {
    super(code, status[code]);
  }
}

/** An operator decided a slip that is no longer held for review (decided before): 409 NO_DATA. */
export class SlipDecidedError extends DomainError {
  constructor() {
    super('NO_DATA', 409);
  }
}
