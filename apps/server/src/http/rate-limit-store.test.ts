import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { MemorySharedCounter } from '../adapters/memory-shared-counter';
import { systemClock } from '../lib/clock';
import { sharedRateLimitStore, SnapshotLocalStore } from './rate-limit-store';

describe('per-IP limits under a burst', () => {
  it('lets exactly `max` requests of a same-tick burst through', async () => {
    const app = Fastify();
    await app.register(rateLimit, { global: false, store: SnapshotLocalStore as never });
    app.get('/limited', { config: { rateLimit: { max: 10, timeWindow: 60_000 } } }, async () => ({
      ok: true,
    }));
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => app.inject({ method: 'GET', url: '/limited' })),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([...Array<number>(10).fill(200), 429, 429]);
    expect(answers.map((a) => Number(a.headers['x-ratelimit-remaining']))).toContain(9);
    await app.close();
  });
});

describe('per-IP limits over a shared counter (decision 0103)', () => {
  it('lets exactly `max` requests of a same-tick burst through, per route', async () => {
    const app = Fastify();
    const counter = new MemorySharedCounter(systemClock);
    await app.register(rateLimit, { global: false, store: sharedRateLimitStore(counter) as never });
    const limited = { config: { rateLimit: { max: 10, timeWindow: 60_000 } } };
    app.get('/limited', limited, async () => ({ ok: true }));
    app.get('/other', limited, async () => ({ ok: true }));
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => app.inject({ method: 'GET', url: '/limited' })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([
      ...Array<number>(10).fill(200),
      429,
      429,
    ]);
    // Another route counts apart.
    expect((await app.inject({ method: 'GET', url: '/other' })).statusCode).toBe(200);
    await app.close();
  });
});
