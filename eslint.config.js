// Lint rules, including the import directions of the architecture:
// routes -> views -> machines -> services -> contract; server/ may use only src/contract from src/.
// Also: no import cycles, view flows apart from each other, views reach services only through query hooks,
// test helpers out of app code, file names.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import checkFile from 'eslint-plugin-check-file';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

const layer = (name) => [`**/${name}`, `**/${name}/**`];
const restrict = (message, ...names) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: names.flatMap(layer), message }] }],
});

// Test code may import test helpers; app code may not. The BFF keeps a few helpers beside the code they
// drive (server/**/testing.ts, *.test-helper.ts): they are test code too.
const SERVER_TEST_HELPERS = ['server/**/testing.ts', 'server/**/*.test-helper.ts'];
const TEST_HELPERS = ['test/**', 'e2e/**', '**/*.fixtures.ts', '**/*.test.{ts,tsx}', ...SERVER_TEST_HELPERS];
const TEST_FILES = [...TEST_HELPERS, '**/*.spec.ts'];
const testHelperZone = {
  target: ['src/**', 'server/**'],
  from: TEST_HELPERS,
  message: 'Test helpers (test/, e2e/, *.fixtures, *.test, server testing modules) are for tests only, never for app code.',
};

// Every folder under src/views except the shared ones is a flow; read from disk so a new flow is covered
// without touching this file.
const SHARED_VIEWS = ['ui', 'shell'];
const viewFlows = readdirSync(path.join(root, 'src/views'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !SHARED_VIEWS.includes(entry.name))
  .map((entry) => entry.name);
const viewZones = [
  ...viewFlows.map((flow) => ({
    target: `src/views/${flow}/**`,
    from: viewFlows.filter((other) => other !== flow).map((other) => `src/views/${other}/**`),
    message: 'A view flow never imports another flow: share through src/views/ui (or a machine).',
  })),
  {
    target: 'src/views/ui/**',
    from: [...viewFlows, 'shell'].map((folder) => `src/views/${folder}/**`),
    message: 'src/views/ui holds shared pieces: it imports no flow and not the shell.',
  },
].filter((zone) => zone.from.length > 0);
const restrictedPaths = (zones) => ({ 'import-x/no-restricted-paths': ['error', { basePath: root, zones }] });

// File names (glob patterns of eslint-plugin-check-file, matched against the name without extensions).
const PASCAL_OR_KEBAB = '@(+([A-Z])*([a-zA-Z0-9])|+([a-z])*([a-z0-9])*(-+([a-z0-9])))';
const fileNames = (patterns, options = {}) => ({ 'check-file/filename-naming-convention': ['error', patterns, options] });

export default tseslint.config(
  { ignores: ['dist/**', 'dist-server/**', 'node_modules/**', 'src/routeTree.gen.ts', 'server/db/migrations/**', 'test-results/**', 'playwright-report/**', '.data/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { parserOptions: { ecmaVersion: 'latest', sourceType: 'module' } },
    plugins: { 'import-x': importX, 'check-file': checkFile },
    settings: {
      // Read .ts/.tsx imports as TypeScript resolves them (without these, import-x skips them and sees no cycle).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: path.join(root, 'tsconfig.json') })],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['src/contract/**'],
    rules: restrict('contract/ is the lowest layer: it imports nothing of the app.', 'services', 'machines', 'views', 'routes', 'server', 'react'),
  },
  {
    files: ['src/services/**'],
    rules: restrict('services/ may import only contract/.', 'machines', 'views', 'routes', 'server'),
  },
  {
    files: ['src/machines/**'],
    rules: restrict('machines/ never import React, views or routes.', 'views', 'routes', 'server', 'react', '@xstate/react'),
  },
  {
    files: ['src/views/**'],
    rules: restrict('views/ never import routes; only the router does.', 'routes', 'routeTree.gen', 'server'),
  },
  {
    // Views reach services only through query hooks (services/<domain>/queries, or <topic>-queries where a
    // page's hooks should not weigh on every page): the rest of a service
    // (HTTP, storage, tracking, navigation) belongs to machines and the app's edge. Types may be shared.
    // Tests set up browser state through services, so they are left out.
    files: ['src/views/**'],
    ignores: TEST_HELPERS,
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        patterns: [{
          group: ['**/services/*/*', '!**/services/*/queries', '!**/services/*/*-queries'],
          allowTypeImports: true,
          message: 'A view imports from services only query hooks (services/<domain>/queries); display helpers live in src/views/ui, the rest in machines.',
        }],
      }],
    },
  },
  {
    files: ['src/themes/**', 'src/locales/**'],
    rules: restrict('themes/ and locales/ are data: they import nothing of the app.', 'services', 'machines', 'views', 'routes', 'server'),
  },
  {
    files: ['server/**'],
    rules: restrict('server/ may import only src/contract from the web app.', 'src/services', 'src/machines', 'src/views', 'src/routes', 'src/themes', 'src/locales'),
  },
  // Imports resolved to files (as TypeScript resolves them): cycles, view flows, test helpers.
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      ...restrictedPaths([...viewZones, testHelperZone]),
    },
  },
  {
    files: TEST_FILES,
    rules: restrictedPaths(viewZones),
  },
  // File names: kebab-case; React components in src/views PascalCase; src/machines/<flow>/<flow>.<kind>.ts.
  {
    rules: fileNames({ '**/*.{ts,tsx,js,mjs}': 'KEBAB_CASE' }, { ignoreMiddleExtensions: true }),
  },
  {
    // Components are PascalCase.tsx; hooks, contexts and helpers kebab-case (a .tsx name cannot tell which
    // a module holds, so .tsx may be either; .ts is always kebab-case).
    files: ['src/views/**'],
    rules: fileNames({ 'src/views/**/*.ts': 'KEBAB_CASE', 'src/views/**/*.tsx': PASCAL_OR_KEBAB }, { ignoreMiddleExtensions: true }),
  },
  {
    files: ['src/machines/**'],
    rules: {
      // <0> is the flow folder: the name before the first dot is the flow's (cart/cart.machine.ts) ...
      ...fileNames({ 'src/machines/*/*': '<0>', 'src/machines/**': 'KEBAB_CASE' }, { ignoreMiddleExtensions: true }),
      // ... and a kind follows it (cart.machine.ts, cart.types.ts, cart.model.test.ts).
      'check-file/filename-blocklist': [
        'error',
        { 'src/machines/*/!(*.*.*)': '*.*.ts' },
        { errorMessage: '"{{ target }}": files of a machine are named <flow>.<kind>.ts (cart.machine.ts, cart.types.ts).' },
      ],
    },
  },
  {
    // TanStack Router derives URLs from these names ($param, -private, __root).
    files: ['src/routes/**'],
    rules: { 'check-file/filename-naming-convention': 'off' },
  },
);
