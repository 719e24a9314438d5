import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The default build, served at `/`. */
export const DIST = `${ROOT}dist/`;
/** The build with `SITE_BASE` set, to prove hand-written links get the prefix. */
export const DIST_BASE = `${ROOT}dist-base/`;
export const TEST_BASE = '/wiki/sizing';
