import { defineConfig } from 'vitest/config';

// Two projects: fast pure-logic tests, and tests of the built site, which
// build it once (default and sub-path builds) in a global setup.
export default defineConfig({
  test: {
    reporters: ['default', './test/helpers/summary-reporter.ts'],
    projects: [
      { test: { name: 'unit', include: ['test/unit/**/*.test.ts'] } },
      {
        test: {
          name: 'site',
          include: ['test/site/**/*.test.ts'],
          globalSetup: ['test/helpers/build-site.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: false,
          // Only tests marked concurrent run side by side (axe-core's pages): two, for two cores.
          maxConcurrency: 2,
        },
      },
    ],
  },
});
