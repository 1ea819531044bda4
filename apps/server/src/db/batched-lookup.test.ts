import { describe, expect, it } from 'vitest';
import { KeyBatcher } from './batched-lookup';

function recordingBatcher(maxBatch?: number) {
  const loads: string[][] = [];
  const batcher = new KeyBatcher<string, string>(async (keys) => {
    loads.push(keys);
    return new Map(keys.filter((k) => !k.startsWith('missing')).map((k) => [k, `row:${k}`]));
  }, maxBatch);
  return { batcher, loads };
}

describe('KeyBatcher', () => {
  it('loads the keys asked for in one turn of the event loop with one query, each once', async () => {
    const { batcher, loads } = recordingBatcher();
    const answers = await Promise.all([
      batcher.get('a'),
      batcher.get('b'),
      batcher.get('a'),
      batcher.get('missing-c'),
    ]);
    expect(answers).toEqual(['row:a', 'row:b', 'row:a', undefined]);
    expect(loads).toEqual([['a', 'b', 'missing-c']]);
    // The next turn is a new batch: a lookup never waits on, or reuses, an older answer.
    expect(await batcher.get('a')).toBe('row:a');
    expect(loads).toEqual([['a', 'b', 'missing-c'], ['a']]);
    expect(batcher.batches).toBe(2);
  });

  it('sends a full batch at once and the rest in the next', async () => {
    const { batcher, loads } = recordingBatcher(2);
    const answers = await Promise.all(['a', 'b', 'c'].map((k) => batcher.get(k)));
    expect(answers).toEqual(['row:a', 'row:b', 'row:c']);
    expect(loads).toEqual([['a', 'b'], ['c']]);
  });

  it('fails every lookup of a batch whose query failed, and the next batch runs anew', async () => {
    let fail = true;
    const batcher = new KeyBatcher<string, string>(async (keys) => {
      if (fail) throw new Error('connection lost');
      return new Map(keys.map((k) => [k, k]));
    });
    const results = await Promise.allSettled([batcher.get('a'), batcher.get('b')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await batcher.get('a')).toBe('a');
  });
});
