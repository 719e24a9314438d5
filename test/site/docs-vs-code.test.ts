/**
 * The docs-versus-code page as built: every row has an official-docs side and a code side (or a
 * second docs side), each cited, each with its number, and the two numbers still differ. A row
 * whose numbers have become equal is no longer a disagreement and should be removed.
 */
import { HTMLElement, parse } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import { readPage } from '../helpers/built-pages.ts';
import { DIST, DIST_BASE } from '../helpers/paths.ts';
import { popoverData } from '../helpers/popover-data.ts';
import type { PopoverEntry } from '../../src/lib/citations/popover-entry.ts';

/** Repositories of official documentation: a citation of one of them is a docs citation. */
const DOCS_REPOS = new Set(['etcd-io/website', 'kubernetes/community', 'kubernetes/website']);
/** Hosts of official documentation pages that have no git source in this guide. */
const DOCS_HOSTS = new Set(['kubernetes.io', 'etcd.io']);
/** The rows the guide started with; more are added, none of these may silently disappear. */
const KNOWN = ['snapshot-count', 'election-timeout-rule', 'learner-promotion-readiness'];

/** The repositories a <Cite> or <Value> marker cites, from the page's popover data. */
const reposOf = (entries: PopoverEntry[], a: HTMLElement): string[] =>
  (a.getAttribute('data-sources') ?? '').split(',').map((n) => entries[Number(n) - 1]?.repo ?? `(no source ${n})`);
/** A value as the page shows it, without a state mark. */
const valueOf = (a: HTMLElement | undefined | null): string | undefined =>
  a
    ? a.childNodes
        .filter((n) => !(n instanceof HTMLElement))
        .map((n) => n.text)
        .join('')
    : undefined;

interface SideSeen {
  side: string;
  value: string | undefined;
  /** Repositories cited on this side, by <Cite> or <Value>. */
  repos: string[];
  /** Hosts of plain links on this side (pages without a git source). */
  hosts: string[];
}

function readSide(entries: PopoverEntry[], td: HTMLElement): SideSeen {
  const values = td.querySelectorAll('a.cite-value');
  const cites = td.querySelectorAll('a.cite-link');
  // Plain links: not a marker.
  const links = td.querySelectorAll('a:not(.cite-link)');
  return {
    side: td.getAttribute('data-side') ?? '',
    value: valueOf(values[0]) ?? td.getAttribute('data-value'),
    repos: cites.flatMap((a) => reposOf(entries, a)),
    hosts: links.map((a) => {
      try {
        return new URL(a.getAttribute('href') ?? '').hostname;
      } catch {
        return '';
      }
    }),
  };
}

/** A number as the two sides write it, compared without digit grouping or case: "100,000" and "100000" agree. */
const normal = (v: string): string => v.replace(/[,\s\u00a0\u202f]/g, '').toLowerCase();

describe.each([DIST, DIST_BASE])('docs versus code in %s', (dist) => {
  const page = parse(readPage(dist, 'docs-vs-code/'));
  const entries = popoverData(dist, page);
  const rows = page.querySelectorAll('main table[data-disagreements] tbody[data-disagreement]');

  it('keeps the rows the guide started with', () => {
    expect(rows.map((r) => r.getAttribute('data-disagreement'))).toEqual(expect.arrayContaining(KNOWN));
  });

  it.each(rows.map((r) => [r.getAttribute('data-disagreement') ?? '(no id)', r] as const))(
    '%s: a cited docs side, a cited code side, and two numbers that differ',
    (id, row) => {
      const sides = row.querySelectorAll('td[data-side]').map((td) => readSide(entries, td));
      expect(
        sides.map((s) => s.side),
        `${id}: write two <Side>s, docs first, then code`,
      ).toEqual(['docs', 'code']);
      const [docs, code] = sides as [SideSeen, SideSeen];

      const citesDocs = docs.repos.some((r) => DOCS_REPOS.has(r)) || docs.hosts.some((h) => DOCS_HOSTS.has(h));
      expect(citesDocs, `${id}: the docs side cites no official docs (etcd-io/website, kubernetes.io, …)`).toBe(true);
      const codeRepos = code.repos.filter((r) => !DOCS_REPOS.has(r));
      const secondDocs = code.hosts.some((h) => DOCS_HOSTS.has(h)) || code.repos.some((r) => DOCS_REPOS.has(r));
      expect(
        codeRepos.length > 0 || secondDocs,
        `${id}: the code side cites neither code nor a second official docs page`,
      ).toBe(true);
      // A number read from git-hosted lines is a <Value>; only web pages state theirs as `value`.
      if (codeRepos.length > 0)
        expect(code.value, `${id}: the code side's number must be a <Value>`).toBe(
          valueOf(row.querySelector('td[data-side="code"] a.cite-value')),
        );

      expect(docs.value, `${id}: the docs side has no number (a <Value>, or value="…" for a web page)`).toBeTruthy();
      expect(code.value, `${id}: the code side has no number (a <Value>, or value="…" for a web page)`).toBeTruthy();
      expect(
        normal(docs.value!),
        `${id}: the docs and the code now agree (${docs.value}); this is no longer a disagreement: remove the row`,
      ).not.toBe(normal(code.value!));

      expect(row.querySelector('th[scope="rowgroup"]')?.text.trim(), `${id}: no topic`).toBeTruthy();
      expect(
        row.querySelector('td[data-guide] > p')?.text.trim(),
        `${id}: does not say which value the guide uses`,
      ).toBeTruthy();
      const where = row.querySelector('td[data-guide] [data-where]');
      expect(
        (where?.querySelectorAll('a').length ?? 0) + (where?.querySelectorAll('[data-unpublished]').length ?? 0),
        `${id}: names no place in the guide where it matters`,
      ).toBeGreaterThan(0);
    },
  );

  it('links every place it names that is on the site, with the base path', () => {
    const base = dist === DIST_BASE ? '/wiki/sizing/' : '/';
    for (const row of rows)
      for (const a of row.querySelectorAll('[data-where] a'))
        expect(a.getAttribute('href')).toMatch(new RegExp(`^${base}[a-z]`));
  });
});
