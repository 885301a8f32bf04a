// One jest config for every workspace: *.test.ts runs in Node, *.test.tsx in jsdom.
import { availableParallelism } from 'node:os';

const esmPackages = [
  'ky',
  'd3-[a-z-]+',
  'internmap',
  'msw',
  '@mswjs',
  '@open-draft',
  '@bundled-es-modules',
  'until-async',
  'outvariant',
  'strict-event-emitter',
  'headers-polyfill',
  'rettime',
  'wagmi',
  '@wagmi',
  'viem',
  'ox',
  '@noble',
  '@scure',
  'abitype',
  '@rainbow-me',
  '@tanstack',
  'iron-session',
  'iron-webcrypto',
  'uncrypto',
  'cookie',
  'fast-check',
  'pure-rand',
  'cuer',
  'qr',
  'porto',
].join('|');

const transform = {
  '^.+\\.(c|m)?(t|j)sx?$': [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic', importSource: '@emotion/react' } },
      },
    },
  ],
};

const common = {
  rootDir: '.',
  transform,
  transformIgnorePatterns: [`/node_modules/(?!(${esmPackages})/)`],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/e2e/', '/.variants/'],
  setupFilesAfterEnv: ['<rootDir>/shared/src/testing/jest.setup.ts'],
};

/** @type {import('jest').Config} */
export default {
  // Waits, not measurements: a 2-core machine under a parallel build needs more than
  // jest's 5 s default for a test that starts a bundler or a server.
  testTimeout: 30_000,
  // One worker more than cores (jest's default is one fewer): much of the suite waits on
  // servers, processes and timers. On 2 cores one worker took 200 s, two about 105 s,
  // three 83-91 s, four 83 s.
  maxWorkers: availableParallelism() + 1,
  // A worker that ran its share of the suite holds about 1 GB and needs about 0.8 s to
  // exit there, with nothing left open (checked at exit); jest's 500 ms default called that
  // a leak and killed it.
  workerGracefulExitTimeout: 5_000,
  globalSetup: '<rootDir>/shared/src/testing/jest.globalSetup.ts',
  projects: [
    {
      ...common,
      displayName: 'node',
      testEnvironment: 'node',
      testMatch: [
        '<rootDir>/**/src/**/*.test.ts',
        '<rootDir>/**/server/**/*.test.ts',
        '<rootDir>/shared/build/**/*.test.ts',
        '<rootDir>/bench/measure/**/*.test.ts',
      ],
    },
    {
      ...common,
      displayName: 'dom',
      // jsdom plus the fetch API globals (Request, Response, streams) that msw needs.
      testEnvironment: 'jest-fixed-jsdom',
      setupFilesAfterEnv: [
        ...common.setupFilesAfterEnv,
        '<rootDir>/shared/src/testing/jest.setup.dom.ts',
      ],
      testMatch: ['<rootDir>/**/src/**/*.test.tsx'],
    },
  ],
};
