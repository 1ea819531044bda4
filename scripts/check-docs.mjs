// The repository stands alone: no tracked Markdown file may point outside it or at a file
// that does not exist. Checks every relative link target `[text](path)` and every
// backticked path that starts with `../` in the tracked *.md files, and that every server
// setting has a row in docs/settings.md. Run by `npm run check`.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const files = execFileSync('git', ['ls-files', '*.md'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter(Boolean);

const linkPattern = /\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g;
const backtickedParentPath = /`(\.\.\/[^`\s]+)`/g;
const problems = [];

for (const file of files) {
  const text = readFileSync(resolve(root, file), 'utf8');
  const lines = text.split('\n');
  lines.forEach((line, index) => {
    const where = `${file}:${index + 1}`;
    for (const [, rawTarget] of line.matchAll(linkPattern)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(rawTarget) || rawTarget.startsWith('#')) continue;
      checkTarget(where, file, rawTarget.split('#')[0]);
    }
    for (const [, rawTarget] of line.matchAll(backtickedParentPath)) {
      checkTarget(where, file, rawTarget, { mustExist: false });
    }
  });
}

function checkTarget(where, file, target, { mustExist = true } = {}) {
  if (!target) return;
  const absolute = resolve(root, dirname(file), decodeURI(target));
  const inside = relative(root, absolute);
  if (inside.startsWith('..')) {
    problems.push(`${where}: points outside the repository: ${target}`);
  } else if (mustExist && !existsSync(absolute)) {
    problems.push(`${where}: no such file: ${target}`);
  }
}

// Every server setting has a row in the settings table's one home (docs/settings.md):
// the keys of config.ts's environment schema are its upper-case `NAME:` lines.
const settingsDoc = readFileSync(resolve(root, 'docs/settings.md'), 'utf8');
const configSource = readFileSync(resolve(root, 'apps/server/src/config.ts'), 'utf8');
const settings = new Set([...configSource.matchAll(/^\s+([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]));
for (const name of settings) {
  if (!settingsDoc.includes(`| \`${name}\` |`))
    problems.push(`docs/settings.md: no row for ${name}, which apps/server/src/config.ts reads`);
}

if (problems.length > 0) {
  console.error(
    `docs: ${problems.length} problem(s): links that leave the repository or lead nowhere, undocumented settings:`,
  );
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}
console.log(
  `docs: ${files.length} Markdown files, every relative link stays inside and resolves; ${settings.size} server settings documented in docs/settings.md`,
);
