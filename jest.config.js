// Unit tests run everywhere; integration tests start a real MariaDB server and sysbench.
const common = {
  preset: 'ts-jest/presets/default-esm',
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleFileExtensions: ['ts', 'js', 'json'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: 'tsconfig.json' }] },
};

export default {
  verbose: false,
  // Integration tests start real servers and run sysbench; unit tests finish in milliseconds.
  testTimeout: 300_000,
  reporters: ['default', '<rootDir>/scripts/count-reporter.cjs'],
  // Without the times of a last run (a clean clone), the known slow files first.
  testSequencer: '<rootDir>/scripts/test-sequencer.cjs',
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/__tests__/**/*.test.ts'],
      testPathIgnorePatterns: ['\\.int\\.test\\.ts$'],
    },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/__tests__/**/*.int.test.ts'],
    },
    // Opt-in (npm run test:e2e): builds the whole server twice, about an hour on 2 cores.
    ...(process.env.MYSQL_PERF_GATE_E2E === '1'
      ? [{ ...common, displayName: 'e2e', testMatch: ['<rootDir>/__tests__/**/*.e2e.ts'] }]
      : []),
  ],
};
