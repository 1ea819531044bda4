import { describe, expect, it } from 'vitest';
import { digestsEqual, newToken, randomDigits, randomLetters, sha256Hex } from './crypto';
import { localeFrom, pick } from './locale';
import { Semaphore, SemaphoreFullError } from './semaphore';

describe('localeFrom', () => {
  it.each([
    [undefined, 'th'],
    ['', 'th'],
    ['en', 'en'],
    ['la', 'la'],
    ['lo-LA', 'la'],
    ['en-US,en;q=0.9,th;q=0.8', 'en'],
    ['fr-FR,de;q=0.9', 'th'],
    ['fr, la;q=0.5, en;q=0.7', 'en'],
    ['th;q=0, en', 'en'],
    ['EN', 'en'],
  ])('%s -> %s', (header, locale) => {
    expect(localeFrom(header)).toBe(locale);
  });

  it('picks text by locale, Lao falling back to Thai', () => {
    expect(pick({ th: 'ไทย', la: 'ລາວ', en: 'English' }, 'la')).toBe('ລາວ');
    expect(pick({ th: 'ไทย', la: '', en: 'English' }, 'la')).toBe('ไทย');
    expect(pick({ th: 'ไทย', la: 'ລາວ', en: 'English' }, 'en')).toBe('English');
  });
});

describe('crypto helpers', () => {
  it('makes 256-bit url-safe tokens that do not repeat', () => {
    const tokens = new Set(Array.from({ length: 1000 }, newToken));
    expect(tokens.size).toBe(1000);
    for (const token of [...tokens].slice(0, 10)) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('hashes and compares digests', () => {
    expect(sha256Hex('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(digestsEqual(sha256Hex('a'), sha256Hex('a'))).toBe(true);
    expect(digestsEqual(sha256Hex('a'), sha256Hex('b'))).toBe(false);
    expect(digestsEqual(sha256Hex('a'), 'abcd')).toBe(false);
  });

  it('draws digits and letters', () => {
    expect(randomDigits(6)).toMatch(/^\d{6}$/);
    expect(randomLetters(4)).toMatch(/^[A-Z]{4}$/);
    const firstDigits = new Set(Array.from({ length: 500 }, () => randomDigits(1)));
    expect(firstDigits.size).toBe(10);
  });
});

describe('Semaphore', () => {
  it('never runs more than maxConcurrent tasks at once, and runs them all', async () => {
    const gate = new Semaphore(2, 100);
    let running = 0;
    let peak = 0;
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        gate.run(async () => {
          running++;
          peak = Math.max(peak, running);
          await new Promise((r) => setTimeout(r, 2));
          running--;
          return i;
        }),
      ),
    );
    expect(peak).toBe(2);
    expect(results).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect([gate.running, gate.pending]).toEqual([0, 0]);
  });

  it('refuses beyond the queue and frees the slot after a failure', async () => {
    const gate = new Semaphore(1, 1);
    let release!: () => void;
    const first = gate.run(() => new Promise<void>((r) => (release = r)));
    const second = gate.run(async () => 'second');
    await expect(gate.run(async () => 'third')).rejects.toBeInstanceOf(SemaphoreFullError);
    release();
    await first;
    expect(await second).toBe('second');
    await expect(gate.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await gate.run(async () => 'after')).toBe('after');
  });
});
