/**
 * Programmatic API of the citation engine. The Astro integration calls
 * {@link runVerification}; `scripts/cite.ts` calls the rest.
 */
export { runVerification, describe, type VerificationOptions, type VerificationReport, type CitationResult, type CitationStatus } from './verify.ts';
export { runPin, type PinOptions, type PinReport } from './pin.ts';
export { runRelocate, formatRelocation, type RelocateOptions, type RelocateReport, type Relocation, type NeedsHand } from './relocate.ts';
export { runOutdated, type OutdatedOptions, type OutdatedReport, type OutdatedItem } from './outdated.ts';
export { lineMap, followRange, mapLine, type LineMap, type LineRange, type Hunk, type RangeDrift, type DriftState } from './line-map.ts';
export { formatChanges, formatDrift, type CitationDrift } from './drift.ts';
export { extractCitations, extractFromSource, listMdxFiles, type Citation, type CitationKind, type ExtractionError, type ExtractionResult } from './extract.ts';
export { readLock, serializeLock, parseLock, LOCK_FILE, type Lock, type LockEntry, type ProviderName } from './lock.ts';
export { NORMALISATION, hashLines, normaliseText, splitLines, gitBlobSha } from './hash.ts';
export { parseCitationRef, formatCitationRef, citationPermalink, citationKey, webHostFromApiUrl, CitationRefError, type CitationRef } from './ref.ts';
export { ProviderError, type ProviderErrorKind } from './providers/types.ts';
