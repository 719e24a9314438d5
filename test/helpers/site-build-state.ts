/** Where the background site build (./build-site.ts) records how it ended, per run (git-ignored). */
export const BUILD_STATE_DIR = '.cache/site-build';

/** How the site builds of one test run ended. */
export type BuildState = { ok: true } | { ok: false; message: string };

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run whose builds the site tests wait for; absent with SKIP_SITE_BUILD=1. */
    siteBuildRun?: string;
  }
}
