// Lint: typescript-eslint's recommended rules, no unused names, and the layers of
// ../shared/ARCHITECTURE.md as rules (imports point down only). Run by `npm test` (scripts/test.mjs) and `npm run lint`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Packages a layer may not import, by the glob of its files. */
const APPS = [
  '@roundtable/cli',
  '@roundtable/cli/*',
  '@roundtable/server',
  '@roundtable/server/*',
  '@roundtable/web',
  '@roundtable/web/*',
];
// `climbing` catches the same step taken by a relative path ('../../../apps/server/src/…'), which a package name
// pattern does not see.
const restrict = (message, patterns, climbing) => ({
  'no-restricted-imports': [
    'error',
    { patterns: [{ group: patterns, message }, ...(climbing ? [{ regex: climbing, message }] : [])] },
  ],
});
/** Relative paths out of a package: into any package's or app's sources, or into apps only. */
const ANY_OTHER_SRC = '^(\\.\\./){2,}(.*/)?[\\w.-]+/src/';
const INTO_APPS = '^(\\.\\./)+(.*/)?apps/';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'artifacts/**', 'data/**', '.services/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          args: 'after-used',
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrors: 'none',
          ignoreRestSiblings: true,
        },
      ],
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/src/**'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  // The terminal reads and writes ANSI escape sequences: a control character in a pattern is what it means there.
  { files: ['apps/cli/**'], rules: { 'no-control-regex': 'off' } },
  {
    files: ['**/*.worker.ts', 'apps/web/src/**/worker.ts', 'apps/web/src/sw/**'],
    languageOptions: { globals: { ...globals.worker, ...globals.serviceworker } },
  },
  // The layers: core imports no other package of ours; a game engine imports only core; packages never import apps.
  {
    files: ['packages/core/src/**'],
    rules: restrict(
      'core is the bottom layer: it imports no other package of ours',
      ['@roundtable/*', '!@roundtable/core'],
      ANY_OTHER_SRC,
    ),
  },
  {
    files: ['packages/games/*/src/**'],
    rules: restrict(
      'a game engine imports only @roundtable/core (ARCHITECTURE.md: layers)',
      ['@roundtable/*', '!@roundtable/core'],
      ANY_OTHER_SRC,
    ),
  },
  {
    files: ['packages/protocol/src/**'],
    rules: restrict(
      'the protocol describes messages: it imports only core',
      ['@roundtable/*', '!@roundtable/core'],
      ANY_OTHER_SRC,
    ),
  },
  {
    files: ['packages/ai/src/**'],
    rules: restrict(
      'bots sit below the apps and the catalog',
      [...APPS, '@roundtable/catalog', '@roundtable/catalog/*', '@roundtable/protocol'],
      '^(\\.\\./)+(.*/)?(apps/|(catalog|protocol)/src/)',
    ),
  },
  { files: ['packages/catalog/src/**'], rules: restrict('packages never import apps', APPS, INTO_APPS) },
  {
    files: ['apps/web/src/**'],
    rules: restrict(
      'the web client imports no server or terminal code',
      ['@roundtable/server', '@roundtable/server/*', '@roundtable/cli', '@roundtable/cli/*'],
      '^(\\.\\./)+(.*/)?(server|cli)/src/',
    ),
  },
  {
    files: ['apps/server/src/**'],
    rules: restrict(
      'the server imports no web or terminal code',
      ['@roundtable/web', '@roundtable/web/*', '@roundtable/cli', '@roundtable/cli/*'],
      '^(\\.\\./)+(.*/)?(web|cli)/src/',
    ),
  },
  // Tests and benches feed hostile and malformed values on purpose.
  { files: ['**/test/**', '**/bench/**'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
);
