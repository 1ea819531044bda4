// No import cycles in apps/ and packages/ (decision 0136). Every tracked source file is read
// with the TypeScript compiler's parser; each import (static, `export … from`, `import type`,
// dynamic `import()`, `require()`, `import('x').T` in a type) is resolved with the compiler's
// own module resolution and the options of the file's nearest tsconfig.json (so the apps' `@/`
// alias and the `@wallet/*` workspace packages resolve as tsc resolves them), and a cycle is
// any strongly connected group of files. A cycle through type-only imports counts too: it
// costs nothing at run time today, but one value import added on the way makes it real.
// Run by `npm run check`. With file arguments it checks only those files (the probe in
// check-cycles.test.mjs uses this on a fixture); exit code 1 when a cycle is found.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const sourceFile = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;

/** The tracked source files of apps/ and packages/ (no declaration files). */
export function trackedSources(root = repoRoot) {
  return execFileSync('git', ['ls-files', 'apps', 'packages'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((file) => sourceFile.test(file) && !/\.d\.[cm]?ts$/.test(file))
    .map((file) => join(root, file));
}

const defaultOptions = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowJs: true,
  jsx: ts.JsxEmit.ReactJSX,
  resolveJsonModule: true,
};

/** Compiler options of the nearest tsconfig.json above `file` (cached per folder). */
function optionsFinder() {
  const byFolder = new Map();
  const byConfig = new Map();
  const find = (folder) => {
    if (byFolder.has(folder)) return byFolder.get(folder);
    const config = join(folder, 'tsconfig.json');
    let found;
    if (existsSync(config)) {
      if (!byConfig.has(config)) {
        const parsed = ts.getParsedCommandLineOfConfigFile(
          config,
          {},
          {
            ...ts.sys,
            onUnRecoverableConfigFileDiagnostic: () => {},
          },
        );
        byConfig.set(config, {
          options: { ...(parsed?.options ?? defaultOptions), allowJs: true },
          cache: ts.createModuleResolutionCache(folder, (name) => name),
        });
      }
      found = byConfig.get(config);
    } else {
      const parent = dirname(folder);
      found =
        parent === folder
          ? { options: defaultOptions, cache: ts.createModuleResolutionCache(folder, (n) => n) }
          : find(parent);
    }
    byFolder.set(folder, found);
    return found;
  };
  return (file) => find(dirname(file));
}

/** The module specifiers `text` imports, each with whether only types are taken. */
export function importsOf(fileName, text) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found = [];
  const add = (node, typeOnly) => {
    if (node && ts.isStringLiteralLike(node)) found.push({ specifier: node.text, typeOnly });
  };
  const visit = (node) => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const typeOnly =
        !!clause &&
        (clause.isTypeOnly ||
          (!clause.name &&
            !!clause.namedBindings &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((element) => element.isTypeOnly)));
      add(node.moduleSpecifier, typeOnly);
    } else if (ts.isExportDeclaration(node)) {
      add(node.moduleSpecifier, node.isTypeOnly);
    } else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference)
    ) {
      add(node.moduleReference.expression, node.isTypeOnly);
    } else if (ts.isImportTypeNode(node)) {
      const argument = node.argument;
      if (ts.isLiteralTypeNode(argument)) add(argument.literal, true);
    } else if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword ||
        (ts.isIdentifier(node.expression) && node.expression.text === 'require'))
    ) {
      add(node.arguments[0], false);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * The import cycles among `files` (absolute paths): each a strongly connected group of two or
 * more files (or a file importing itself), with one closed path through it; `runtime` when a
 * cycle remains with the type-only imports erased (then the path is that cycle).
 */
export function findCycles(files) {
  const inSet = new Set(files.map((file) => realpathSync(file)));
  const optionsOf = optionsFinder();
  const edges = new Map(); // file -> Map(target -> typeOnly)
  for (const file of inSet) {
    const { options, cache } = optionsOf(file);
    const targets = new Map();
    for (const { specifier, typeOnly } of importsOf(file, readFileSync(file, 'utf8'))) {
      const resolved = ts.resolveModuleName(specifier, file, options, ts.sys, cache).resolvedModule
        ?.resolvedFileName;
      if (!resolved || !existsSync(resolved)) continue;
      const target = realpathSync(resolved);
      if (!inSet.has(target)) continue;
      // A file taken once for its values is a run-time edge whatever its other imports say.
      targets.set(target, (targets.get(target) ?? true) && typeOnly);
    }
    edges.set(file, targets);
  }
  // The same graph without the type-only edges: what still circles when the types are erased.
  const runtimeEdges = new Map(
    [...edges].map(([file, targets]) => [
      file,
      new Map([...targets].filter(([, typeOnly]) => !typeOnly)),
    ]),
  );
  const runtimeGroups = cyclicGroups(runtimeEdges);
  return cyclicGroups(edges).map((group) => {
    const inside = new Set(group);
    const runtime = runtimeGroups.find((small) => inside.has(small[0]));
    return runtime
      ? { files: group, path: pathThrough(runtime, runtimeEdges), runtime: true }
      : { files: group, path: pathThrough(group, edges), runtime: false };
  });
}

/** The strongly connected groups that hold a cycle (two or more files, or a self-import). */
function cyclicGroups(edges) {
  return stronglyConnected(edges).filter(
    (group) => group.length > 1 || edges.get(group[0]).has(group[0]),
  );
}

/** Tarjan's strongly connected components, iteratively (no recursion limit). */
function stronglyConnected(edges) {
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const groups = [];
  for (const start of [...edges.keys()].sort()) {
    if (index.has(start)) continue;
    const work = [{ node: start, next: [...edges.get(start).keys()].sort(), at: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      if (frame.at < frame.next.length) {
        const target = frame.next[frame.at++];
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, next: [...edges.get(target).keys()].sort(), at: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node), index.get(target)));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent), low.get(frame.node)));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const group = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          group.push(member);
        } while (member !== frame.node);
        groups.push(group.sort());
      }
    }
  }
  return groups;
}

/** One closed path from the group's first file back to it, inside the group (breadth first). */
function pathThrough(group, edges) {
  const members = new Set(group);
  const [first] = group;
  const previous = new Map();
  const queue = [first];
  let closing;
  while (queue.length > 0 && !closing) {
    const node = queue.shift();
    for (const target of [...edges.get(node).keys()].sort()) {
      if (!members.has(target)) continue;
      if (target === first) {
        closing = node;
        break;
      }
      if (!previous.has(target)) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  const path = [first];
  for (let node = closing; node !== first; node = previous.get(node)) path.splice(1, 0, node);
  return path;
}

if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2).map((file) => resolve(file));
  const files = args.length > 0 ? args : trackedSources();
  const cycles = findCycles(files);
  const shown = (file) => relative(process.cwd(), file);
  for (const cycle of cycles) {
    const kind = cycle.runtime ? 'at run time' : 'through type imports';
    console.error(
      `import cycle (${kind}, ${cycle.files.length} files): ` +
        [...cycle.path, cycle.path[0]].map(shown).join(' -> '),
    );
  }
  if (cycles.length > 0) {
    console.error(`cycles: ${cycles.length} import cycles in ${files.length} files`);
    process.exit(1);
  }
  console.log(`cycles: none in ${files.length} files`);
}
