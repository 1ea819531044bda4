export {
  defaultIdempotencyOptions,
  keylessKey,
  parseIdempotencyKey,
  parseOptionalIdempotencyKey,
  requestHash,
  runIdempotent,
} from './idempotency.service';
export type { IdempotencyClaim, IdempotencyOptions, StoredAnswer } from './idempotency.service';
