// Lint rules, including the import directions of the architecture:
// routes -> views -> machines -> services -> contract; server/ may use only src/contract from src/.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const layer = (name) => [`**/${name}`, `**/${name}/**`];
const restrict = (message, ...names) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: names.flatMap(layer), message }] }],
});

export default tseslint.config(
  { ignores: ['dist/**', 'dist-server/**', 'node_modules/**', 'src/routeTree.gen.ts', 'server/db/migrations/**', 'test-results/**', 'playwright-report/**', '.data/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { parserOptions: { ecmaVersion: 'latest', sourceType: 'module' } },
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
    files: ['src/themes/**', 'src/locales/**'],
    rules: restrict('themes/ and locales/ are data: they import nothing of the app.', 'services', 'machines', 'views', 'routes', 'server'),
  },
  {
    files: ['server/**'],
    rules: restrict('server/ may import only src/contract from the web app.', 'src/services', 'src/machines', 'src/views', 'src/routes', 'src/themes', 'src/locales'),
  },
);
