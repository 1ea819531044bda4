// Argon2id password hashing (reliability.md checklist): production parameters come from
// config (m = 19 MiB, t = 2, p = 1, not settable from the environment); concurrent hashes are
// capped by a semaphore so a login flood cannot exhaust CPU or memory.
import type { Algorithm } from '@node-rs/argon2';
import { hash, verify } from '@node-rs/argon2';
import type { Argon2Config } from '../../config';
import { Semaphore, SemaphoreFullError } from '../../lib/semaphore';
import type { PasswordHasher as PasswordHasherPort } from '../../ports/password-hasher';
import { AuthError } from './auth.errors';

const ARGON2ID = 2 as Algorithm;

/** The Argon2id implementation of ports/password-hasher.ts (deps.passwords). */
export class PasswordHasher implements PasswordHasherPort {
  private readonly gate: Semaphore;
  private dummyHash: Promise<string> | undefined;

  constructor(private readonly params: Argon2Config) {
    this.gate = new Semaphore(params.maxConcurrent, params.maxQueue);
  }

  private async limited<T>(task: () => Promise<T>): Promise<T> {
    try {
      return await this.gate.run(task);
    } catch (error) {
      if (error instanceof SemaphoreFullError) throw new AuthError('REQUEST_LIMIT');
      throw error;
    }
  }

  hash(password: string): Promise<string> {
    return this.limited(() =>
      hash(password, {
        algorithm: ARGON2ID,
        memoryCost: this.params.memoryCost,
        timeCost: this.params.timeCost,
        parallelism: this.params.parallelism,
      }),
    );
  }

  /** False for a wrong password and for a malformed stored hash. */
  verify(storedHash: string, password: string): Promise<boolean> {
    return this.limited(async () => {
      try {
        return await verify(storedHash, password);
      } catch {
        return false;
      }
    });
  }

  /**
   * Spends the same work as a real verify for an unknown user, so the answer time does not
   * tell whether a phone number is registered. Always false.
   */
  async verifyDummy(password: string): Promise<false> {
    this.dummyHash ??= this.hash(`dummy-${Math.random()}`);
    await this.verify(await this.dummyHash, password);
    return false;
  }
}
