import { findChromium } from '../../src/lib/chromium.ts';

export { launchBrowser } from '../../src/tooling/browser.ts';

/** Why a test that needs Chromium did not run: shown as its skip note. */
export const NO_CHROMIUM = 'no Chromium found: install it (apt-get install -y chromium) or set CHROMIUM_PATH';

/**
 * Chromium for browser tests. Returns undefined only outside CI, and the tests then show as
 * skipped (`describe.skipIf`, or {@link needChromium}), never as passed. With CI=true a missing
 * browser is an error: called at a test file's top level, the whole file fails with the message.
 *
 * @param env - environment (CI, CHROMIUM_PATH).
 * @param find - the lookup, replaceable in tests of this function.
 */
export function chromiumPathForTests(
  env: NodeJS.ProcessEnv = process.env,
  find: (env: NodeJS.ProcessEnv) => string | undefined = findChromium,
): string | undefined {
  const path = find(env);
  if (!path && env['CI'] === 'true') {
    throw new Error(
      `CI=true requires Chromium for the browser tests and the build-time diagrams, and there is none: ${NO_CHROMIUM}.`,
    );
  }
  return path;
}

/** What {@link needChromium} uses of a test's context. */
export interface SkipContext {
  skip(note?: string): never;
}

/**
 * Inside a test that needs Chromium (or a build that had it): returns its path, or marks the test
 * skipped with the reason (outside CI), or fails it (CI=true, see {@link chromiumPathForTests}).
 */
export function needChromium(
  ctx: SkipContext,
  env: NodeJS.ProcessEnv = process.env,
  find?: (env: NodeJS.ProcessEnv) => string | undefined,
): string {
  const path = chromiumPathForTests(env, find);
  if (!path) ctx.skip(NO_CHROMIUM);
  return path;
}

/**
 * Inside a test of what a build with Chromium produces (diagrams as inline SVG, no Mermaid
 * JavaScript): as {@link needChromium}, and skipped with the reason when `DIAGRAMS=client` asked
 * for diagrams rendered in the browser.
 */
export function needSvgDiagrams(ctx: SkipContext, env: NodeJS.ProcessEnv = process.env): void {
  needChromium(ctx, env);
  if (env['DIAGRAMS'] === 'client') ctx.skip('DIAGRAMS=client: this build renders diagrams in the browser');
}
