// The status vocabularies of the wallet's items, and the one reading of any of them that a
// member sees: in progress, success or failed (spec section 4: "SUCCESS (success), FAILED
// (failure), anything else in progress"; issue 26). Zod-free: the member app and the console
// read statuses here (`@wallet/contract/client`), the schemas and the server build on the
// same lists. Each vocabulary is written as its stored values, in their own case.

/** What a member is told about an item: still moving, done, or not done. */
export const itemStates = ['progress', 'success', 'failed'] as const;
export type ItemState = (typeof itemStates)[number];

/** A statement row (spec section 3); WAITING: a withdrawal an operator must decide. */
export const statementStatuses = ['SUCCESS', 'FAILED', 'PENDING', 'WAITING'] as const;
export type StatementStatusValue = (typeof statementStatuses)[number];
/** A transfer's answer (spec section 7). */
export const transferStatuses = ['SUCCESS', 'PENDING'] as const;
/** A bank slip as the member's slip list shows it (spec section 4: lower case). */
export const slipStatuses = ['processing', 'success', 'failed'] as const;
/**
 * How the console files a slip: `review` = held for an operator (the rules could not
 * decide, decision 0044); `processing` = still waiting for the bank; `success` = credited;
 * `failed` = refused (by the rules or by an operator).
 */
export const operatorSlipStates = ['review', 'processing', 'success', 'failed'] as const;
export type OperatorSlipState = (typeof operatorSlipStates)[number];
/** A withdrawal (decision 0090). */
export const withdrawalStatusValues = [
  'WAITING',
  'PROCESSING',
  'PAID',
  'FAILED',
  'REJECTED',
] as const;
export type WithdrawalStatusValue = (typeof withdrawalStatusValues)[number];
/** A QR deposit. */
export const operatorQrStatuses = [
  'CREATING',
  'OPEN',
  'PAID',
  'CANCELLED',
  'EXPIRED',
  'FAILED',
  'REVIEW',
] as const;
/** A gift-link deposit. */
export const giftStatuses = ['PENDING', 'CREDITED', 'FAILED', 'REVIEW'] as const;
/** A bonus grant's turnover condition: open until met, cleared, or forfeited (decision 0071). */
export const grantStatuses = ['open', 'met', 'cleared', 'forfeited'] as const;
export type GrantStatusValue = (typeof grantStatuses)[number];
/** A support chat conversation (decision 0095). */
export const chatConversationStatuses = ['open', 'closed'] as const;
export type ChatConversationStatusValue = (typeof chatConversationStatuses)[number];
/** A game transfer at the provider, as the console's transfers section files it. */
export const providerTransferStatuses = ['PENDING', 'POSTED', 'VOIDED'] as const;

/** Every vocabulary, each value with what the member is told about it. */
export const statusVocabularies = {
  statement: { SUCCESS: 'success', FAILED: 'failed', PENDING: 'progress', WAITING: 'progress' },
  transfer: { SUCCESS: 'success', PENDING: 'progress' },
  slip: { processing: 'progress', success: 'success', failed: 'failed' },
  slipReview: { review: 'progress', processing: 'progress', success: 'success', failed: 'failed' },
  withdrawal: {
    WAITING: 'progress',
    PROCESSING: 'progress',
    PAID: 'success',
    FAILED: 'failed',
    REJECTED: 'failed',
  },
  qr: {
    CREATING: 'progress',
    OPEN: 'progress',
    PAID: 'success',
    CANCELLED: 'failed',
    EXPIRED: 'failed',
    FAILED: 'failed',
    REVIEW: 'progress',
  },
  giftLink: { PENDING: 'progress', CREDITED: 'success', FAILED: 'failed', REVIEW: 'progress' },
  providerTransfer: { PENDING: 'progress', POSTED: 'success', VOIDED: 'failed' },
} as const satisfies {
  statement: Record<(typeof statementStatuses)[number], ItemState>;
  transfer: Record<(typeof transferStatuses)[number], ItemState>;
  slip: Record<(typeof slipStatuses)[number], ItemState>;
  slipReview: Record<OperatorSlipState, ItemState>;
  withdrawal: Record<WithdrawalStatusValue, ItemState>;
  qr: Record<(typeof operatorQrStatuses)[number], ItemState>;
  giftLink: Record<(typeof giftStatuses)[number], ItemState>;
  providerTransfer: Record<(typeof providerTransferStatuses)[number], ItemState>;
};
export type StatusVocabulary = keyof typeof statusVocabularies;
export const statusVocabularyNames = Object.keys(statusVocabularies) as StatusVocabulary[];

/** Upper-cased value -> state, over one vocabulary or all (they agree: statuses.test.ts). */
function table(vocabularies: readonly StatusVocabulary[]): ReadonlyMap<string, ItemState> {
  const out = new Map<string, ItemState>();
  for (const name of vocabularies)
    for (const [value, state] of Object.entries(statusVocabularies[name]))
      out.set(value.toUpperCase(), state);
  return out;
}
const everyStatus = table(statusVocabularyNames);
const byVocabulary = new Map(statusVocabularyNames.map((name) => [name, table([name])]));

/**
 * What the member is told about an item in this status: `success`, `failed`, or (anything
 * else, unknown values too) `progress`. Case does not matter (slips are lower case, the
 * statement upper case). Without a vocabulary, every vocabulary is read.
 */
export function itemState(
  status: string | null | undefined,
  vocabulary?: StatusVocabulary,
): ItemState {
  if (typeof status !== 'string') return 'progress';
  const states = vocabulary ? byVocabulary.get(vocabulary)! : everyStatus;
  return states.get(status.trim().toUpperCase()) ?? 'progress';
}

/**
 * The value of `vocabulary` that `status` names, in the vocabulary's own case (`SUCCESS` of
 * the slip list is `success`); undefined when it names none. Renderers word it with this.
 */
export function statusValueOf(vocabulary: StatusVocabulary, status: unknown): string | undefined {
  if (typeof status !== 'string') return undefined;
  const wanted = status.trim().toUpperCase();
  return Object.keys(statusVocabularies[vocabulary]).find(
    (value) => value.toUpperCase() === wanted,
  );
}
