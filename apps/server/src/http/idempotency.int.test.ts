import { expect, it } from 'vitest';
import { forEachDialect } from '../../test/helpers';
import { DomainError } from '../lib/domain-error';
import {
  keylessKey,
  parseIdempotencyKey,
  parseOptionalIdempotencyKey,
  requestHash,
  runIdempotent,
} from './idempotency';

const fast = { staleMs: 30_000, waitMs: 5_000, pollMs: 5 };

forEachDialect('idempotency keys', (get) => {
  it('runs once for 20 racing requests with one key and answers each the same', async () => {
    const { db, clock } = get();
    let runs = 0;
    const claim = {
      scope: 'member:1',
      key: 'race-key-0001',
      hash: requestHash(['POST', '/x', { amount: 5 }]),
    };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        runIdempotent(
          db,
          clock,
          claim,
          async () => {
            runs += 1;
            await new Promise((r) => setTimeout(r, 30));
            return { statusCode: 200, body: { message: 'SUCCESS', run: runs } };
          },
          fast,
        ),
      ),
    );
    expect(runs).toBe(1);
    expect(new Set(answers.map((a) => JSON.stringify(a)))).toEqual(
      new Set([JSON.stringify({ statusCode: 200, body: { message: 'SUCCESS', run: 1 } })]),
    );
  });

  it('refuses the same key with a different request, and keeps scopes apart', async () => {
    const { db, clock } = get();
    const ok = async () => ({ statusCode: 200, body: { message: 'SUCCESS' } });
    await runIdempotent(
      db,
      clock,
      { scope: 'member:1', key: 'body-key-0001', hash: 'a' },
      ok,
      fast,
    );
    await expect(
      runIdempotent(db, clock, { scope: 'member:1', key: 'body-key-0001', hash: 'b' }, ok, fast),
    ).rejects.toMatchObject({ code: 'KEY_INVALID', statusCode: 409 });
    await expect(
      runIdempotent(db, clock, { scope: 'member:2', key: 'body-key-0001', hash: 'b' }, ok, fast),
    ).resolves.toMatchObject({ statusCode: 200 });
  });

  it('replays a business failure, and lets a 5xx run again', async () => {
    const { db, clock } = get();
    let runs = 0;
    const failing = async () => {
      runs += 1;
      throw new DomainError('MONEY_NOT_ENOUGH', 400);
    };
    const claim = { scope: 'member:1', key: 'fail-key-0001', hash: 'h' };
    await expect(runIdempotent(db, clock, claim, failing, fast)).rejects.toMatchObject({
      code: 'MONEY_NOT_ENOUGH',
    });
    await expect(runIdempotent(db, clock, claim, failing, fast)).resolves.toEqual({
      statusCode: 400,
      body: { message: 'MONEY_NOT_ENOUGH' },
    });
    expect(runs).toBe(1);

    let crashes = 0;
    const crashing = async () => {
      crashes += 1;
      if (crashes === 1) throw new Error('database went away');
      return { statusCode: 200, body: { message: 'SUCCESS' } };
    };
    const claim2 = { scope: 'member:1', key: 'crash-key-0001', hash: 'h' };
    await expect(runIdempotent(db, clock, claim2, crashing, fast)).rejects.toThrow(
      'database went away',
    );
    await expect(runIdempotent(db, clock, claim2, crashing, fast)).resolves.toMatchObject({
      statusCode: 200,
    });
    expect(crashes).toBe(2);
  });

  it('takes over a claim abandoned by a crash once it is stale, and only once', async () => {
    const { db, clock } = get();
    const claim = { scope: 'member:1', key: 'stale-key-0001', hash: 'h' };
    await db
      .insertInto('idempotency_keys')
      .values({
        ...{ scope: claim.scope, key: claim.key },
        request_hash: 'h',
        status: 'pending',
        claimed_at: clock.now().toISOString(),
      })
      .execute();
    let runs = 0;
    const run = async () => {
      runs += 1;
      return { statusCode: 200, body: { message: 'SUCCESS' } };
    };
    await expect(
      runIdempotent(db, clock, claim, run, { staleMs: 30_000, waitMs: 50, pollMs: 5 }),
    ).rejects.toMatchObject({ code: 'REQUEST_LIMIT' });
    clock.advance(31_000);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => runIdempotent(db, clock, claim, run, fast)),
    );
    expect(runs).toBe(1);
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
  });

  it('keyless (decision 0053): one run per window, a 5xx kept too, a new claim id after it', async () => {
    const { db, clock } = get();
    const claim = {
      scope: 'member:1',
      key: keylessKey(7, 'h-keyless'),
      hash: 'h',
      windowMs: 5_000,
    };
    const ids: number[] = [];
    let runs = 0;
    const crashing = async (claimId: number) => {
      runs += 1;
      ids.push(claimId);
      if (runs === 1) throw new Error('database went away');
      return { statusCode: 200, body: { message: 'SUCCESS', run: runs } };
    };
    await expect(runIdempotent(db, clock, claim, crashing, fast)).rejects.toThrow(
      'database went away',
    );
    // Within the window the failure is the answer: no client key could find a first posting.
    await expect(runIdempotent(db, clock, claim, crashing, fast)).resolves.toEqual({
      statusCode: 500,
      body: { message: 'INTERNAL_SERVER_ERROR' },
    });
    expect(runs).toBe(1);
    clock.advance(5_001);
    const after = await Promise.all(
      Array.from({ length: 5 }, () => runIdempotent(db, clock, claim, crashing, fast)),
    );
    expect(runs).toBe(2);
    expect(after.every((a) => JSON.stringify(a.body) === '{"message":"SUCCESS","run":2}')).toBe(
      true,
    );
    expect(new Set(ids).size).toBe(2);
    const rows = await db
      .selectFrom('idempotency_keys')
      .select(['key', 'status'])
      .where('scope', '=', 'member:1')
      .where('key', 'like', `${claim.key}%`)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { key: `${claim.key}#${ids[0]}`, status: 'completed' },
      { key: claim.key, status: 'completed' },
    ]);
  });

  it('validates the header', () => {
    expect(() => parseIdempotencyKey(undefined)).toThrow(
      expect.objectContaining({ code: 'KEY_MISSING' }),
    );
    expect(() => parseIdempotencyKey('short')).toThrow(
      expect.objectContaining({ code: 'KEY_INVALID' }),
    );
    expect(() => parseIdempotencyKey('has space in it')).toThrow(
      expect.objectContaining({ code: 'KEY_INVALID' }),
    );
    expect(() => parseIdempotencyKey(['a', 'b'])).toThrow(
      expect.objectContaining({ code: 'KEY_INVALID' }),
    );
    expect(parseIdempotencyKey('7f3c2a10-1b2c-4d5e-8f90-123456789abc')).toBe(
      '7f3c2a10-1b2c-4d5e-8f90-123456789abc',
    );
    expect(parseOptionalIdempotencyKey(undefined)).toBeUndefined();
    expect(() => parseOptionalIdempotencyKey('short')).toThrow(
      expect.objectContaining({ code: 'KEY_INVALID' }),
    );
    // A client key can never take the shape of a keyless one.
    expect(() => parseIdempotencyKey(keylessKey(1, 'abcdef'))).toThrow(
      expect.objectContaining({ code: 'KEY_INVALID' }),
    );
  });
});
