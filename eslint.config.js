// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

/** The API's modules: each folder of apps/api/src/modules. */
const apiModules = readdirSync(`${root}/apps/api/src/modules`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * An API module is used through its front (its index.ts) only: from anywhere else in the API,
 * `modules/<name>/<anything but index.ts>` is out of bounds.
 */
const apiModuleFronts = apiModules.map((name) => ({
  target: [
    'apps/api/src/*.ts',
    'apps/api/src/!(modules)/**',
    'apps/api/src/modules/*.ts',
    `apps/api/src/modules/!(${name})/**`,
  ],
  from: `apps/api/src/modules/${name}`,
  except: ['./index.ts'],
  message: `Use the module through its front: import from '…/modules/${name}' (its index.ts).`,
}));

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
    // import-x resolves imports as TypeScript does (`@/…`, `@kora/shared`, workspaces).
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            'apps/api/tsconfig.json',
            'apps/web/tsconfig.json',
            'packages/shared/tsconfig.json',
            'e2e/tsconfig.json',
          ],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  // Direction of imports: shared depends on nothing of ours, and its files form no cycle.
  {
    files: ['packages/shared/**/*.ts'],
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
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
  // API: a module is used through its front only (so never through another's repository);
  // lib, db, plugins and jobs sit below the modules and never import them (their tests may use
  // a module's front); no import cycle, through index files too.
  {
    files: ['apps/api/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/web/**', '@kora/web'],
              message: 'The API does not import the web app.',
            },
          ],
        },
      ],
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            ...apiModuleFronts,
            {
              target: ['apps/api/src/{lib,db,plugins,jobs}/**/!(*.test).ts'],
              from: 'apps/api/src/modules',
              message: 'lib, db, plugins and jobs sit below the modules: they never import one.',
            },
          ],
        },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
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
  // Packages are not followed (`ignoreExternal`: none imports the app back, so no cycle goes
  // through one; reading the packages' type declarations was over half of this rule's time).
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
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
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
