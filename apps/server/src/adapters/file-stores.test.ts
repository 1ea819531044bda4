import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FileStore } from '../ports/file-store';
import { FILE_KEY_PATTERN } from '../ports/file-store';
import { LocalFileStore } from './local-file-store';
import { MemoryFileStore } from './memory-file-store';

const root = mkdtempSync(join(tmpdir(), 'wallet-files-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const stores: [string, () => FileStore][] = [
  ['LocalFileStore', () => new LocalFileStore(join(root, `store-${Math.random()}`))],
  ['MemoryFileStore', () => new MemoryFileStore()],
];

describe.each(stores)('%s', (_name, make) => {
  it('stores under generated keys and reads back the same bytes', async () => {
    const store = make();
    const data = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const a = await store.put(data, 'png');
    const b = await store.put(data, 'jpg');
    expect(a).toMatch(FILE_KEY_PATTERN);
    expect(b).toMatch(/\.jpg$/);
    expect(a).not.toBe(b);
    expect((await store.get(a))!.equals(data)).toBe(true);
    await store.remove(a);
    expect(await store.get(a)).toBeUndefined();
    await store.remove(a);
  });

  it('lists the keys stored before a time, oldest first, at most `limit`', async () => {
    const store = make();
    expect(await store.listStoredBefore(new Date(Date.now() + 60_000), 10)).toEqual([]);
    const first = await store.put(Buffer.from('a'), 'png');
    await new Promise((r) => setTimeout(r, 20));
    const second = await store.put(Buffer.from('b'), 'jpg');
    const later = new Date(Date.now() + 60_000);
    expect(await store.listStoredBefore(later, 10)).toEqual([first, second]);
    expect(await store.listStoredBefore(later, 1)).toEqual([first]);
    expect(await store.listStoredBefore(new Date(Date.now() - 60_000), 10)).toEqual([]);
    await store.remove(first);
    expect(await store.listStoredBefore(later, 10)).toEqual([second]);
  });

  it('never reads outside its folder: malformed keys are unknown', async () => {
    const store = make();
    for (const key of ['../../etc/passwd', '/etc/passwd', 'a.png', `${'0'.repeat(32)}.svg`, ''])
      expect(await store.get(key)).toBeUndefined();
  });
});

describe('LocalFileStore', () => {
  it('creates its folder on first use, private, with no temporary files left', async () => {
    const dir = join(root, 'lazy', 'files');
    const store = new LocalFileStore(dir);
    expect(() => statSync(dir)).toThrow();
    const key = await store.put(Buffer.from('x'), 'png');
    expect(readdirSync(dir)).toEqual([key]);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, key)).mode & 0o777).toBe(0o600);
  });

  it('lists only its own keys, and removes only old temporary files of interrupted writes', async () => {
    const dir = join(root, 'listing');
    const store = new LocalFileStore(dir);
    const key = await store.put(Buffer.from('x'), 'png');
    const partial = `.${'a'.repeat(32)}.jpg.123.tmp`;
    writeFileSync(join(dir, partial), 'cut short');
    writeFileSync(join(dir, 'notes.txt'), 'not a key');
    const later = new Date(Date.now() + 60_000);
    expect(await store.listStoredBefore(later, 10)).toEqual([key]);

    expect(await store.removePartialWrites(new Date(Date.now() - 60_000))).toBe(0);
    expect(readdirSync(dir).sort()).toEqual([partial, key, 'notes.txt'].sort());
    expect(await store.removePartialWrites(later)).toBe(1);
    expect(readdirSync(dir).sort()).toEqual([key, 'notes.txt'].sort());
  });
});
