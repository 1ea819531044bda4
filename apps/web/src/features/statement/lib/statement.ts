// How a statement row reads (spec sections 3 and 4): the type, the status (SUCCESS success,
// FAILED failure, anything else in progress), from -> to, and the related description.
import type { StatementEntry } from '@/features/statement/api/get-statement';

export type StatusKind = 'success' | 'failed' | 'progress';

export function statusKind(status: string): StatusKind {
  if (status === 'SUCCESS') return 'success';
  if (status === 'FAILED') return 'failed';
  return 'progress';
}

export const relatedKinds = ['bonus', 'promotion', 'invite', 'refund', 'luckydraw'] as const;
export type RelatedKind = (typeof relatedKinds)[number];

/** The related bonus / promotion / invite / refund / lucky-draw descriptions, in that order. */
export function relatedOf(
  entry: Pick<StatementEntry, RelatedKind>,
): { kind: RelatedKind; description: string }[] {
  return relatedKinds.flatMap((kind) => {
    const description = entry[kind]?.description?.trim();
    return description ? [{ kind, description }] : [];
  });
}

/** Parties the app names in the member's language; game and bank codes show as they are. */
export const namedParties = ['WALLET', 'OPERATOR'] as const;
export type NamedParty = (typeof namedParties)[number];

export function isNamedParty(value: string): value is NamedParty {
  return (namedParties as readonly string[]).includes(value);
}
