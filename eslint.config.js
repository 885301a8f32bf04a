import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** A block of files that may not import what the patterns name. */
const restrictImports = (files, patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

/** The dependency rule (docs/architecture.md): shared -> remotes -> host, never sideways. */
const boundaries = [
  restrictImports(
    ['shared/**/*.{ts,tsx}'],
    [
      {
        group: [
          '@token-portfolio/*',
          '!@token-portfolio/shared',
          '!@token-portfolio/widget-types',
          '**/remote-*/**',
          '**/host/**',
        ],
        message: 'shared/ imports no remote and no host.',
      },
    ],
  ),
  // Every remote workspace (the registry, shared/src/remotes.ts, names them remote-*).
  restrictImports(
    ['remote-*/**/*.{ts,tsx}'],
    [
      {
        group: [
          '@token-portfolio/*',
          '!@token-portfolio/shared',
          '!@token-portfolio/shared/build',
          '!@token-portfolio/widget-types',
          '**/remote-*/**',
          '**/host/**',
          '**/shared/src/**',
        ],
        message:
          'A remote imports only @token-portfolio/shared, the public types (@token-portfolio/widget-types) and its own files.',
      },
      {
        group: ['d3-*'],
        message:
          'Draw with @token-portfolio/shared/charts: one copy of d3 on the page, only what is used (docs/architecture.md#what-the-page-shares).',
      },
    ],
  ),
  restrictImports(
    ['host/src/**/*.{ts,tsx}'],
    [
      {
        group: ['@token-portfolio/remote-*', '**/remote-*/**'],
        message: 'The host reaches remotes only through federation (loadRemote).',
      },
      {
        group: ['@token-portfolio/server', '@token-portfolio/server/*', '**/server/src/**'],
        message: 'The browser shell never imports the server.',
      },
    ],
  ),
  // The composed server: shared's modules by their package paths, the header's sign-in API
  // (and, in tests, its redis-server starter), nothing of a browser bundle (the host
  // shell, a remote's widgets).
  restrictImports(
    ['server/**/*.{ts,tsx}'],
    [
      {
        regex:
          '^(\\.\\./)+(host|shared|remote-[a-z-]+)/|^@token-portfolio/(host|remote-(?!header/(server|chains)$))',
        message:
          'The server imports @token-portfolio/shared and @token-portfolio/remote-header/server by package, never a browser shell.',
      },
    ],
  ),
];

/** Test helpers and fixture data serve tests and the fixture server: never a build. */
const testOnly = {
  group: [
    '@token-portfolio/shared/testing',
    '@token-portfolio/shared/fixtures',
    '**/testing/**',
    '**/fixtures/**',
  ],
  message: 'Only tests import the testing kit (@token-portfolio/shared/testing) and fixtures.',
};

/** The same boundaries outside tests, plus: no test-only import. */
const productionBoundaries = boundaries.map(({ files, rules }) => {
  const [level, { patterns }] = rules['no-restricted-imports'];
  return {
    files,
    // Tests and their helpers: shared's testing kit and a workspace's own src/testing/.
    ignores: ['**/*.test.{ts,tsx}', '**/src/testing/**', 'shared/src/fixtures/**'],
    rules: { 'no-restricted-imports': [level, { patterns: [...patterns, testOnly] }] },
  };
});

/**
 * The store libraries come through @token-portfolio/shared
 * (docs/architecture.md#what-the-page-shares): no
 * app lists them, so an app's own import would bundle a second copy outside the share
 * scope. Types are erased and may be imported.
 */
const storeThroughSharedCore = {
  files: ['host/**/*.{ts,tsx}', 'remote-*/**/*.{ts,tsx}'],
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      ...['redux', 'react-redux', '@reduxjs/toolkit', 'redux-saga', 'redux-saga/effects'].map(
        (name) => ({
          name,
          allowTypeImports: true,
          message: 'Use the store through @token-portfolio/shared: one copy, tree-shaken.',
        }),
      ),
    ],
  },
};

/**
 * The embedding entry (@token-portfolio/shared/embed) is a shared module of its own
 * (docs/architecture.md#what-the-page-shares): it reaches the core through the package, or
 * the page would run a second copy of the core's modules; and the core never imports it, or
 * the composed page would load it again.
 */
const [sharedBoundary] = productionBoundaries;
const sharedWith = (pattern) => ({
  'no-restricted-imports': [
    'error',
    { patterns: [...sharedBoundary.rules['no-restricted-imports'][1].patterns, pattern] },
  ],
});
const embeddingApart = [
  {
    files: ['shared/src/embed/**/*.{ts,tsx}'],
    ignores: sharedBoundary.ignores,
    rules: sharedWith({
      group: ['../*'],
      message: 'The embedding code imports the core from @token-portfolio/shared.',
    }),
  },
  {
    files: ['shared/src/**/*.{ts,tsx}'],
    ignores: [...sharedBoundary.ignores, 'shared/src/embed/**'],
    rules: sharedWith({
      group: ['**/embed', '**/embed/*'],
      message: 'The core never imports the embedding code: the composed page would load it.',
    }),
  },
];

export default tseslint.config(
  {
    ignores: [
      '.variants/**',
      '**/node_modules/**',
      '**/dist/**',
      '**/.tsbuild/**',
      '**/@mf-types/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results*',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  ...boundaries,
  ...productionBoundaries,
  ...embeddingApart,
  storeThroughSharedCore,
  // Playwright fixtures call a function named `use`; it is not React's hook.
  { files: ['e2e/**/*.ts'], rules: { 'react-hooks/rules-of-hooks': 'off' } },
);
