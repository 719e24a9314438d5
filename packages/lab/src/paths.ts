import { fileURLToPath } from 'node:url';

/**
 * The repository the lab belongs to, ending in `/`: its results go to the site's
 * `content/lab-results/` and its probes to `lab-probes/` beside it, unless `--out` is given.
 */
export const SITE_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** The lab's command line (`npm run lab` runs it), for the tests that start it as a reader would. */
export const LAB_CLI = fileURLToPath(new URL('../scripts/lab.ts', import.meta.url));
