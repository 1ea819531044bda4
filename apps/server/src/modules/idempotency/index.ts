export {
  defaultIdempotencyOptions,
  parseIdempotencyKey,
  requestHash,
  runIdempotent,
} from './idempotency.service';
export type { IdempotencyOptions, StoredAnswer } from './idempotency.service';
