/**
 * Kubernetes staging repositories. Code under `staging/src/k8s.io/<name>/` of kubernetes/kubernetes
 * is published by the publishing bot to `kubernetes/<name>` (k8s.io/<name>), and each Kubernetes
 * release `v1.X.Y` is tagged `v0.X.Y` there: kubernetes/kubernetes `staging/README.md`
 * ("published to respective top-level k8s.io repositories") and the published repositories'
 * README ("We recommend using the v0.x.y tags for Kubernetes releases >= v1.17.0", "For each
 * v1.x.y Kubernetes release, the major version (first digit) would remain 0"). Every published
 * commit names the monorepo commit it came from in a `Kubernetes-commit:` trailer.
 *
 * So a citation of the monorepo's staging tree can be read, and pinned, from the much smaller
 * published repository.
 */
import semver from 'semver';
import type { CitationRef } from './ref.ts';

/** Where a citation's lines are read from when it is not the repository it names. */
export interface ReadTarget {
  owner: string;
  repo: string;
  ref: string;
  path: string;
}

const STAGING = /^staging\/src\/k8s\.io\/([a-z0-9-]+)\/(.+)$/;
const RELEASE_TAG = /^v1\.([0-9]+)\.([0-9]+)(-[0-9A-Za-z.-]+)?$/;
const RELEASE_LINE_TAG = /^v(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(-(alpha|beta|rc)\.(0|[1-9][0-9]*))?$/;

/**
 * The ref of a published staging repository that matches a kubernetes/kubernetes ref:
 * `v1.37.0` → `v0.37.0`, `v1.37.0-beta.0` → `v0.37.0-beta.0`; a branch (`master`, `release-1.37`)
 * keeps its name, since the bot publishes those branches too.
 *
 * @returns undefined for a commit SHA (monorepo commits do not exist in the published
 *   repositories) and for a tag that is not a v1 release tag.
 */
export function stagingRef(ref: string): string | undefined {
  if (/^[0-9a-f]{40}$/.test(ref)) return undefined;
  const m = RELEASE_TAG.exec(ref);
  if (m) return `v0.${m[1]}.${m[2]}${m[3] ?? ''}`;
  if (ref === 'master' || /^release-1\.[0-9]+$/.test(ref)) return ref;
  return undefined;
}

/**
 * Where to read a citation of kubernetes/kubernetes's staging tree:
 * `kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/x.go` →
 * `kubernetes/apiserver@v0.37.0:pkg/x.go`.
 *
 * @returns undefined for any other citation (read as written).
 */
export function stagingTarget(c: Pick<CitationRef, 'owner' | 'repo' | 'ref' | 'path'>): ReadTarget | undefined {
  if (c.owner !== 'kubernetes' || c.repo !== 'kubernetes') return undefined;
  const m = STAGING.exec(c.path);
  const ref = stagingRef(c.ref);
  // k8s.io/kubernetes is the monorepo itself, not a published staging repository.
  if (!m || !ref || m[1] === 'kubernetes') return undefined;
  return { owner: 'kubernetes', repo: m[1]!, ref, path: m[2]! };
}

/**
 * Tags of the same release line published before `tag`, nearest first: for `v0.37.0` its
 * release candidates, betas and alphas; for `v0.37.2` also `v0.37.1`, `v0.37.0` and their
 * pre-releases. Never another minor line.
 *
 * @param tags - tag names as the repository lists them (others are ignored).
 * @returns an empty list when `tag` is not a semantic version.
 */
export function earlierTagsOfLine(tag: string, tags: readonly string[]): string[] {
  const target = semver.parse(tag);
  if (!target) return [];
  return (
    tags
      // Only the release tags Kubernetes publishes (v0.37.0, v0.37.0-rc.1, -beta.0, -alpha.3): any other
      // pre-release or build suffix would sort by semver's string rules, not as a release.
      .filter((t) => RELEASE_LINE_TAG.test(t))
      .map((t) => ({ t, v: semver.parse(t) }))
      .filter(
        (x): x is { t: string; v: semver.SemVer } =>
          x.v !== null && x.v.major === target.major && x.v.minor === target.minor && semver.lt(x.v, target),
      )
      .sort((a, b) => semver.rcompare(a.v, b.v))
      .map((x) => x.t)
  );
}

/**
 * Where to read a citation: its staging repository when it cites kubernetes/kubernetes's staging
 * tree and no source of the monorepo itself is configured (a `kubernetes/kubernetes` mirror is
 * read directly), else the citation as written.
 *
 * @param hasMonorepoMirror - whether CITATION_MIRRORS names kubernetes/kubernetes.
 */
export function readTarget(
  c: Pick<CitationRef, 'owner' | 'repo' | 'ref' | 'path'>,
  hasMonorepoMirror: boolean,
): ReadTarget {
  const staged = hasMonorepoMirror ? undefined : stagingTarget(c);
  return staged ?? { owner: c.owner, repo: c.repo, ref: c.ref, path: c.path };
}

/** The tag-name prefix of a tag's release line: `v0.37.0` → `v0.37.`; undefined when it is not a version. */
export function releaseLinePrefix(tag: string): string | undefined {
  const v = semver.parse(tag);
  return v ? `${tag.startsWith('v') ? 'v' : ''}${v.major}.${v.minor}.` : undefined;
}

/** `v0.37.0-beta.0` → `v1.37.0-beta.0`: the Kubernetes release a staging tag was published for. */
export function kubernetesReleaseOf(stagingTag: string): string {
  return stagingTag.replace(/^v0\./, 'v1.');
}

/**
 * The release a provisional entry was checked at, as readers know it: `v1.37.0-beta.0` for the
 * staging tag `v0.37.0-beta.0` of a kubernetes/kubernetes citation, else the tag as read.
 */
export function provisionalLabel(e: { repo: string; read?: { repo: string; ref: string } | undefined }): string {
  const ref = e.read?.ref ?? '';
  return e.repo === 'kubernetes/kubernetes' && e.read && e.read.repo !== e.repo ? kubernetesReleaseOf(ref) : ref;
}
