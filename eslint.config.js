import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';

/** Imports flow one way: ui -> net -> engine -> crypto. */
const FLOW = 'Imports flow ui -> net -> engine -> crypto.';

/** Forbids importing what each of `rules` names (a gitignore-style group), saying its message. */
const forbid = (...rules) => ({
  'no-restricted-imports': [
    'error',
    { patterns: rules.map(([group, message]) => ({ group, message })) },
  ],
});

/**
 * The pages read the table through its public surface alone, and its time controls, a
 * module of their own that the home screen reads without loading the table.
 */
const TABLE_INSIDE = [
  ['**/engine/table/*', '!**/engine/table/index.ts', '!**/engine/table/clock.ts'],
  'The pages read the table through src/engine/table/index.ts.',
];

/** A page draws a table's snapshot; the replica that receives and signs stays in net/. */
const SNAPSHOT_ONLY = {
  'no-restricted-syntax': [
    'error',
    ...["[object.name='session']", "[object.property.name='session']"].map((owner) => ({
      selector: `MemberExpression${owner}[property.name=/^(replica|live)$/]`,
      message: 'The pages read a table from session.snapshot, not from its replica.',
    })),
  ],
};

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'dist-signal/',
      'crypto/dist/',
      'node_modules/',
      '.tmp/',
      'reports/',
      '.stryker-tmp/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...svelte.configs['flat/recommended'],
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: { parserOptions: { parser: tseslint.parser } },
  },
  { files: ['crypto/**'], rules: forbid([['**/src/**'], FLOW]) },
  { files: ['src/engine/**'], rules: forbid([['**/net/**', '**/ui/**', '**/bots/**'], FLOW]) },
  { files: ['src/net/**'], rules: forbid([['**/ui/**'], FLOW]) },
  { files: ['src/ui/**'], rules: { ...forbid(TABLE_INSIDE), ...SNAPSHOT_ONLY } },
  {
    // The table's words read each game's (`gameUi`), so a game's words may not read them back.
    files: ['src/ui/games/**'],
    rules: forbid(TABLE_INSIDE, [
      ['**/words/**'],
      'A game reads shared text from ui/text.ts, not ui/words.',
    ]),
  },
);
