// The cluster scripts' helpers (decision 0102): the worker processes of a WORKERS=N primary,
// and waiting for a line the primary prints (its banner, "rolling restart N done").
import { execFileSync } from 'node:child_process';
import type { Child } from './processes';

/** The worker processes of a primary: its children running main.ts (not tsx's esbuild). */
export function workerPids(primary: number): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(primary), '-f', 'main.ts'], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return []; // pgrep exits 1 when nothing matches
  }
}

/**
 * Resolves when the child prints a line matching `pattern` (already printed, among the lines
 * it keeps, counts), or rejects after ms.
 */
export function waitForLine(child: Child, pattern: RegExp, ms: number): Promise<void> {
  if (pattern.test(child.tail())) return Promise.resolve();
  return new Promise((resolve, reject) => {
    let seen = '';
    const onData = (chunk: Buffer) => {
      seen = (seen + chunk.toString('utf8')).slice(-4000);
      if (pattern.test(seen)) {
        cleanup();
        resolve();
      }
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`no ${pattern} within ${ms} ms:\n${child.tail()}`));
    }, ms);
    const cleanup = () => {
      clearTimeout(timer);
      child.process.stdout?.off('data', onData);
      child.process.stderr?.off('data', onData);
    };
    child.process.stdout?.on('data', onData);
    child.process.stderr?.on('data', onData);
  });
}
