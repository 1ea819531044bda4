/** Caps concurrent async work (Argon2 hashes); callers beyond `maxQueue` are refused. */
export class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly maxConcurrent: number,
    private readonly maxQueue: number,
  ) {
    if (maxConcurrent < 1) throw new RangeError('maxConcurrent must be at least 1');
  }

  get pending(): number {
    return this.waiting.length;
  }

  get running(): number {
    return this.active;
  }

  /** Runs `task` when a slot is free; throws SemaphoreFullError when the queue is full. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.maxConcurrent) {
      if (this.waiting.length >= this.maxQueue) throw new SemaphoreFullError();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.active++;
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // Hand the slot straight to the next waiter, so `active` never drops and refills.
      if (next) next();
      else this.active--;
    }
  }
}

export class SemaphoreFullError extends Error {
  constructor() {
    super('semaphore queue full');
  }
}
