import { execFileSync } from 'node:child_process';
import { mirrorDirOf } from '../../../src/lib/citations/providers/mirror.ts';
import { describe, expect, it } from 'vitest';
import {
  earlierTagsOfLine,
  kubernetesReleaseOf,
  stagingRef,
  stagingTarget,
} from '../../../src/lib/citations/staging.ts';
import { parseCitationRef } from '../../../src/lib/citations/ref.ts';

describe('Kubernetes staging repositories', () => {
  it('map a release tag to the published v0 tag and keep branch names', () => {
    expect(stagingRef('v1.37.0')).toBe('v0.37.0');
    expect(stagingRef('v1.37.0-beta.0')).toBe('v0.37.0-beta.0');
    expect(stagingRef('v1.9.11')).toBe('v0.9.11');
    expect(stagingRef('master')).toBe('master');
    expect(stagingRef('release-1.37')).toBe('release-1.37');
    expect(stagingRef('a'.repeat(40))).toBeUndefined();
    expect(stagingRef('v2.0.0')).toBeUndefined();
    expect(stagingRef('v1.37')).toBeUndefined();
  });

  it('read staging paths from the published repository, and nothing else', () => {
    expect(
      stagingTarget(
        parseCitationRef(
          'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/storage/cacher/cacher.go#L1-L2',
        ),
      ),
    ).toEqual({ owner: 'kubernetes', repo: 'apiserver', ref: 'v0.37.0', path: 'pkg/storage/cacher/cacher.go' });
    expect(
      stagingTarget(
        parseCitationRef(
          'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/client-go/tools/leaderelection/leaderelection.go#L5',
        ),
      ),
    ).toEqual({
      owner: 'kubernetes',
      repo: 'client-go',
      ref: 'v0.37.0',
      path: 'tools/leaderelection/leaderelection.go',
    });
    expect(
      stagingTarget(parseCitationRef('kubernetes/kubernetes@v1.37.0:cmd/kube-scheduler/app/server.go#L5')),
    ).toBeUndefined();
    expect(stagingTarget(parseCitationRef('kubernetes/kubernetes@v1.37.0:staging/README.md#L5'))).toBeUndefined();
    expect(stagingTarget(parseCitationRef('etcd-io/etcd@v3.7.0:staging/src/k8s.io/apiserver/x.go#L5'))).toBeUndefined();
    expect(
      stagingTarget(parseCitationRef(`kubernetes/kubernetes@${'b'.repeat(40)}:staging/src/k8s.io/apiserver/x.go#L5`)),
    ).toBeUndefined();
  });

  it('choose earlier tags of the same release line, nearest first', () => {
    const tags = [
      'v0.36.2',
      'v0.37.0-alpha.0',
      'v0.37.0-alpha.3',
      'v0.37.0-beta.0',
      'v0.37.0-rc.1',
      'v0.37.0',
      'v0.37.1',
      'v0.38.0-alpha.0',
      'kubernetes-1.37.0-beta.0',
    ];
    expect(earlierTagsOfLine('v0.37.0', tags)).toEqual([
      'v0.37.0-rc.1',
      'v0.37.0-beta.0',
      'v0.37.0-alpha.3',
      'v0.37.0-alpha.0',
    ]);
    expect(earlierTagsOfLine('v0.37.2', tags)).toEqual([
      'v0.37.1',
      'v0.37.0',
      'v0.37.0-rc.1',
      'v0.37.0-beta.0',
      'v0.37.0-alpha.3',
      'v0.37.0-alpha.0',
    ]);
    expect(earlierTagsOfLine('v0.36.0', tags)).toEqual([]);
    expect(earlierTagsOfLine('master', tags)).toEqual([]);
    expect(kubernetesReleaseOf('v0.37.0-beta.0')).toBe('v1.37.0-beta.0');
  });

  // The mapping is checked on the real published repository where this machine has a mirror.
  const mirror = mirrorDirOf('kubernetes/apiserver') ?? '';
  it.skipIf(mirror === '')(
    `kubernetes/apiserver (${mirror ? 'local mirror' : 'SKIPPED: CITATION_MIRRORS has no kubernetes/apiserver entry'}): v0.37.0-beta.0 is the commit tagged kubernetes-1.37.0-beta.0, and names its monorepo commit`,
    () => {
      const git = (...args: string[]): string =>
        execFileSync('git', ['-C', mirror, ...args], { encoding: 'utf8' }).trim();
      expect(git('rev-parse', 'v0.37.0-beta.0^{commit}')).toBe(
        git('rev-parse', `kubernetes-${kubernetesReleaseOf('v0.37.0-beta.0').slice(1)}^{commit}`),
      );
      expect(git('log', '-50', '--format=%B', 'v0.37.0-beta.0')).toMatch(/^Kubernetes-commit: [0-9a-f]{40}$/m);
    },
  );
});

describe('earlier tags: only the release tags Kubernetes publishes', () => {
  it('ignores other suffixes, capitals and build metadata, and orders rc.10 after rc.9', () => {
    const tags = [
      'v0.37.0-zzz',
      'v0.37.0-RC.99',
      'v0.37.0-rc.9',
      'v0.37.0-rc.10',
      'v0.37.0-beta.0+meta',
      'v0.37.00',
      'v0.37.0-beta.0',
    ];
    expect(earlierTagsOfLine('v0.37.0', tags)).toEqual(['v0.37.0-rc.10', 'v0.37.0-rc.9', 'v0.37.0-beta.0']);
  });
  it('k8s.io/kubernetes is not a staging repository', () => {
    expect(
      stagingTarget(parseCitationRef('kubernetes/kubernetes@v1.20.0:staging/src/k8s.io/kubernetes/x.go#L1')),
    ).toBeUndefined();
  });
});
