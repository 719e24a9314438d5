/**
 * Where to find the system Chromium, and how to launch it on machines with a
 * closed network. Used by the diagram renderer and the browser tests.
 */
import { existsSync } from 'node:fs';

/** Flags that keep Chromium quiet on a machine with no outside network. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Extra flags for tools that must not reach past loopback (the site audit): every host name
 * but 127.0.0.1 fails to resolve, and any request that is not to loopback goes to a proxy
 * port where nothing listens. Chromium bypasses the proxy for loopback by default.
 */
export const LOOPBACK_ONLY_ARGS = [
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
  '--proxy-server=http://127.0.0.1:9',
];

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/**
 * Finds a Chromium executable.
 *
 * @param env - environment; `CHROMIUM_PATH` wins when set.
 * @returns the absolute path, or `undefined` when none is installed.
 * @throws Error when `CHROMIUM_PATH` is set but names no file (a typo should not
 *   silently fall back to another browser).
 */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const explicit = env['CHROMIUM_PATH'];
  if (explicit) {
    if (!existsSync(explicit)) {
      throw new Error(`CHROMIUM_PATH is set to "${explicit}", which does not exist. Fix the path or unset it.`);
    }
    return explicit;
  }
  return CANDIDATES.find((path) => existsSync(path));
}
