// FileStore in a local folder (the default): under the data folder, outside the web root,
// one file per upload with a generated name. Written to a temporary name and renamed, so a
// crash never leaves a half-written file under a real key; files and folder are private
// to the server's user.
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FileStore, StoredFileKind } from '../ports/file-store';
import { FILE_KEY_PATTERN } from '../ports/file-store';

/** What `put` writes before renaming: `.<key>.<pid>.tmp`. */
const TEMPORARY_PATTERN = /^\.[0-9a-f]{32}\.(png|jpg|gif|mp4|mov)\.\d+\.tmp$/;

export class LocalFileStore implements FileStore {
  private ready: Promise<unknown> | undefined;

  constructor(private readonly dir: string) {}

  async put(data: Buffer, kind: StoredFileKind): Promise<string> {
    // Created on first use, so an app that never stores a file leaves no folder behind.
    this.ready ??= mkdir(this.dir, { recursive: true, mode: 0o700 });
    await this.ready;
    const key = `${randomBytes(16).toString('hex')}.${kind}`;
    const temp = join(this.dir, `.${key}.${process.pid}.tmp`);
    await writeFile(temp, data, { mode: 0o600, flag: 'wx' });
    await rename(temp, join(this.dir, key));
    return key;
  }

  async get(key: string): Promise<Buffer | undefined> {
    if (!FILE_KEY_PATTERN.test(key)) return undefined;
    try {
      return await readFile(join(this.dir, key));
    } catch (error) {
      if ((error as { code?: string }).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    if (!FILE_KEY_PATTERN.test(key)) return;
    await rm(join(this.dir, key), { force: true });
  }

  /** By modification time (a file is written once, then only read). Reads the whole folder. */
  async listStoredBefore(before: Date, limit: number): Promise<string[]> {
    const old = await this.namesBefore(before, (name) => FILE_KEY_PATTERN.test(name));
    return old
      .sort((a, b) => a.at - b.at)
      .slice(0, limit)
      .map((f) => f.name);
  }

  /** The temporary files (`.<key>.<pid>.tmp`) of writes a crash cut short. */
  async removePartialWrites(before: Date): Promise<number> {
    const partial = await this.namesBefore(before, (name) => TEMPORARY_PATTERN.test(name));
    for (const { name } of partial) await rm(join(this.dir, name), { force: true });
    return partial.length;
  }

  private async namesBefore(
    before: Date,
    wanted: (name: string) => boolean,
  ): Promise<{ name: string; at: number }[]> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch (error) {
      if ((error as { code?: string }).code === 'ENOENT') return [];
      throw error;
    }
    const old: { name: string; at: number }[] = [];
    for (const name of names) {
      if (!wanted(name)) continue;
      const at = await stat(join(this.dir, name)).then(
        (s) => s.mtimeMs,
        () => undefined, // removed meanwhile
      );
      if (at !== undefined && at < before.getTime()) old.push({ name, at });
    }
    return old;
  }
}
