import type { ErrorCode } from '@wallet/contract';

/** What a failure answers: `{ message: code }` with this HTTP status. */
export type FailureCode = ErrorCode | 'gone';

/**
 * A business failure with its catalogue code. Services throw their module's subclass
 * (`<module>.errors.ts`, which owns the HTTP status of each code); the one error handler
 * turns it into the answer. Services never build HTTP replies themselves.
 */
export class DomainError extends Error {
  constructor(
    readonly code: FailureCode,
    readonly statusCode: number,
    options?: { cause?: unknown },
  ) {
    super(code, options);
    this.name = new.target.name;
  }
}
