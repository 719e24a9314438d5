/**
 * `cite outdated --against <ref>`: what became of each pinned range at a newer
 * ref, read off a line diff of the pinned and the newer file, before anyone bumps a ref.
 */
import { openRun, type RunOptions } from './open-run.ts';
import { DriftFinder, formatDrift, fragmentsOutside, type CitationDrift } from './drift.ts';
import { extractCitations, type Citation } from './extract.ts';
import type { DriftState } from './line-map.ts';
import { isChecked, readLocationOf, type LockEntry } from './lock.ts';
import { ProviderError } from './providers/types.ts';
import { mapLimit } from './source.ts';
import { describe } from './verify.ts';

export interface OutdatedOptions extends RunOptions {
  /**
   * `v3.7.1` (tried in every cited repository; repos without it are skipped) or
   * `owner/repo@v3.7.1` (that repository only). Several may be given.
   */
  against: string[];
}

export interface OutdatedItem {
  key: string;
  citation: Citation;
  against: string;
  state: DriftState;
  /** The full result: ranges and, for `edited` and `gone`, the changed lines. */
  drift: CitationDrift;
  /** For `moved`: new start line minus old start line. */
  delta?: number;
  /** For `moved`, and `edited` with a new range: whether `relocate` would rewrite the range. */
  relocatable?: boolean;
  message: string;
}

export interface OutdatedReport {
  items: OutdatedItem[];
  errors: string[];
  warnings: string[];
  configErrors: string[];
}

/**
 * Follows each pinned citation's range from its pinned commit to the newer ref
 * through a line diff, and reports it as `unchanged`, `moved`, `edited` or `gone`
 * (see {@link CitationDrift}; `gone` also when the file no longer exists).
 */
export async function runOutdated(options: OutdatedOptions): Promise<OutdatedReport> {
  const report: OutdatedReport = { items: [], errors: [], warnings: [], configErrors: [] };
  const cfg = (m: string): OutdatedReport => {
    report.configErrors.push(m);
    report.errors.push(m);
    return report;
  };
  if (options.against.length === 0)
    return cfg('outdated needs --against <ref> (e.g. --against v3.7.1 or --against etcd-io/etcd@v3.7.1).');
  const run = await openRun(options);
  if ('configError' in run) return cfg(run.configError);
  const { reader, lock } = run;
  const extraction = await extractCitations(options.root, options.contentDirs, options.model);
  for (const e of extraction.errors) report.errors.push(e.message);

  const targets = (c: Citation): string[] => {
    const repo = `${c.ref.owner}/${c.ref.repo}`;
    const specific = options.against.filter((a) => a.startsWith(`${repo}@`)).map((a) => a.slice(repo.length + 1));
    return specific.length > 0 ? specific : options.against.filter((a) => !a.includes('@'));
  };

  const seen = new Set<string>();
  const work: Array<{ c: Citation; e: LockEntry; against: string }> = [];
  for (const c of extraction.citations) {
    const e = lock.entries.get(c.key);
    if (!e || !isChecked(e)) {
      report.warnings.push(`${describe(c)}: not pinned, skipped (run \`npm run cite -- pin\`).`);
      continue;
    }
    for (const against of targets(c)) {
      // A provisional entry's lines were read at an earlier tag: its own cited tag is the comparison that matters.
      if ((against === c.ref.ref && e.status !== 'provisional') || seen.has(`${c.key} ${against}`)) continue;
      seen.add(`${c.key} ${against}`);
      work.push({ c, e, against });
    }
  }

  const skippedRepos = new Set<string>();
  const unpublished = new Map<string, { n: number; readAt: Set<string>; message: string }>();
  const finder = new DriftFinder(reader);
  await mapLimit(work, 8, async ({ c, e, against }) => {
    const r = c.ref;
    // Both sides are read where the lines were pinned: a staging citation in its published
    // repository (`--against v1.38.0` or `master` maps there too, see ./staging.ts).
    const at = readLocationOf(e);
    const next = reader.target({ ...r, ref: against });
    try {
      if (next.owner !== at.owner || next.repo !== at.repo || next.path !== at.path) {
        report.errors.push(
          `${describe(c)}: pinned in ${at.owner}/${at.repo}:${at.path}, but ${against} would be read from ${next.owner}/${next.repo}:${next.path}; compare them by hand.`,
        );
        return;
      }
      let newer;
      try {
        newer = await reader.resolve(next.owner, next.repo, next.ref);
      } catch (err) {
        // A provisional entry against its own tag, which is still not published: one message per repository.
        if (err instanceof ProviderError && err.kind === 'not-found' && against === r.ref && e.read) {
          const k = `${next.owner}/${next.repo}@${next.ref}`;
          const u = unpublished.get(k) ?? { n: 0, readAt: new Set<string>(), message: err.message };
          u.n++;
          u.readAt.add(e.read.ref);
          unpublished.set(k, u);
          return;
        }
        if (
          err instanceof ProviderError &&
          err.kind === 'not-found' &&
          !options.against.includes(`${r.owner}/${r.repo}@${against}`)
        ) {
          skippedRepos.add(`${next.owner}/${next.repo} has no ref ${next.ref}`);
          return;
        }
        throw err;
      }
      const found = await finder.follow(
        { owner: at.owner, repo: at.repo, path: at.path, start: r.start, end: r.end, blobSha: e.blobSha },
        e.commit!,
        newer.commit,
      );
      if (found.kind === 'unavailable') {
        report.errors.push(`${describe(c)}: ${found.reason}.`);
        return;
      }
      const d = found.drift;
      const to = d.state === 'moved' || d.state === 'edited' ? d.to : undefined;
      const relocatable = to && (d.state === 'moved' || fragmentsOutside(found.newLines, to, c.expect).length === 0);
      const hint =
        to === undefined
          ? ''
          : relocatable
            ? ' (relocate will follow it)'
            : ' (relocate will not follow it: an expect fragment is outside the new range)';
      report.items.push({
        key: c.key,
        citation: c,
        against,
        state: d.state,
        drift: d,
        message: `${describe(c)}: at ${against}: ${formatDrift(d, r.path)}${hint}.`,
        ...(d.state === 'moved' ? { delta: d.delta } : {}),
        ...(to ? { relocatable: relocatable === true } : {}),
      });
    } catch (err) {
      if (err instanceof ProviderError) report.errors.push(`${describe(c)}: ${err.message}`);
      else throw err;
    }
  });
  await reader.flush();
  report.warnings.push(...reader.notices);
  for (const s of [...skippedRepos].sort()) report.warnings.push(`skipped: ${s}.`);
  for (const [k, u] of [...unpublished].sort(([a], [b]) => (a < b ? -1 : 1)))
    report.errors.push(
      `${k} cannot be read yet (${u.message.replace(/\.+$/, '')}): its ${u.n} provisional citation(s), checked at ${[...u.readAt].sort().join(', ')}, have nothing to be compared with. Compare again once the tag is published (in the mirror, or through GitHub).`,
    );
  report.items.sort((a, b) => (a.key === b.key ? (a.against < b.against ? -1 : 1) : a.key < b.key ? -1 : 1));
  return report;
}
