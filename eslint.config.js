// @ts-check
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const webApi = {
  group: ['**/apps/api/**', '@kora/api'],
  message: 'The web app talks to the API over HTTP only.',
};
const noAppShell = {
  group: ['**/app/*', '**/app/**'],
  message: 'features, components and lib do not import the app shell.',
};
/** A feature is imported as '@/features/<name>' (its index.ts), never past it. */
const featureIndexOnly = [
  {
    regex: '^@/features/[^/]+/',
    message: "Import a feature through its index: '@/features/<name>'.",
  },
  {
    regex: '^\\.\\.?/(.*/)?features/',
    message: "Import a feature through its index: '@/features/<name>'.",
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      'apps/api/src/db/migrations/**',
      'e2e/screenshots/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  // Direction of imports: shared depends on nothing of ours.
  {
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/**', '@kora/api', '@kora/web'],
              message: 'shared depends only on zod.',
            },
          ],
        },
      ],
    },
  },
  // An API module calls another module's service, never its repository; lib and plugins never import modules' internals.
  {
    files: ['apps/api/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '../*/*.repository',
                '../../modules/*/*.repository',
                '**/modules/*/*.repository',
              ],
              message: "Call the other module's service, not its repository.",
            },
            {
              group: ['**/apps/web/**', '@kora/web'],
              message: 'The API does not import the web app.',
            },
          ],
        },
      ],
    },
  },
  // Web: a feature is used through its index only; features, components and lib do not import
  // the app shell; the public site loads without the back office.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [webApi, ...featureIndexOnly] }],
    },
  },
  {
    files: [
      'apps/web/src/features/**/*.{ts,tsx}',
      'apps/web/src/components/**/*.{ts,tsx}',
      'apps/web/src/lib/**/*.{ts,tsx}',
    ],
    rules: {
      'no-restricted-imports': ['error', { patterns: [webApi, ...featureIndexOnly, noAppShell] }],
    },
  },
  // The lists' UI is generic: the features give it what it shows of theirs.
  {
    files: ['apps/web/src/components/list/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            webApi,
            noAppShell,
            {
              group: ['@/features', '@/features/**', '**/features/**'],
              message: 'The list UI imports no feature: the pages pass the member picker and cell.',
            },
          ],
        },
      ],
    },
  },
  // Relative imports stay inside their feature (a test imports its own feature's internals so).
  ...[1, 2, 3].map((depth) => ({
    files: [`apps/web/src/features/*/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            webApi,
            ...featureIndexOnly,
            noAppShell,
            {
              regex: `^(\\.\\./){${depth}}`,
              message:
                "This leaves the feature: import another feature as '@/features/<name>', shared code as '@/…'.",
            },
          ],
        },
      ],
    },
  })),
  // ---------------------------------------------------------------------------------------------
  // WEB: no import cycles in the web app. A feature is used through its index only (above), so
  // two features that import each other, directly or through others, make a cycle of modules
  // through their index files, and so does shared code (components, lib) importing a feature
  // that uses it. Pages that show several features live in app/pages/, which nothing imports.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Read TypeScript files to follow their imports; '@/…' resolved by the web tsconfig.
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: 'apps/web/tsconfig.json' }),
      ],
    },
    rules: {
      'import-x/no-cycle': 'error',
    },
  },
  {
    files: ['apps/web/src/site/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            webApi,
            {
              group: ['**/features/**', '**/app/**'],
              message: 'The public site loads without the back-office code.',
            },
          ],
        },
      ],
    },
  },
);
