import { expect, test } from 'vitest';
import { fileOutcome } from '../../../src/lib/citations/file-outcome.ts';
import { parseCitationRef } from '../../../src/lib/citations/ref.ts';
import type { CitationResult, VerificationReport } from '../../../src/lib/citations/verify.ts';

const result = (file: string, ref: string, status: CitationResult['status']): CitationResult => ({
  citation: {
    file,
    line: 1,
    column: 1,
    kind: 'Cite',
    refText: ref,
    ref: parseCitationRef(ref),
    key: ref,
    expect: ['x'],
    context: 0,
    refAttrRange: { start: 0, end: 0 },
  },
  key: ref,
  status,
  permalink: 'https://github.com/',
  messages: [],
});

const report = (citations: CitationResult[]): VerificationReport => ({
  citations,
  errors: [],
  warnings: [],
  configErrors: [],
  notReResolved: [],
  calculators: new Map(),
});

test('a file whose lines could not be read is "not checked", never "verified again"', () => {
  const r = report([
    result('content/docs/a.mdx', 'etcd-io/etcd@v3.7.0:a.go#L1', 'verified'),
    result('content/docs/a.mdx', 'kubernetes/kubernetes@v1.37.0:b.go#L2', 'unverified'),
    result('content/docs/a.mdx', 'kubernetes/kubernetes@v1.37.0:c.go#L3', 'pending'),
    result('content/docs/b.mdx', 'etcd-io/etcd@v3.7.0:a.go#L1', 'verified'),
  ]);
  expect(fileOutcome(r, 'content/docs/a.mdx')).toBe(
    '3 citation(s): 1 verified again; 2 not checked: no source for kubernetes/kubernetes (set CITATION_MIRRORS, or GITHUB_TOKEN to fetch).',
  );
  expect(fileOutcome(r, 'content/docs/b.mdx')).toBe('1 citation(s): 1 verified again.');
  expect(fileOutcome(r, 'content/docs/c.mdx')).toBe('no citations.');
  const unread = report([result('content/docs/a.mdx', 'etcd-io/etcd@v3.7.0:a.go#L1', 'unverified')]);
  expect(fileOutcome(unread, 'content/docs/a.mdx')).not.toContain('verified again');
});
