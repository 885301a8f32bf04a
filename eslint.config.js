import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** The dependency rule (ARCHITECTURE.md): shared -> remotes -> host, never sideways. */
const boundaries = [
  {
    files: ['shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@token-portfolio/*',
                '!@token-portfolio/shared',
                '**/remote-*/**',
                '**/host/**',
              ],
              message: 'shared/ imports no remote and no host.',
            },
          ],
        },
      ],
    },
  },
  {
    // Every remote workspace (the registry, shared/src/remotes.ts, names them remote-*).
    files: ['remote-*/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@token-portfolio/*',
                '!@token-portfolio/shared',
                '!@token-portfolio/shared/build',
                '**/remote-*/**',
                '**/host/**',
                '**/shared/src/**',
              ],
              message: 'A remote imports only @token-portfolio/shared and its own files.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['host/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@token-portfolio/remote-*', '**/remote-*/**'],
              message: 'The host reaches remotes only through federation (loadRemote).',
            },
          ],
        },
      ],
    },
  },
];

export default tseslint.config(
  {
    ignores: [
      '.variants/**',
      '**/node_modules/**',
      '**/dist/**',
      '**/.tsbuild/**',
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
  // Playwright fixtures call a function named `use`; it is not React's hook.
  { files: ['e2e/**/*.ts'], rules: { 'react-hooks/rules-of-hooks': 'off' } },
);
