/**
 * Which guide a reader is looking at: the guide's own commit (short SHA, linked when a repository
 * URL is configured), the build date, and the Kubernetes and etcd versions its citations are
 * pinned to. One source for a page footer, a manifest and the wiki export's front matter.
 *
 * Everything here is pure except {@link readGitCommit}, which asks git and takes the runner as a
 * parameter so that tests can stand in for it.
 */
import { execFileSync } from 'node:child_process';
import semver from 'semver';
import type { LockEntry } from './citations/lock.ts';
import { uiText, type UiText } from './i18n/ui-text.ts';

/** Why a build has no commit: git missing, not a checkout, or a HEAD git printed oddly (`printed`, cut to 60 characters). */
export type MissingCommit = { why: 'noGit' } | { why: 'notCheckout' } | { why: 'oddHead'; printed: string };

/** The guide's commit, as git reports it. */
export interface GuideCommit {
  /** Full 40-hex SHA of HEAD. */
  sha: string;
  /** First 7 hex digits, as git and GitHub abbreviate it. */
  short: string;
  /** True when tracked files differ from HEAD: the build is not exactly that commit. */
  dirty: boolean;
  /** Commit page on the repository's web UI, when a repository URL is configured. */
  url?: string;
}

/** A repository's release the guide cites, from the citation lock. */
export interface PinnedVersion {
  /** `owner/repo`, e.g. `etcd-io/etcd`. */
  repo: string;
  /** The highest release tag (semver without pre-release) cited from that repository, e.g. `v3.7.0`. */
  version: string;
  /** The commit that tag resolved to, when every citation at that tag is pinned in the repository itself. */
  commit?: string;
  /** Citations at that tag by lock state, e.g. `{ pinned: 22 }`. */
  states: Partial<Record<LockEntry['status'], number>>;
}

/** Everything {@link guideVersion} puts together. */
export interface GuideVersion {
  /** Undefined when the guide was not built from a git checkout (see `missing`). */
  commit: GuideCommit | undefined;
  /** Why there is no commit; present exactly when `commit` is not. */
  missing?: MissingCommit;
  /**
   * {@link commitNoteIn} in English, for what machines and English readers get (the manifest, the
   * wiki's front matter, a copied citation): `3bb2ecb`, `3bb2ecb (modified)` or why there is none.
   */
  commitNote: string;
  /** Build date, `YYYY-MM-DD` in UTC. */
  date: string;
  /** One entry per repository asked for, in that order. */
  pinned: PinnedVersion[];
}

/** The repositories whose versions the guide is about, in the order they are shown. */
export const GUIDE_REPOS: readonly { repo: string; name: string }[] = [
  { repo: 'kubernetes/kubernetes', name: 'Kubernetes' },
  { repo: 'etcd-io/etcd', name: 'etcd' },
];

/** Runs a git command in a directory and returns its standard output; throws when git fails. */
export type GitRunner = (args: readonly string[], cwd: string) => string;

const runGit: GitRunner = (args, cwd) =>
  execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/**
 * Reads HEAD of the checkout at `root`.
 *
 * @param root - the repository root.
 * @param run - runs git (default: the `git` binary); injected by tests.
 * @returns the commit, or `{ missing }` with why there is none (not a git checkout, git not
 *   installed), which {@link commitNoteIn} words in place of a SHA.
 */
export function readGitCommit(
  root: string,
  run: GitRunner = runGit,
): Omit<GuideCommit, 'url'> | { missing: MissingCommit } {
  let sha: string;
  try {
    sha = run(['rev-parse', '--verify', 'HEAD'], root).trim();
  } catch (error) {
    const noGit = error instanceof Error && 'code' in error && error.code === 'ENOENT';
    return { missing: { why: noGit ? 'noGit' : 'notCheckout' } };
  }
  if (!/^[0-9a-f]{40}$/.test(sha)) return { missing: { why: 'oddHead', printed: sha.slice(0, 60) } };
  // Untracked files do not change what a build reads from tracked sources; ignored build output never counts.
  const status = run(['status', '--porcelain', '--untracked-files=no'], root);
  return { sha, short: sha.slice(0, 7), dirty: status.trim() !== '' };
}

/**
 * The web address of a repository, for a repository URL as package.json or a setting gives it.
 *
 * @param repositoryUrl - `https://github.com/o/r`, `git+https://github.com/o/r.git` or `github:o/r`.
 * @returns `https://github.com/o/r`, or undefined for an empty URL.
 * @throws Error when the URL is neither https nor a `github:` shorthand.
 */
export function repositoryWebUrl(repositoryUrl: string | undefined): string | undefined {
  const raw = repositoryUrl?.trim();
  if (!raw) return undefined;
  const short = /^github:([\w.-]+\/[\w.-]+)$/.exec(raw);
  const web = short
    ? `https://github.com/${short[1]}`
    : raw
        .replace(/^git\+/, '')
        .replace(/\.git$/, '')
        .replace(/\/$/, '');
  if (!/^https:\/\/[^\s/]+\/\S+$/.test(web)) {
    throw new Error(
      `Repository URL "${raw}" is not a web address: give it as https://host/owner/repo (or github:owner/repo).`,
    );
  }
  return web;
}

/**
 * The web page of a commit, for a repository URL as {@link repositoryWebUrl} reads it.
 *
 * @returns `https://github.com/o/r/commit/<sha>`, or undefined for an empty URL.
 * @throws Error when the URL is neither https nor a `github:` shorthand.
 */
export function commitUrl(repositoryUrl: string | undefined, sha: string): string | undefined {
  const web = repositoryWebUrl(repositoryUrl);
  return web === undefined ? undefined : `${web}/commit/${sha}`;
}

/**
 * The repository URL from a parsed package.json (`repository` as a string or `{ url }`).
 *
 * @returns the URL, or undefined when package.json names none.
 */
export function repositoryUrlOf(packageJson: unknown): string | undefined {
  if (typeof packageJson !== 'object' || packageJson === null) return undefined;
  const repo = (packageJson as { repository?: unknown }).repository;
  if (typeof repo === 'string') return repo;
  if (typeof repo === 'object' && repo !== null && typeof (repo as { url?: unknown }).url === 'string')
    return (repo as { url: string }).url;
  return undefined;
}

/**
 * The build date: `SOURCE_DATE_EPOCH` (seconds since 1970, the reproducible-builds convention)
 * when set, else `fallback`.
 *
 * @returns `YYYY-MM-DD`, UTC.
 * @throws Error when `SOURCE_DATE_EPOCH` is set but is not a whole number of seconds.
 */
export function buildDate(sourceDateEpoch: string | undefined, fallback: Date): string {
  if (sourceDateEpoch !== undefined && sourceDateEpoch !== '') {
    if (!/^\d+$/.test(sourceDateEpoch))
      throw new Error(
        `SOURCE_DATE_EPOCH="${sourceDateEpoch}" is not a whole number of seconds since 1970: unset it or give e.g. 1764547200.`,
      );
    return new Date(Number(sourceDateEpoch) * 1000).toISOString().slice(0, 10);
  }
  return fallback.toISOString().slice(0, 10);
}

/**
 * The version of each repository the guide cites, from the citation lock: the highest release tag
 * (a semver version without pre-release part, so not a commit SHA or `v1.37.0-beta.0`) cited from
 * the repository. Older tags a chapter cites for history (etcd v0.1.0) do not count.
 *
 * @param entries - the lock's entries (`readLock(root).entries.values()`).
 * @param repos - `owner/repo` names, in the order wanted.
 * @throws Error naming the repository when no citation of it is at a release tag.
 */
export function pinnedVersions(
  entries: Iterable<LockEntry>,
  repos: readonly string[] = GUIDE_REPOS.map((r) => r.repo),
): PinnedVersion[] {
  const all = [...entries];
  return repos.map((repo) => {
    const tags = [
      ...new Set(
        all
          .filter((e) => e.repo === repo && semver.valid(e.ref) && semver.prerelease(e.ref) === null)
          .map((e) => e.ref),
      ),
    ];
    const version = tags.sort(semver.rcompare)[0];
    if (version === undefined)
      throw new Error(
        `No citation of ${repo} is at a release tag (vX.Y.Z) in citations.lock.json, so the guide's ${repo} version is unknown: cite it at a release tag.`,
      );
    const at = all.filter((e) => e.repo === repo && e.ref === version);
    const states: PinnedVersion['states'] = {};
    for (const e of at) states[e.status] = (states[e.status] ?? 0) + 1;
    const commits = new Set(
      at.map((e) => (e.status === 'pinned' && (e.read === undefined || e.read.repo === repo) ? e.commit : undefined)),
    );
    const [commit] = commits;
    return { repo, version, ...(commits.size === 1 && commit !== undefined ? { commit } : {}), states };
  });
}

/**
 * Puts the guide's version together.
 *
 * @param input.commit - from {@link readGitCommit}.
 * @param input.date - `YYYY-MM-DD`, from {@link buildDate}.
 * @param input.lockEntries - the citation lock's entries, for {@link pinnedVersions}.
 * @param input.repositoryUrl - optional web URL of the guide's repository; links the commit.
 * @param input.repos - the repositories to report, for {@link pinnedVersions}.
 */
export function guideVersion(input: {
  commit: Omit<GuideCommit, 'url'> | { missing: MissingCommit };
  date: string;
  lockEntries: Iterable<LockEntry>;
  repositoryUrl?: string | undefined;
  /** `owner/repo` names whose versions to report (default: {@link GUIDE_REPOS}). */
  repos?: readonly string[];
}): GuideVersion {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(input.date)) throw new Error(`Build date "${input.date}" is not YYYY-MM-DD.`);
  const pinned = pinnedVersions(input.lockEntries, input.repos);
  const en = uiText('en').commit;
  if ('missing' in input.commit) {
    const { missing } = input.commit;
    return {
      commit: undefined,
      missing,
      commitNote: commitNoteIn({ commit: undefined, missing }, en),
      date: input.date,
      pinned,
    };
  }
  const url = commitUrl(input.repositoryUrl, input.commit.sha);
  const commit: GuideCommit = { ...input.commit, ...(url ? { url } : {}) };
  return { commit, commitNote: commitNoteIn({ commit }, en), date: input.date, pinned };
}

/**
 * The commit as a reader of one language reads it: the short SHA, marked when the build had
 * uncommitted changes, or why there is none.
 * @param words - that language's `commit` words (src/lib/i18n/ui-text.ts).
 */
export function commitNoteIn(v: Pick<GuideVersion, 'commit' | 'missing'>, words: UiText['commit']): string {
  if (v.commit) return v.commit.dirty ? words.modified(v.commit.short) : v.commit.short;
  return words.missing(v.missing ?? { why: 'notCheckout' });
}

/**
 * One line of plain text: `commit 3bb2ecb, built 2026-12-01; Kubernetes v1.37.0, etcd v3.7.0`.
 */
export function formatGuideVersion(v: GuideVersion): string {
  return `${v.commit ? `commit ${v.commitNote}` : v.commitNote}, built ${v.date}; ${citedReleases(v).join(', ')}`;
}

/** The cited releases by name and version: `['Kubernetes v1.37.0', 'etcd v3.7.0']`. */
export function citedReleases(v: Pick<GuideVersion, 'pinned'>): string[] {
  return v.pinned.map((p) => `${GUIDE_REPOS.find((r) => r.repo === p.repo)?.name ?? p.repo} ${p.version}`);
}
