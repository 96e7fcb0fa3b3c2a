// One lint setup for every workspace.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

/** The pages' features (every folder of apps/web/src/features): each one's public face is its index.ts. */
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const web = './apps/web/src';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.tsbuild/**',
      'coverage/**',
      '.cache/**',
      // Generated from the API document (packages/client/scripts/write-types.ts).
      'packages/client/src/schema.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Scripts, tests and benchmarks print to the terminal on purpose.
    files: ['scripts/**', 'bench/**', 'e2e/**', '**/*.test.ts', '**/*.test.tsx', '**/test/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // The typed client and its example program are what an integrator writes: no cast anywhere.
    files: ['packages/client/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-assertions': ['error', { assertionStyle: 'never' }] },
  },
  {
    // The pages' import direction (bulletproof-react): shared code (lib, components) -> features ->
    // app; a feature reaches another one only through its public index.ts.
    // Import circles are found by apps/*/src's import-cycles tests, type imports included.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/web/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: `${web}/features`, from: `${web}/app` },
            {
              target: [`${web}/lib`, `${web}/components`],
              from: [`${web}/app`, `${web}/features`],
              message: 'Shared code (lib/, components/) imports no feature: move what is shared down.',
            },
            ...webFeatures.map((feature) => ({
              target: `${web}/features/${feature}`,
              from: webFeatures.filter((f) => f !== feature).map((f) => `${web}/features/${f}`),
              except: ['./index.ts'],
              message: "A feature uses another one only through that feature's index.ts.",
            })),
          ],
        },
      ],
    },
  },
);
