/**
 * Markdown that readers paste into a design document: a citation of one section of the guide, and a
 * calculator's result with its inputs, rule and upstream sources. Pure string building, shared by
 * the build and the browser; the output is CommonMark + GFM (tables), checked by parsing it.
 */

/** Escapes text for a Markdown link label or plain inline text (no HTML, no emphasis, no links). */
export function escapeInline(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/([\\`*_[\]<>#|!~])/g, '\\$1');
}

/** Escapes text for one GFM table cell: inline escapes, and a pipe never ends the cell. */
function cell(text: string): string {
  return escapeInline(text) || '—';
}

/** A link destination in angle brackets, so spaces and parentheses cannot end it early. */
function destination(url: string): string {
  if (/[<>\n]/.test(url)) throw new Error(`A link target cannot hold "<", ">" or a line break: ${JSON.stringify(url)}`);
  return `<${url}>`;
}

/**
 * The absolute URL of a page or section, as the guide is published.
 *
 * @param site - the site's origin (`SITE_URL`), e.g. `https://sizing-guide.example.org`.
 * @param path - the page's path including the base, e.g. `/wiki/sizing/etcd-writes/`.
 * @param anchor - a heading id without `#`, or undefined for the page itself.
 * @throws Error when `site` is not an http(s) origin or `path` is not root-relative.
 */
export function publishedUrl(site: string, path: string, anchor?: string): string {
  const origin = new URL(site);
  if (origin.protocol !== 'https:' && origin.protocol !== 'http:')
    throw new Error(`SITE_URL must be an http(s) URL, not ${site}`);
  if (!path.startsWith('/')) throw new Error(`A page path starts with "/": ${path}`);
  const url = new URL(path, origin.origin);
  if (anchor) url.hash = anchor;
  return url.href;
}

export interface SectionCitation {
  /** The page's title, e.g. "Writes and scaling out". */
  page: string;
  /** The section's heading text. */
  section: string;
  /** The section's absolute URL (see {@link publishedUrl}). */
  url: string;
  /** Which guide this is, e.g. "guide 3bb2ecb, 2026-12-01". */
  version: string;
}

/**
 * One line citing a section: `[Page — Section](URL#anchor) (guide 3bb2ecb, 2026-12-01)`.
 */
export function sectionCitation({ page, section, url, version }: SectionCitation): string {
  return `[${escapeInline(page)} — ${escapeInline(section)}](${destination(url)}) (${escapeInline(version)})`;
}

/** One upstream source of a calculator's rule, as the build verified it. */
export interface SourceRow {
  /** e.g. "server.go L120–125 @ v3.7.0". */
  label: string;
  /** Commit permalink. */
  url: string;
  /** The citation's state, worded for a reader, e.g. "verified" or "provisional: checked at v1.37.0-beta.0". */
  state: string;
}

export interface DesignDocBlock {
  /** The calculator's name, e.g. "Failure tolerance by member count". */
  title: string;
  inputs: readonly { label: string; value: string }[];
  results: readonly { label: string; value: string }[];
  /** The rule the calculator applies, in one or two sentences. */
  rule: string;
  sources: readonly SourceRow[];
  /** The live calculator with these inputs in its URL. */
  liveUrl: string;
  /** Which guide this is, e.g. "guide 3bb2ecb, 2026-12-01 · Kubernetes v1.37.0 · etcd v3.7.0". */
  version: string;
}

/**
 * A calculator's current answer as a Markdown block for a design document: a heading, a table of
 * inputs and one of results, the rule, the upstream sources as commit permalinks with their
 * verification state, the live link that restores the inputs, and the guide version.
 *
 * @throws Error when there are no results (nothing worth pasting) or a URL holds `<`, `>` or a line break.
 */
export function designDocBlock(block: DesignDocBlock): string {
  if (block.results.length === 0) throw new Error(`${block.title}: no results to copy; the inputs may be invalid.`);
  const table = (head: string, rows: readonly { label: string; value: string }[]) => [
    `| ${head} | Value |`,
    '| --- | --- |',
    ...rows.map((r) => `| ${cell(r.label)} | ${cell(r.value)} |`),
  ];
  const lines = [
    `#### ${escapeInline(block.title)}`,
    '',
    ...table('Input', block.inputs),
    '',
    ...table('Result', block.results),
    '',
    `**Rule:** ${escapeInline(block.rule)}`,
    '',
  ];
  if (block.sources.length > 0) {
    lines.push('**Upstream sources:**', '');
    for (const s of block.sources)
      lines.push(`- [${escapeInline(s.label)}](${destination(s.url)}) (${escapeInline(s.state)})`);
    lines.push('');
  }
  lines.push(
    `**Live calculator:** [${escapeInline(block.title)}](${destination(block.liveUrl)})`,
    '',
    `_${escapeInline(block.version)}_`,
    '',
  );
  return lines.join('\n');
}
