import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';

/** Imports flow one way: ui -> net -> engine -> crypto. */
const FLOW = 'Imports flow ui -> net -> engine -> crypto.';

const forbid = (groups, message = FLOW) => ({
  'no-restricted-imports': ['error', { patterns: groups.map((group) => ({ group, message })) }],
});

export default tseslint.config(
  { ignores: ['dist/', 'crypto/dist/', 'node_modules/', '.tmp/', 'reports/', '.stryker-tmp/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...svelte.configs['flat/recommended'],
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: { parserOptions: { parser: tseslint.parser } },
  },
  { files: ['crypto/**'], rules: forbid([['**/src/**']]) },
  { files: ['src/engine/**'], rules: forbid([['**/net/**', '**/ui/**', '**/bots/**']]) },
  { files: ['src/net/**'], rules: forbid([['**/ui/**']]) },
  {
    // The table's words read each game's (`gameUi`), so a game's words may not read them back.
    files: ['src/ui/games/**'],
    rules: forbid([['**/words/**']], 'A game reads shared text from ui/text.ts, not ui/words.'),
  },
);
