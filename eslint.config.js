// `npm run lint`: Prettier checks the formatting, ESLint the code (run through scripts/eslintTypescript.cjs,
// which gives typescript-eslint the TypeScript API that TypeScript 7 no longer ships).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const domainsFolder = 'server/src/domains';
/** The server's areas: every folder of server/src/domains. A new area gets its boundary by existing. */
const areas = readdirSync(new URL(`./${domainsFolder}`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Area boundaries: an area imports the core and shared code freely, its own files, the domain module
 * type, and another area only through that area's index.ts; the core imports no area at all.
 */
const boundaryZones = [
  ...areas.map((area) => ({
    target: `./${domainsFolder}/${area}`,
    from: `./${domainsFolder}`,
    except: [`./${area}`, './module.ts', './fields.ts', ...areas.filter((other) => other !== area).map((other) => `./${other}/index.ts`)],
    message: `An area imports another area only through its index.ts (add what ${area} needs to that index), or moves shared rules to server/src/core.`,
  })),
  {
    target: './server/src/core',
    from: `./${domainsFolder}`,
    message: 'The core imports no area: areas plug into the core (ports, reactions, the domain module), never the other way.',
  },
];

/**
 * The areas converted to run on both databases (issue 21, plan option B3: db/pickTable.ts): their code awaits drizzle's
 * builders, which both dialects run, and never calls SQLite's terminal methods. Add an area once it is converted.
 */
const convertedAreas = [
  'settings',
  'support',
  'home',
  'billing',
  'ai',
  'reports',
  'files',
  'accounts',
  'social',
  'chat',
  'tasks',
  'notifications',
  'search',
  'meetings',
  'docs',
  'calendar',
  'teams',
];
/**
 * Folders of converted areas that are one database's adapter of a port by design, chosen per dialect: search's FTS5
 * index (search/sqlite; its PostgreSQL twin, search/postgres, is held to the rule like the rest).
 */
const singleDialectAdapters = [`${domainsFolder}/search/sqlite/**`];

/** A method of drizzle's SQLite builders or of better-sqlite3 that PostgreSQL has no form of. */
const sqliteOnlyMethods = new Set(['get', 'all', 'run', 'prepare']);
const sqliteLibraries = /[\\/]node_modules[\\/](drizzle-orm|@types[\\/]better-sqlite3)[\\/]/;
/** drizzle's PostgreSQL builders: their methods (a named `.prepare(name)`) are PostgreSQL's own, never SQLite-only. */
const postgresBuilders = /[\\/]node_modules[\\/]drizzle-orm[\\/]pg-core[\\/]/;

/**
 * `.get()`, `.all()`, `.run()` and `.prepare(text)` where the method is drizzle's or better-sqlite3's (type-aware, so a
 * Map's `get` passes): they exist on SQLite only. Await the builder instead (`(await query.limit(1))[0]`), or build it
 * once with `.prepare()` inside db/prepared.ts's `preparedQuery` and run it with `await query.execute(values)`.
 */
const dialectNeutralRule = {
  meta: {
    type: 'problem',
    messages: {
      sqliteOnly:
        '.{{method}}() runs on SQLite only: this area runs on PostgreSQL too. Await the builder instead (`(await query.limit(1))[0]` for one row).',
    },
    schema: [],
  },
  create(context) {
    const services = context.sourceCode.parserServices;
    const checker = services.program.getTypeChecker();
    return {
      'CallExpression > MemberExpression.callee'(node) {
        if (node.property.type !== 'Identifier' || !sqliteOnlyMethods.has(node.property.name)) return;
        const symbol = checker.getSymbolAtLocation(services.esTreeNodeToTSNodeMap.get(node.property));
        const declarations = symbol?.declarations ?? [];
        // drizzle's `.prepare()` without a name exists on both dialects (db/prepared.ts runs it with `.execute`);
        // better-sqlite3's takes the SQL text, and SQLite's prepared `.get/.all/.run` stay refused.
        if (node.property.name === 'prepare' && node.parent.arguments.length === 0) return;
        const sqliteOnly = declarations.some((declaration) => {
          const file = declaration.getSourceFile().fileName;
          return sqliteLibraries.test(file) && !postgresBuilders.test(file);
        });
        if (sqliteOnly) {
          context.report({ node: node.property, messageId: 'sqliteOnly', data: { method: node.property.name } });
        }
      },
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'data',
      '.tmp',
      'test-results',
      'test-results-accessibility',
      'migrations',
      'server/assets',
      'coverage',
      'reports',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    files: ['client/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs['recommended-latest'].rules,
  },
  {
    // Import rules over the server and shared code: no cycles (type-only imports excepted), and the area boundaries.
    files: ['server/**/*.ts', 'shared/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json', alwaysTryTypes: true })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
    },
  },
  {
    // A command door that returns a promise must be awaited: a forgotten await would answer before the unit of work
    // decided, and lose its error. Type-aware, so only over the server's sources.
    files: ['server/src/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // An async function where a void-returning one is expected (a listener, forEach, a callback typed to
      // return nothing) drops its promise and its error: checked since the storage port became async. A
      // Fastify reply is thenable; checking one in a condition is not a misused promise.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: true, checksConditionals: false }],
    },
  },
  {
    // The doc rooms (server/src/collab) store the docs area's content: held to the rule with it.
    files: [...convertedAreas.map((area) => `${domainsFolder}/${area}/**/*.ts`), 'server/src/collab/**/*.ts'],
    ignores: singleDialectAdapters,
    plugins: { storage: { rules: { 'dialect-neutral': dialectNeutralRule } } },
    rules: { 'storage/dialect-neutral': 'error' },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
