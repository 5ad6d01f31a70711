// Type-aware linting for every TypeScript workspace, run with --max-warnings 0.
import js from '@eslint/js';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The rules engines are pure: no framework, no Node I/O, no clock, no ambient randomness.
 * Time and randomness reach them as inputs (commands carry `now`, shuffles take a seed).
 */
export const pureLibraryRestrictions = {
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        { group: ['@nestjs/*'], message: 'Rules libraries are pure: no NestJS imports.' },
        {
          regex:
            '^(node:)?(fs|fs/promises|net|http|https|http2|dgram|child_process|worker_threads|cluster|os|process|timers|timers/promises|perf_hooks|readline|stream|crypto|dns|tls)$',
          message: 'Rules libraries are pure: no Node I/O, clock or randomness modules.',
        },
      ],
    },
  ],
  'no-restricted-globals': [
    'error',
    { name: 'process', message: 'Rules libraries are pure: no process access.' },
    { name: 'setTimeout', message: 'Rules libraries are pure: time is an input.' },
    { name: 'setInterval', message: 'Rules libraries are pure: time is an input.' },
    { name: 'performance', message: 'Rules libraries are pure: time is an input.' },
  ],
  'no-restricted-properties': [
    'error',
    { object: 'Math', property: 'random', message: 'Use the seeded PRNG; the seed is recorded.' },
    { object: 'Date', property: 'now', message: 'Rules libraries are pure: time is an input.' },
  ],
  'no-restricted-syntax': [
    'error',
    { selector: "NewExpression[callee.name='Date']", message: 'Rules libraries are pure: time is an input.' },
  ],
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'bench/results/**',
      '**/*.tsbuildinfo',
      'eslint-fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  ...tseslint.configs.stylisticTypeChecked,
  ...svelte.configs['flat/recommended'],
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        projectService: {
          defaultProject: 'scripts/tsconfig.json',
          allowDefaultProject: [
            '*.mjs',
            '*.js',
            'vitest.config.mts',
            'apps/cli/bin/*.js',
            'bench/*.mjs',
            'scripts/*.mjs',
          ],
        },
        tsconfigRootDir: import.meta.dirname,
        extraFileExtensions: ['.svelte'],
      },
    },
    rules: {
      // A deliberate `default:` (a reducer ignoring most events) counts; a forgotten case does not.
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-extraneous-class': ['error', { allowWithDecorator: true }],
      // NestJS types its option bags as classes; passing object literals is its documented usage.
      '@typescript-eslint/no-unsafe-class-instance-assignment': 'off',
    },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: {
      globals: { ...globals.browser },
      parserOptions: { parser: tseslint.parser, svelteConfig: undefined },
    },
  },
  {
    files: ['overlays/**/*.ts', 'overlays/**/*.svelte'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['apps/cli/bin/*.js'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
    languageOptions: { sourceType: 'commonjs' },
  },
  {
    // Configuration is parsed once at boot by the config module; nothing else reads the environment.
    files: ['apps/server/src/**/*.ts', 'libs/*/src/**/*.ts'],
    ignores: ['**/*.spec.ts', 'apps/server/src/config/load-config.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through the config module.' },
      ],
    },
  },
  {
    files: [
      'libs/cards/src/**/*.ts',
      'libs/guandan/src/**/*.ts',
      'libs/doudizhu/src/**/*.ts',
      'libs/bigtwo/src/**/*.ts',
      'libs/tournament/src/**/*.ts',
      'libs/bots/src/**/*.ts',
    ],
    ignores: ['**/*.spec.ts'],
    rules: pureLibraryRestrictions,
  },
);
