import { describe, expect, it } from 'vitest';
import {
  firstCitedLines,
  markerName,
  markerText,
  pageSources,
  placeAt,
  stateLegend,
  stateMark,
} from '../../../src/lib/citations/page-sources.ts';
import { popoverEntries } from '../../../src/lib/citations/popover-data.ts';
import { uiText } from '../../../src/lib/i18n/ui-text.ts';
import type { CitationRenderData, RenderedCitation } from '../../../src/lib/citations/render-data.ts';

const FILE = 'content/docs/etcd-timeouts.mdx';
const PAGE = { file: FILE, path: '/etcd-timeouts/' };

/** A rendered citation as the integration hands it to the components; the key is the ref (canonical here). */
function cited(refText: string, over: Partial<RenderedCitation> = {}): RenderedCitation {
  return {
    file: FILE,
    line: 1,
    kind: 'cite',
    refText,
    key: refText,
    context: 0,
    status: 'verified',
    commit: 'c'.repeat(40),
    permalink: `https://github.com/x/${encodeURIComponent(refText)}`,
    ...over,
  };
}

const CONFIG = 'etcd-io/etcd@v3.7.0:server/embed/config.go#L629-L630';
const QUOTA = 'etcd-io/etcd@v3.7.0:server/storage/quota.go#L30';
const CONFIG_EARLY = 'etcd-io/etcd@v3.7.0:server/embed/config.go#L67';
const APF = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/server/config.go#L451';

describe('pageSources', () => {
  const data: CitationRenderData = {
    incomplete: true,
    citations: [
      cited(CONFIG),
      cited(QUOTA, { kind: 'value', pattern: '(\\d+)', value: '2' }),
      cited(CONFIG_EARLY),
      cited(CONFIG),
      cited(APF, { status: 'provisional', checkedAt: 'v1.37.0-beta.0' }),
      cited(QUOTA, { file: 'content/docs/other.mdx' }),
      cited('etcd-io/raft@v3.7.0:raft.go#L9', {
        kind: 'source',
        file: 'src/lib/model/sources.ts',
        pages: ['/etcd-timeouts/'],
      }),
      cited('etcd-io/raft@v3.7.0:log.go#L1', {
        kind: 'source',
        file: 'src/lib/model/sources.ts',
        pages: ['/etcd-sizing/'],
      }),
    ],
  };
  const s = pageSources(data, PAGE);

  it('numbers each lock key once, grouped by repository and file in the order the page first cites them', () => {
    expect(s.groups.map((g) => `${g.repo} ${g.path}: ${g.sources.map((x) => `${x.n}=L${x.start}`).join(' ')}`)).toEqual(
      [
        'etcd-io/etcd server/embed/config.go: 1=L629 2=L67',
        'etcd-io/etcd server/storage/quota.go: 3=L30',
        'kubernetes/kubernetes staging/src/k8s.io/apiserver/pkg/server/config.go: 4=L451',
        'etcd-io/raft raft.go: 5=L9',
      ],
    );
    expect(s.byNumber.map((x) => x.n)).toEqual([1, 2, 3, 4, 5]);
  });

  it('records every place that cites a source, and none for a calculator’s own', () => {
    expect(s.places.map((p) => p.source.n)).toEqual([1, 3, 2, 1, 4]);
    expect(s.byNumber.map((x) => x.places)).toEqual([[1, 4], [3], [2], [5], []]);
  });

  it('gives an element its own result and source, checked against the ref it names', () => {
    const at = placeAt(s, 2, QUOTA, '/etcd-timeouts/');
    expect(at.citation.value).toBe('2');
    expect(at.source.n).toBe(3);
    expect(placeAt(s, undefined, CONFIG_EARLY, '/etcd-timeouts/').place).toBe(3);
    expect(() => placeAt(s, 2, CONFIG, '/etcd-timeouts/')).toThrow(
      /at place 2 is not the one the citation extractor found there/,
    );
    expect(() => placeAt(s, 9, CONFIG, '/etcd-timeouts/')).toThrow(/etcd-timeouts/);
    expect(() => placeAt(s, undefined, 'a/b@v1:c.go#L1', '/etcd-timeouts/')).toThrow(/not the one/);
  });
});

describe('markers', () => {
  const data: CitationRenderData = {
    incomplete: true,
    citations: [
      cited(CONFIG),
      cited(APF, { status: 'provisional', checkedAt: 'v1.37.0-beta.0' }),
      cited(QUOTA, { status: 'pending' }),
    ],
  };
  const [config, apf, quota] = pageSources(data, PAGE).byNumber as [never, never, never];

  it('names a marker by number, file, lines and state, in words', () => {
    expect(markerName([config])).toBe('source 1: config.go lines 629 to 630, verified');
    expect(markerName([quota], '2 GiB')).toBe('2 GiB, source 3: quota.go line 30, pending, not pinned to a commit yet');
    expect(markerName([config, apf])).toBe(
      'sources 1, 2: config.go lines 629 to 630, verified; config.go line 451, provisional, checked at v1.37.0-beta.0',
    );
    expect(() => markerName([])).toThrow();
  });

  it('shows numbers, with a mark only for states other than verified', () => {
    expect(markerText([config])).toBe('[1]');
    expect(markerText([config, apf, quota])).toBe('[1, 2*, 3?]');
    expect(stateMark({ status: 'unverified' }).mark).toBe('?');
    expect(stateMark({ status: 'verified' }).mark).toBe('');
  });

  it('explains each mark the page uses once, and nothing when all is verified', () => {
    expect(stateLegend([{ status: 'verified' }])).toEqual([]);
    const legend = stateLegend(data.citations);
    expect(legend).toHaveLength(2);
    expect(legend[0]).toMatch(/^\* marks a provisional citation: .* checked at v1\.37\.0-beta\.0 instead\.$/);
    expect(legend[1]).toMatch(/^\? marks one whose lines this build did not check/);
  });
});

describe('firstCitedLines', () => {
  it('shows the first cited lines without their common indentation, not the context around them', () => {
    const [s] = pageSources(
      {
        incomplete: false,
        citations: [
          cited('a/b@v1:x.go#L11-L15', {
            lines: ['ctx', '\t\tone()', '\t\t\ttwo()', '\t\tthree()', '\t\tfour()', '\t\tfive()', 'ctx'],
            firstLine: 10,
          }),
        ],
      },
      PAGE,
    ).byNumber;
    expect(firstCitedLines(s!)).toEqual(['one()', '\ttwo()', 'three()']);
  });

  it('shows none when the build did not read the lines', () => {
    const [s] = pageSources(
      { incomplete: true, citations: [cited('a/b@v1:x.go#L1', { status: 'pending' })] },
      PAGE,
    ).byNumber;
    expect(firstCitedLines(s!)).toEqual([]);
  });
});

describe('popoverEntries', () => {
  it('gives each numbered source what its popover shows, the state in words and the ref only when it is a tag', () => {
    const pinnedAtCommit = `a/b@${'d'.repeat(40)}:y.go#L3`;
    const entries = popoverEntries(
      pageSources(
        {
          incomplete: true,
          citations: [
            cited('a/b@v1:x.go#L11-L12', { lines: ['  one()', '  two()'], firstLine: 11 }),
            cited(APF, { status: 'provisional', checkedAt: 'v1.37.0-beta.0', readRepo: 'kubernetes/apiserver' }),
            cited(pinnedAtCommit),
            (({ commit: _, ...rest }) => rest)(cited('a/b@v2:z.go#L1', { status: 'pending' })),
          ],
        },
        PAGE,
      ),
    );
    expect(entries.map((e) => [e.n, e.repo, e.path, e.lines, e.ref, e.status])).toEqual([
      [1, 'a/b', 'x.go', 'L11–12', 'v1', 'verified'],
      [
        2,
        'kubernetes/kubernetes',
        'staging/src/k8s.io/apiserver/pkg/server/config.go',
        'L451',
        'v1.37.0',
        'provisional',
      ],
      [3, 'a/b', 'y.go', 'L3', undefined, 'verified'],
      [4, 'a/b', 'z.go', 'L1', 'v2', 'pending'],
    ]);
    expect(entries[0]).toMatchObject({
      note: uiText('en').citations.note.verified,
      code: ['one()', 'two()'],
      commit: 'c'.repeat(40),
    });
    expect(entries[0]!.permalink).toBe(cited('a/b@v1:x.go#L11-L12').permalink);
    // A Japanese page's entries say the state in Japanese; everything else is the same.
    const sources = pageSources(
      { incomplete: true, citations: [cited(APF, { status: 'provisional', checkedAt: 'v1.37.0-beta.0' })] },
      PAGE,
    );
    const [ja] = popoverEntries(sources, uiText('ja').citations);
    const [en] = popoverEntries(sources);
    expect(ja).toEqual({ ...en, note: expect.stringMatching(/^暫定：.*v1\.37\.0-beta\.0/) as unknown as string });
    expect(entries[1]).toMatchObject({ readRepo: 'kubernetes/apiserver', code: [] });
    expect(entries[1]!.note).toMatch(/^Provisional: .* checked at v1\.37\.0-beta\.0 instead/);
    expect(entries[3]!.commit).toBeUndefined();
    expect(entries[3]!.note).toMatch(/^Pending: /);
    // What the browser fetches: plain JSON, nothing lost on the way.
    expect(JSON.parse(JSON.stringify(entries))).toEqual(entries);
  });
});
