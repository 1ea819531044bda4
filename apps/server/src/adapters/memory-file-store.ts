// In-memory FileStore for tests: the same generated keys as the local folder.
import { randomBytes } from 'node:crypto';
import type { FileStore, StoredFileKind } from '../ports/file-store';
import { FILE_KEY_PATTERN } from '../ports/file-store';

export class MemoryFileStore implements FileStore {
  readonly files = new Map<string, Buffer>();

  async put(data: Buffer, kind: StoredFileKind): Promise<string> {
    const key = `${randomBytes(16).toString('hex')}.${kind}`;
    this.files.set(key, Buffer.from(data));
    return key;
  }

  async get(key: string): Promise<Buffer | undefined> {
    if (!FILE_KEY_PATTERN.test(key)) return undefined;
    const data = this.files.get(key);
    return data ? Buffer.from(data) : undefined;
  }

  async remove(key: string): Promise<void> {
    this.files.delete(key);
  }
}
