// What an operator change of a promotion setting did, for its audit row (issue 13, decisions
// 0086, 0092): only the top-level fields that changed, before and after, so a row stays small
// (a bonus carries three languages of banners; a rate change should not log them all).
import type { AuditNote } from '../../http/contract-route';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The audit note of a change from `before` to `after` of what `target` names: the changed
 * top-level fields of each side (a creation, `before` null, logs `after` whole).
 */
export function changeNote<T extends object>(
  target: string,
  before: T | null | undefined,
  after: T,
): AuditNote {
  if (!before) return { target, before: null, after };
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (key) => !same(before[key as keyof T], after[key as keyof T]),
  );
  const pick = (value: T) =>
    Object.fromEntries(keys.map((key) => [key, value[key as keyof T] ?? null]));
  return { target, before: pick(before), after: pick(after) };
}
