import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import boundaries from './eslint/feature-boundaries.js';

/** Letters of any script: a JSX text or label containing one must come from i18n. */
const LETTERS = '/[A-Za-zÀ-ɏЀ-ӿ]/';

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'data-demo/', 'coverage/', 'src/server/db/migrations/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // No file over 400 lines (docs/architecture.md): split it by moving code, test files by action.
    files: ['**/*.{ts,tsx,js,mjs}'],
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }] },
  },
  // Plain scripts served as they are (public/boot.js) run in the browser.
  { files: ['public/**/*.js'], languageOptions: { globals: { ...globals.browser } } },
  {
    files: ['src/client/**/*.{ts,tsx}', 'src/features/*/ui/**/*.{ts,tsx}'],
    ...jsxA11y.flatConfigs.recommended,
    languageOptions: {
      ...jsxA11y.flatConfigs.recommended.languageOptions,
      globals: { ...globals.browser },
    },
    plugins: { ...jsxA11y.flatConfigs.recommended.plugins, 'react-hooks': reactHooks },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      ...reactHooks.configs.recommended.rules,
      // Boundary: browser code never imports server code.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/server',
                '**/server/**',
                'node:*',
                'pg',
                'drizzle-orm',
                'drizzle-orm/*',
                'fastify',
              ],
              message: 'Browser code must not import server code.',
            },
          ],
        },
      ],
      // Every user-visible string goes through i18n.
      'no-restricted-syntax': [
        'error',
        {
          selector: `JSXText[value=${LETTERS}]`,
          message: 'User-visible text must come from i18n (t(...)), not a literal in JSX.',
        },
        {
          selector: `JSXAttribute[name.name=/^(alt|title|placeholder|aria-label|aria-description|label)$/] > Literal[value=${LETTERS}]`,
          message: 'User-visible text must come from i18n (t(...)), not a literal in JSX.',
        },
        {
          selector: `JSXExpressionContainer > Literal[value=${LETTERS}]`,
          message: 'User-visible text must come from i18n (t(...)), not a literal in JSX.',
        },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts', 'src/features/*/*.schema.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server', '**/server/**', 'node:*'],
              message: 'Shared code runs in the browser too.',
            },
          ],
        },
      ],
    },
  },
  {
    // One direction (eslint/feature-boundaries.js): features depend downwards, through their
    // index.ts and tables.ts; workflows above them; no import cycle anywhere.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.ts', 'src/server/db/**', 'src/**/tests/**'],
    plugins: { majstri: boundaries },
    rules: { 'majstri/feature-boundaries': 'error', 'majstri/no-cycle': 'error' },
  },
  {
    // Lifecycle rules are pure: no I/O, nothing from the server, usable in the browser.
    files: ['src/features/*/*.rules.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server', '**/server/**', '**/ui/**', 'node:*', 'drizzle-orm', 'pg'],
              message: 'Rules are pure: no I/O, no server or browser code.',
            },
          ],
        },
      ],
    },
  },
  // The libraries of rare features are loaded where first used (docs/architecture.md).
  {
    files: ['src/server/**/*.ts', 'src/features/*/server/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            '@google/genai',
            '@zxcvbn-ts/language-common',
            'file-type',
            'ioredis',
            'nodemailer',
            'openid-client',
            'prom-client',
            'qrcode',
            'sharp',
          ].map((name) => ({
            name,
            allowTypeImports: true,
            message: 'Load it where it is first used: onFirstUse (src/server/on-first-use.ts).',
          })),
        },
      ],
    },
  },
);
