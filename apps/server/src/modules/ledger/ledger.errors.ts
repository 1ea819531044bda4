import { DomainError } from '../../lib/domain-error';

/** A member account would go below zero: the member sees MONEY_NOT_ENOUGH. */
export class InsufficientFundsError extends DomainError {
  constructor(readonly accountCode: string) {
    super('MONEY_NOT_ENOUGH', 400);
  }
}

/**
 * The idempotency key or external reference was already posted. Not a failure by itself:
 * callers answer with the first outcome (the transaction id is attached).
 */
export class DuplicatePostingError extends Error {
  constructor(
    readonly field: 'idempotency_key' | 'external_ref' | 'reverses_id',
    readonly value: string | number,
    readonly existingTransactionId: number,
  ) {
    super(`ledger: ${field} ${String(value)} was already posted`);
    this.name = 'DuplicatePostingError';
  }
}

/** A programming error: the ledger was called with something no rule allows. */
export class LedgerMisuseError extends Error {
  constructor(message: string) {
    super(`ledger: ${message}`);
    this.name = 'LedgerMisuseError';
  }
}
