import { fileURLToPath } from 'node:url';

/** The repository root, ending in `/`. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The default build (`npm run build`), served at `/`. */
export const DIST = `${ROOT}dist/`;
