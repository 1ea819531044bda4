// One lint setup for the whole monorepo. Besides the usual TypeScript rules it enforces the
// dependency direction of docs/architecture.md:
//   contract <- server, web, sandbox, e2e; apps never import each other;
//   in the web app and the console: shared code (components, lib, config, i18n) -> features
//   -> app, and no feature imports another. Cross-folder web imports use the `@/` alias so the rule can
//   see them; `../../` climbs are refused.
//   in the server (apps/server/src, decision 0063), four zones:
//   - composition level: app.ts, main.ts, seed.ts, jobs/, cli/, cluster/, observability/, and
//     modules/index.ts, the one ordered list of the modules' faces (they wire modules together
//     and may import anything);
//   - modules/<m>/: a file at any depth (modules/<m>/<sub>/... too) reaches another module only
//     through its index.ts (`../ledger`, `../../ledger`, never `../ledger/ledger.service`): the
//     local rule server-fence/module-index resolves each relative import to see which module
//     it lands in (decision 0136); and never an adapter (they talk to ports);
//   - below the modules: http/, db/, lib/, ports/, reconcile/, approvals/, and deps.ts,
//     module-face.ts (the ModuleFace type each module's index.ts fills in) and config.ts,
//     never import a module nor the composition level;
//   - adapters/: import only ports/, lib/ and config.ts.
//   Anything outside modules/ reaches a module only as `modules/<m>` (its index). Only
//   config.ts reads the environment (process.env); test/ and scripts/ are outside the fence.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync, existsSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';

const apps = ['server', 'web', 'sandbox', 'console'];
const otherApps = (self) =>
  apps
    .filter((a) => a !== self)
    .flatMap((a) => [`@wallet/${a}`, `@wallet/${a}/*`, `**/apps/${a}/**`]);

const featuresDir = 'apps/web/src/features';
const features = existsSync(featuresDir)
  ? readdirSync(featuresDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

const consoleFeaturesDir = 'apps/console/src/features';
const consoleFeatures = existsSync(consoleFeaturesDir)
  ? readdirSync(consoleFeaturesDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

const restrict = (patterns, paths = []) => ({
  'no-restricted-imports': ['error', { patterns, paths }],
});

// no-restricted-syntax for every file. A block that sets the rule again spreads this list
// into its own (ESLint replaces a rule's options per block).
const syntaxRules = [
  {
    selector: "CallExpression[callee.name='parseFloat']",
    message: 'Money is never parsed as a float; use the contract money helpers.',
  },
];

// The server's fence (decision 0063). Every server file gets serverPatterns; the zone
// blocks below spread it into their own lists.
const server = 'apps/server/src';
const serverPatterns = [
  {
    group: otherApps('server'),
    message: 'Apps never import each other; share through @wallet/contract.',
  },
  {
    regex: '(^|/)modules/[^/]+/',
    message: 'Reach a module only through its index: modules/<m>, never modules/<m>/<file>.',
  },
];
const belowModules = [
  {
    regex: '(^|/)modules(/|$)',
    message:
      'http/, db/, lib/, ports/, reconcile/, approvals/, deps.ts, module-face.ts and config.ts sit below the modules: they never import one (pass what they need in).',
  },
  {
    regex: '(^|/)(app|main|seed)$|(^|/)(jobs|cli|cluster|observability)(/|$)',
    message:
      'Only the composition level (app, main, seed, jobs/, cli/, cluster/, observability/) imports the composition level.',
  },
];
// server-fence/module-index (decision 0136): inside apps/server/src/modules/<m>/, at any depth,
// a relative import that lands in another module must land on its folder (its index.ts). A
// pattern of no-restricted-imports sees only the text of the import and so cannot know how
// many `../` lead out of the module; this rule resolves the path against the file's folder.
// The modules folder itself (modules/index.ts, the composition level's list) is refused too.
const moduleIndexMessage =
  'A module reaches another only through its index.ts: `../ledger` (or `../../ledger` from a sub-folder), never `../ledger/ledger.service`.';
const serverFence = {
  rules: {
    'module-index': {
      meta: {
        type: 'problem',
        schema: [],
        messages: {
          internals: moduleIndexMessage,
          list: "modules/index.ts is the composition level's list of modules; a module never imports it.",
        },
      },
      create(context) {
        const file = resolve(context.cwd ?? process.cwd(), context.filename);
        const marker = `${sep}apps${sep}server${sep}src${sep}modules${sep}`;
        const at = file.lastIndexOf(marker);
        if (at < 0) return {};
        const modulesDir = file.slice(0, at + marker.length - 1);
        const own = file.slice(at + marker.length).split(sep)[0];
        const check = (source) => {
          if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
          const target = relative(modulesDir, resolve(dirname(file), source.value));
          if (target.startsWith('..')) return; // outside modules/: the other zones' rules
          const parts = target === '' ? [] : target.split(sep);
          if (parts.length === 0 || (parts.length === 1 && /^index(\.[jt]s)?$/.test(parts[0])))
            context.report({ node: source, messageId: 'list' });
          else if (parts[0] !== own && parts.length > 1)
            context.report({ node: source, messageId: 'internals' });
        };
        return {
          ImportDeclaration: (node) => check(node.source),
          ExportNamedDeclaration: (node) => check(node.source),
          ExportAllDeclaration: (node) => check(node.source),
          ImportExpression: (node) => check(node.source),
        };
      },
    },
  },
};

const processEnv =
  'Only apps/server/src/config.ts reads the environment; take the value from Config.';
const envSyntax = [
  { selector: "MemberExpression[object.name='process'][property.name='env']", message: processEnv },
  {
    selector: "VariableDeclarator[init.name='process'] > ObjectPattern > Property[key.name='env']",
    message: processEnv,
  },
];
const envImports = ['process', 'node:process'].map((name) => ({
  name,
  importNames: ['env', 'default'],
  message: processEnv,
}));

// Rules for every web file. The folder blocks below set the same ESLint rule again, which
// replaces this list for their files, so they spread it into their own.
const webPatterns = [
  {
    group: otherApps('web'),
    message: 'Apps never import each other; share through @wallet/contract.',
  },
  { regex: '^\\.\\./\\.\\./', message: 'Use the @/ alias for imports across folders.' },
  {
    group: ['zod'],
    importNamePattern: '.*',
    allowTypeImports: true,
    message: 'Keep zod out of the member bundle: import types only.',
  },
  {
    group: ['react-router'],
    importNames: ['Link', 'NavLink'],
    message:
      "Use Link / NavLink from '@/components/link': react-router's carry code the entry does not need (decision 0036).",
  },
];

// Rules for every console file (decision 0087), spread like webPatterns.
const consolePatterns = [
  {
    group: otherApps('console'),
    message: 'Apps never import each other; share through @wallet/contract.',
  },
  { regex: '^\\.\\./\\.\\./', message: 'Use the @/ alias for imports across folders.' },
  {
    group: ['zod'],
    importNamePattern: '.*',
    allowTypeImports: true,
    message: 'Keep zod out of the console bundle: import types only.',
  },
  {
    regex: '^@wallet/contract$',
    importNamePattern: '.*',
    allowTypeImports: true,
    message:
      "The contract's root brings zod: import types only, runtime values from @wallet/contract/client or /routes.",
  },
];

// The console's layering (issue 27), as in the web: a component (any .tsx but a test) never
// calls the API, holds a query or a mutation, or writes a query key. It calls the hooks of its
// feature's api.ts (or api/), where the calls and their query keys live.
const consoleApiMessage =
  "Components never call the API: put the call and its query key in the feature's api.ts and use its hook.";
const consoleApiOut = [
  { name: '@/lib/api', importNames: ['callApi'], message: consoleApiMessage },
  { name: '@/lib/download', importNames: ['downloadFile'], message: consoleApiMessage },
  { name: '@wallet/contract/routes', importNames: ['routes'], message: consoleApiMessage },
  {
    name: '@tanstack/react-query',
    importNames: [
      'useQuery',
      'useQueries',
      'useInfiniteQuery',
      'useSuspenseQuery',
      'useMutation',
      'useQueryClient',
      'queryOptions',
    ],
    message: consoleApiMessage,
  },
];
const consoleComponentSyntax = [
  ...syntaxRules,
  { selector: "Property[key.name='queryKey']", message: consoleApiMessage },
];
const consoleComponents = (files, patterns) => ({
  files,
  ignores: ['**/*.test.tsx'],
  rules: {
    ...restrict(patterns, consoleApiOut),
    'no-restricted-syntax': ['error', ...consoleComponentSyntax],
  },
});

const consoleSharedPatterns = [
  ...consolePatterns,
  { regex: '^@/(features|app)/', message: 'Shared code never imports features or the app.' },
];
const consoleFeaturePatterns = (feature) => [
  {
    regex: `^@/features/(?!${feature}(/|$))`,
    message: 'Features never import each other; lift shared code to src/components or src/lib.',
  },
  { regex: '^@/app/', message: 'Features never import the app layer.' },
  ...consolePatterns,
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      '**/data/**',
      'e2e/test-results/**',
      'e2e/screenshots/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': ['error', ...syntaxRules],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        fetch: 'readonly',
      },
    },
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    files: ['packages/contract/**/*.ts'],
    rules: restrict([
      {
        group: ['@wallet/*', 'node:*', 'fastify', 'react', 'kysely'],
        message: 'contract imports nothing but zod.',
      },
    ]),
  },
  {
    // The headless browser plumbing of both apps (issue 27): the contract's zod-free entries
    // only, no app, no framework, no styles, nothing of Node.
    files: ['packages/client/**/*.ts'],
    rules: restrict([
      {
        group: [
          '@wallet/*',
          '!@wallet/contract',
          '!@wallet/contract/client',
          '!@wallet/contract/routes',
        ],
        message: 'client imports only the zod-free contract entries.',
      },
      {
        regex: '^@wallet/contract$',
        importNamePattern: '.*',
        allowTypeImports: true,
        message: "The contract's root brings zod: types only, values from /client or /routes.",
      },
      {
        group: ['zod', 'node:*', 'react', 'react-dom', '*.css', '@/*'],
        message: 'client is headless, zod-free and browser-only.',
      },
    ]),
  },
  ...apps.map((app) => ({
    files: [`apps/${app}/**/*.{ts,tsx}`],
    rules: restrict([
      {
        group: otherApps(app),
        message: 'Apps never import each other; share through @wallet/contract.',
      },
    ]),
  })),
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restrict(webPatterns),
    },
  },
  {
    files: ['apps/console/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restrict(consolePatterns),
    },
  },
  {
    files: ['apps/console/src/{components,lib,i18n,styles,test}/**/*.{ts,tsx}'],
    rules: restrict(consoleSharedPatterns),
  },
  ...consoleFeatures.map((feature) => ({
    files: [`${consoleFeaturesDir}/${feature}/**/*.{ts,tsx}`],
    rules: restrict(consoleFeaturePatterns(feature)),
  })),
  consoleComponents(['apps/console/src/app/**/*.tsx'], consolePatterns),
  consoleComponents(['apps/console/src/components/**/*.tsx'], consoleSharedPatterns),
  ...consoleFeatures.map((feature) =>
    consoleComponents(
      [`${consoleFeaturesDir}/${feature}/**/*.tsx`],
      consoleFeaturePatterns(feature),
    ),
  ),
  {
    files: ['apps/web/src/{components,lib,config,i18n,hooks,styles,pwa}/**/*.{ts,tsx}'],
    rules: restrict([
      ...webPatterns,
      { regex: '^@/(features|app)/', message: 'Shared code never imports features or the app.' },
    ]),
  },
  ...features.map((feature) => ({
    files: [`${featuresDir}/${feature}/**/*.{ts,tsx}`],
    rules: restrict([
      {
        regex: `^@/features/(?!${feature}(/|$))`,
        message: 'Features never import each other; lift shared code to src/components or src/lib.',
      },
      { regex: '^@/app/', message: 'Features never import the app layer.' },
      ...webPatterns,
    ]),
  })),
  {
    files: [`${server}/**/*.ts`],
    ignores: [`${server}/config.ts`],
    rules: {
      ...restrict(serverPatterns, envImports),
      'no-restricted-syntax': ['error', ...syntaxRules, ...envSyntax],
    },
  },
  {
    files: [`${server}/config.ts`],
    rules: restrict([...serverPatterns, ...belowModules]),
  },
  {
    files: [
      `${server}/{http,db,lib,ports,reconcile,approvals}/**/*.ts`,
      `${server}/deps.ts`,
      `${server}/module-face.ts`,
    ],
    rules: restrict([...serverPatterns, ...belowModules], envImports),
  },
  {
    // The reconcile kernel (decision 0061) sits below the modules and knows only the database
    // and lib/: no ports, no http, no config.
    files: [`${server}/reconcile/**/*.ts`],
    rules: restrict(
      [
        ...serverPatterns,
        ...belowModules,
        {
          // (modules and the composition level are refused by belowModules already)
          regex: '^\\.\\./(?!(db|lib|modules|jobs|cli)(/|$)|(app|main|seed)$)',
          message: 'reconcile/ imports only db/ and lib/ (decision 0061).',
        },
      ],
      envImports,
    ),
  },
  {
    // The approval kernel (decision 0116), like the reconcile kernel: db/ and lib/ only.
    files: [`${server}/approvals/**/*.ts`],
    rules: restrict(
      [
        ...serverPatterns,
        ...belowModules,
        {
          regex: '^\\.\\./(?!(db|lib|modules|jobs|cli)(/|$)|(app|main|seed)$)',
          message: 'approvals/ imports only db/ and lib/ (decision 0116).',
        },
      ],
      envImports,
    ),
  },
  {
    files: [`${server}/modules/**/*.ts`],
    plugins: { 'server-fence': serverFence },
    rules: {
      'server-fence/module-index': 'error',
      ...restrict(
        [
          ...serverPatterns,
          {
            regex: '(^|/)adapters(/|$)',
            message: 'Modules talk to outside parties through ports/, never an adapter.',
          },
        ],
        envImports,
      ),
    },
  },
  {
    // Each module declares its tables beside it (modules/<m>/<m>.tables.ts, issue 27) and
    // db/schema.ts composes `Database` from them. A tables file is a leaf: it imports only
    // types, from kysely, the contract and db/columns.ts, so db/ taking its types makes no
    // cycle and reaches nothing else of the module.
    files: [`${server}/modules/*/*.tables.ts`],
    rules: {
      ...restrict(
        [
          ...serverPatterns,
          {
            regex: '^(?!kysely$|@wallet/contract$|\\.\\./\\.\\./db/columns$)',
            message:
              'A tables file imports only types from kysely, @wallet/contract and db/columns (issue 27).',
          },
        ],
        envImports,
      ),
      'no-restricted-syntax': [
        'error',
        ...syntaxRules,
        ...envSyntax,
        {
          selector: "ImportDeclaration[importKind!='type']",
          message: 'A tables file imports only types (`import type`).',
        },
        {
          selector: 'ExportNamedDeclaration[source]',
          message: 'A tables file re-exports nothing.',
        },
        {
          selector: ':matches(VariableDeclaration, FunctionDeclaration, ClassDeclaration)',
          message: 'A tables file declares types only: the row interfaces of its tables.',
        },
      ],
    },
  },
  {
    // db/schema.ts composes `Database` from the modules' tables files: it, alone below the
    // modules, takes types from modules/<m>/<m>.tables (issue 27), and nothing else of theirs.
    files: [`${server}/db/schema.ts`],
    rules: {
      ...restrict(
        [
          {
            group: otherApps('server'),
            message: 'Apps never import each other; share through @wallet/contract.',
          },
          {
            regex: '(^|/)modules(/|$)(?!([^/]+)/\\3\\.tables$)',
            message:
              'db/schema.ts takes from a module only the types of its tables file, modules/<m>/<m>.tables (issue 27).',
          },
          belowModules[1],
        ],
        envImports,
      ),
      'no-restricted-syntax': [
        'error',
        ...syntaxRules,
        ...envSyntax,
        {
          selector: "ImportDeclaration[importKind!='type'][source.value=/modules\\//]",
          message: 'db/schema.ts takes only types from the modules (`import type`).',
        },
      ],
    },
  },
  {
    files: [`${server}/adapters/**/*.ts`],
    rules: restrict(
      [
        ...serverPatterns,
        {
          regex: '^\\.\\./(?!(ports|lib)/|config$)',
          message: 'Adapters import only ports/, lib/ and config.ts.',
        },
      ],
      envImports,
    ),
  },
);
