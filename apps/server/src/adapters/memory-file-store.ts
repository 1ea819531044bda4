// In-memory FileStore for tests: the same generated keys as the local folder.
import { randomBytes } from 'node:crypto';
import type { FileStore, StoredFileKind } from '../ports/file-store';
import { FILE_KEY_PATTERN } from '../ports/file-store';

export class MemoryFileStore implements FileStore {
  readonly files = new Map<string, Buffer>();
  private readonly storedAt = new Map<string, number>();

  /** `now` stamps each file (tests pass their movable clock). */
  constructor(private readonly now: () => Date = () => new Date()) {}

  async put(data: Buffer, kind: StoredFileKind): Promise<string> {
    const key = `${randomBytes(16).toString('hex')}.${kind}`;
    this.files.set(key, Buffer.from(data));
    this.storedAt.set(key, this.now().getTime());
    return key;
  }

  async get(key: string): Promise<Buffer | undefined> {
    if (!FILE_KEY_PATTERN.test(key)) return undefined;
    const data = this.files.get(key);
    return data ? Buffer.from(data) : undefined;
  }

  async remove(key: string): Promise<void> {
    this.files.delete(key);
    this.storedAt.delete(key);
  }

  async removePartialWrites(): Promise<number> {
    return 0; // a Map write cannot be interrupted half way
  }

  async listStoredBefore(before: Date, limit: number): Promise<string[]> {
    return [...this.storedAt]
      .filter(([, at]) => at < before.getTime())
      .sort((a, b) => a[1] - b[1])
      .slice(0, limit)
      .map(([key]) => key);
  }
}
