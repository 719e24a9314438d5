export { DIST, ROOT } from '../../src/tooling/paths.ts';
import { ROOT } from '../../src/tooling/paths.ts';

/** The build with `SITE_BASE` set, to prove hand-written links get the prefix. */
export const DIST_BASE = `${ROOT}dist-base/`;
export const TEST_BASE = '/wiki/sizing';
