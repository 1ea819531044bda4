// `npm run typecheck`: every workspace's own `typecheck` script, as many at a time as the
// machine has cores (issue 27: one after another they took about 200 s of the CI run on 2
// cores; each is one single-threaded tsc). Each workspace's output is printed whole when it
// ends, so two never interleave; the exit code is 1 when any failed.
import { spawn } from 'node:child_process';
import { readFileSync, existsSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The workspace folders of package.json that have a `typecheck` script. */
function workspaces() {
  const patterns = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).workspaces;
  const dirs = patterns.flatMap((pattern) =>
    pattern.endsWith('/*')
      ? readdirSync(join(root, pattern.slice(0, -2)), { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .map((entry) => `${pattern.slice(0, -2)}/${entry.name}`)
      : [pattern],
  );
  return dirs.filter((dir) => {
    const file = join(root, dir, 'package.json');
    return existsSync(file) && JSON.parse(readFileSync(file, 'utf8')).scripts?.typecheck;
  });
}

function run(dir) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '-s', 'typecheck'], {
      cwd: join(root, dir),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`typecheck ${dir}: ${code === 0 ? 'ok' : 'FAILED'} (${seconds} s)\n`);
      if (output.trim()) process.stdout.write(`${output.trimEnd()}\n`);
      resolve(code === 0);
    });
  });
}

const queue = workspaces();
const slots = Math.max(1, Math.min(availableParallelism(), queue.length));
let failed = false;
await Promise.all(
  Array.from({ length: slots }, async () => {
    for (let dir = queue.shift(); dir; dir = queue.shift()) if (!(await run(dir))) failed = true;
  }),
);
process.exit(failed ? 1 : 0);
