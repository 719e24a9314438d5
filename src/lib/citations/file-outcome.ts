import type { VerificationReport } from './verify.ts';

/**
 * What a re-check found for one MDX file, in words: "3 citations verified again", or which of them
 * could not be read (no mirror, cache or network serves their repository), so that an edit which
 * broke an `expect` is never reported as verified when no upstream line was read.
 */
export function fileOutcome(report: VerificationReport, file: string): string {
  const mine = report.citations.filter((r) => r.citation.file === file);
  if (mine.length === 0) return 'no citations.';
  const verified = mine.filter((r) => r.status === 'verified').length;
  const unread = mine.filter((r) => r.status === 'unverified' || r.status === 'pending');
  const provisional = mine.filter((r) => r.status === 'provisional').length;
  const parts = [
    verified > 0 ? `${verified} verified again` : '',
    provisional > 0 ? `${provisional} provisional (checked at an earlier tag)` : '',
    unread.length > 0
      ? `${unread.length} not checked: no source for ${[...new Set(unread.map((r) => `${r.citation.ref.owner}/${r.citation.ref.repo}`))].join(', ')} (set CITATION_MIRRORS, or GITHUB_TOKEN to fetch)`
      : '',
  ].filter(Boolean);
  return `${mine.length} citation(s): ${parts.join('; ')}.`;
}
