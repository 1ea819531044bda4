import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { SnapshotLocalStore } from './rate-limit-store';

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
