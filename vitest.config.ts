import { defineConfig } from 'vitest/config';

// Three projects, run as three groups one after another: fast pure-logic tests, while the global
// setup builds the site (default and sub-path builds) in the background; tests of the built site;
// and the lab's, with real etcd (packages/lab/vitest.config.ts).
export default defineConfig({
  test: {
    reporters: ['default', './test/helpers/summary-reporter.ts'],
    // Vitest's default is one worker fewer than the CPUs, i.e. one on two cores, which leaves a core
    // idle while a test waits on Chromium, etcd or a build. Two files at a time keep both busy.
    maxWorkers: 2,
    projects: [
      'packages/lab',
      { test: { name: 'unit', include: ['test/unit/**/*.test.ts'], sequence: { groupOrder: 0 } } },
      {
        test: {
          name: 'site',
          include: ['test/site/**/*.test.ts'],
          globalSetup: ['test/helpers/build-site.ts'],
          setupFiles: ['test/helpers/wait-for-site-build.ts'],
          // After the unit tests, which run while the site builds.
          sequence: { groupOrder: 1 },
          testTimeout: 120_000,
          hookTimeout: 300_000,
          // Within a file, only tests marked concurrent run side by side (axe-core's pages).
          maxConcurrency: 2,
        },
      },
    ],
  },
});
