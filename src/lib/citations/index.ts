/**
 * Programmatic API of the citation engine. The Astro integration calls
 * {@link runVerification}; `scripts/cite.ts` calls the rest.
 */
export { runVerification, describe, type VerificationOptions, type VerificationReport } from './verify.ts';
export { runPin, type PinOptions } from './pin.ts';
export { runRelocate, formatRelocation, type RelocateOptions } from './relocate.ts';
export { runOutdated, type OutdatedOptions, type OutdatedItem } from './outdated.ts';
export { formatChanges } from './drift.ts';
export { serializeLock, parseLock, readLock, type LockEntry } from './lock.ts';
export { hashLines, gitBlobSha } from './hash.ts';
export { webHostFromApiUrl } from './ref.ts';
