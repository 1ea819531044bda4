// The protection history's change kinds (issue 28): each code the server writes reads back
// to the same change, the codes are the ones the history rows hold, and other codes read null.
import { describe, expect, it } from 'vitest';
import {
  everyProtectionChange,
  protectionChangeCode,
  protectionChangeKinds,
  readProtectionChange,
} from './protection-changes';

describe('protection change codes', () => {
  it('read back every change, each kind at least once, codes unique', () => {
    const changes = everyProtectionChange();
    expect(new Set(changes.map((c) => c.kind))).toEqual(new Set(protectionChangeKinds));
    const codes = changes.map(protectionChangeCode);
    expect(new Set(codes).size).toBe(codes.length);
    for (const change of changes)
      expect(readProtectionChange(protectionChangeCode(change))).toEqual(change);
  });

  it('are the codes the history rows hold (migration 0032)', () => {
    expect(codesOf(['limit', 'limitPending', 'limitConfirmed'])).toEqual([
      'limit:deposit:day',
      'limit:deposit:day:pending',
      'limit:deposit:day:confirmed',
    ]);
    expect(
      (['timeOut', 'selfExclusion', 'realityCheck', 'marketingConsent'] as const).map((kind) =>
        protectionChangeCode({ kind }),
      ),
    ).toEqual(['time_out', 'self_exclusion', 'reality_check', 'marketing_consent']);
  });

  it('read null for codes it does not know', () => {
    for (const code of ['', 'limit:bonus:day', 'limit:deposit:year', 'limit:deposit:day:x', 'lift'])
      expect(readProtectionChange(code), code).toBeNull();
  });
});

function codesOf(kinds: readonly ('limit' | 'limitPending' | 'limitConfirmed')[]) {
  return kinds.map((kind) => protectionChangeCode({ kind, limitKind: 'deposit', period: 'day' }));
}
