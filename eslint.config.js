// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
  // Web: features do not import the app shell or other features' internals.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/api/**', '@kora/api'],
              message: 'The web app talks to the API over HTTP only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      'apps/web/src/features/**/*.{ts,tsx}',
      'apps/web/src/components/**/*.{ts,tsx}',
      'apps/web/src/lib/**/*.{ts,tsx}',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/app/*', '**/app/**'],
              message: 'features, components and lib do not import the app shell.',
            },
            {
              group: [
                '**/features/*/components/**',
                '**/features/*/pages/**',
                '../*/components/**',
                '../*/pages/**',
                '../../*/components/**',
                '../../*/pages/**',
              ],
              message: "Use another feature's api.ts or index.ts, not its internals.",
            },
            {
              group: ['**/apps/api/**', '@kora/api'],
              message: 'The web app talks to the API over HTTP only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/site/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
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
