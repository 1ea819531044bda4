// `npm run bench:cpu-baseline`: issue 15's CPU-per-transfer target as a ratio against the code
// that gave the "today" figures, both measured on this machine in one run (decision
// 0108). The targets are absolute (0.8 ms on SQLite from 1.1 ms, 1.5 ms on PostgreSQL
// from 2.3 ms), but this VM's speed moved 2-3x between days, so an absolute figure mostly
// measures the day. What the targets ask is a cut of 27% (SQLite) and 35% (PostgreSQL) from
// that code; this script measures exactly that.
//
// It checks the baseline commit out into a temporary git worktree (node_modules hard-linked
// from this checkout, so nothing is downloaded), then runs each tree's own
// `bench/money-bench.mjs --only transfer` in turn, ABBA order, `--runs` times each, and
// prints every run's server CPU per transfer, the medians, the ratio and the target ratio.
//   npm run bench:cpu-baseline [-- --runs 3 --seconds 10 --ref 088e055]
//   bash scripts/with-postgres.sh npm run bench:cpu-baseline -- --postgres
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { median } from '../scripts/lib/median.mjs';
import { ROOT } from '../scripts/lib/paths.mjs';

// The commit whose bench figures the issue quotes (bench/README.md, "after 0039" column:
// 1.16-1.41 ms on SQLite, 2.3-2.9 ms on PostgreSQL, 2026-11-22).
const DEFAULT_REF = '088e055';
// Issue 15's targets over the figures it quotes for the baseline code.
const TARGET_RATIO = { sqlite: 0.8 / 1.1, postgres: 1.5 / 2.3 };

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : fallback;
};
const runs = Math.max(1, Number(option('runs', '3')) || 3);
const seconds = Math.max(2, Number(option('seconds', '10')) || 10);
const ref = option('ref', DEFAULT_REF);
const postgres = args.includes('--postgres');
const database = postgres ? 'postgres' : 'sqlite';

const git = (...gitArgs) =>
  execFileSync('git', ['-C', ROOT, ...gitArgs], { encoding: 'utf8' }).trim();

if (!existsSync(join(ROOT, '.git'))) {
  console.error('bench:cpu-baseline needs a git checkout (it checks the baseline commit out).');
  process.exit(2);
}
const baseCommit = git('rev-parse', '--short', `${ref}^{commit}`);
const headCommit = git('rev-parse', '--short', 'HEAD');
const dirty = git('status', '--porcelain', '--untracked-files=no') !== '';
const scratch = mkdtempSync(join(tmpdir(), 'cpu-baseline-'));
const baseTree = join(scratch, 'baseline');

function cleanUp() {
  try {
    git('worktree', 'remove', '--force', baseTree);
  } catch {
    // Not added yet, or already gone.
  }
  rmSync(scratch, { recursive: true, force: true });
}
process.once('SIGINT', () => {
  cleanUp();
  process.exit(130);
});

/** node_modules folders of this checkout: the root's and each workspace's. */
function moduleFolders() {
  const folders = ['node_modules'];
  for (const group of ['apps', 'packages']) {
    const groupDir = join(ROOT, group);
    if (!existsSync(groupDir)) continue;
    for (const name of readdirSync(groupDir))
      if (existsSync(join(groupDir, name, 'node_modules')))
        folders.push(join(group, name, 'node_modules'));
  }
  if (existsSync(join(ROOT, 'e2e', 'node_modules'))) folders.push(join('e2e', 'node_modules'));
  return folders;
}

/** One `--only transfer` run of a tree's own money bench: its server CPU per transfer. */
function measure(tree, label) {
  const result = spawnSync(
    process.execPath,
    [
      'bench/money-bench.mjs',
      '--only',
      'transfer',
      '--seconds',
      String(seconds),
      ...(postgres ? ['--postgres'] : ['--db', 'sqlite']),
    ],
    { cwd: tree, encoding: 'utf8', env: process.env },
  );
  const out = `${result.stdout}\n${result.stderr}`;
  const line = out.split('\n').find((l) => l.includes('POST /api/wallet/transfer')) ?? '';
  const cpu = line.match(/CPU ms\/request: server ([\d.]+)/);
  const rate = line.match(/(\d+) req\/s/);
  const errors = line.match(/errors (\d+)\//);
  if (result.status !== 0 || !cpu || !errors || Number(errors[1]) > 0) {
    console.error(`${label}: the money bench failed (exit ${result.status})\n${out.slice(-3000)}`);
    cleanUp();
    process.exit(1);
  }
  const figure = { cpu: Number(cpu[1]), rate: Number(rate?.[1] ?? 0) };
  console.log(
    `  ${label.padEnd(28)} ${figure.cpu.toFixed(2)} ms CPU per transfer, ${figure.rate}/s`,
  );
  return figure;
}

try {
  console.log(
    `cpu baseline: ${database}, baseline ${baseCommit} against ${headCommit}${dirty ? ' (with uncommitted changes)' : ''}, ` +
      `${runs} runs each of ${seconds} s, load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  );
  git('worktree', 'add', '--detach', baseTree, baseCommit);
  // Hard links, not a symlink: a workspace package's link (node_modules/@wallet/contract ->
  // ../../packages/contract) must resolve inside the baseline tree, not in this checkout.
  for (const folder of moduleFolders()) {
    if (existsSync(dirname(join(baseTree, folder))))
      execFileSync('cp', ['-al', join(ROOT, folder), join(baseTree, folder)]);
  }
  const base = [];
  const head = [];
  for (let run = 1; run <= runs; run++) {
    // ABBA: the machine's drift during a run weighs on both sides alike.
    const order = run % 2 ? ['base', 'head'] : ['head', 'base'];
    for (const side of order) {
      if (side === 'base') base.push(measure(baseTree, `run ${run} baseline ${baseCommit}`));
      else head.push(measure(ROOT, `run ${run} current ${headCommit}`));
    }
  }
  const baseCpu = median(base.map((f) => f.cpu));
  const headCpu = median(head.map((f) => f.cpu));
  const ratio = headCpu / baseCpu;
  const target = TARGET_RATIO[database];
  console.log(
    `  median CPU per transfer: baseline ${baseCpu.toFixed(2)} ms, current ${headCpu.toFixed(2)} ms`,
  );
  console.log(
    `  current / baseline ${(100 * ratio).toFixed(1)}% (target <= ${(100 * target).toFixed(1)}%, ` +
      `i.e. <= ${(baseCpu * target).toFixed(2)} ms on this machine now) ${ratio <= target ? 'met' : 'MISSED'}`,
  );
  console.log(
    `  load average after: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
} finally {
  cleanUp();
}
