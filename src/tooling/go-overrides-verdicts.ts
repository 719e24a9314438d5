/**
 * Regenerates the Go verdicts the `--etcd-servers-overrides` parser is tested against
 * (test/unit/model/fixtures/overrides-go-verdicts.json): builds a throw-away Go program from the
 * guide's own driver (./go-overrides-verdicts/) and the upstream declarations it needs, copied at
 * run time from the snapshots CITATION_MIRRORS names (pflag's `readAsCSV`, kube-apiserver's
 * `EtcdServerOverride`, `errOverridesInvalid` and `ParseEtcdServersOverrides`), and runs it with
 * the local Go toolchain on each value. Nothing upstream is written outside a temporary folder.
 * Shared by `npm run fixtures:overrides` and the test that checks the committed file.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mirrorDirOf } from '../lib/citations/providers/mirror.ts';

/** Where each copied declaration is read: repository, tag and file. */
export const UPSTREAM = {
  pflag: { repo: 'spf13/pflag', tag: 'v1.0.10', path: 'string_slice.go' },
  apiserver: { repo: 'kubernetes/apiserver', tag: 'v0.37.0-beta.0', path: 'pkg/server/options/etcd.go' },
} as const;

const DRIVER = fileURLToPath(new URL('./go-overrides-verdicts/', import.meta.url));

/** One value and what kube-apiserver made of it. */
export interface GoVerdict {
  value: string;
  ok: boolean;
  stage?: 'flag' | 'override';
  overrides?: { group: string; resource: string; servers: string[] }[];
}

/**
 * A top-level declaration of gofmt-formatted Go source, from the line that starts with `start` to
 * the first line that is `}` alone (or the start line itself when it opens no block).
 *
 * @throws Error when no line starts with `start`, or a block never closes.
 */
export function goDeclaration(source: string, start: string, where: string): string {
  const lines = source.split('\n');
  const first = lines.findIndex((l) => l.startsWith(start));
  if (first < 0) throw new Error(`${where}: no declaration starting "${start}"; the upstream file has changed.`);
  if (!lines[first]!.trimEnd().endsWith('{')) return lines[first]!;
  const last = lines.findIndex((l, i) => i > first && l === '}');
  if (last < 0) throw new Error(`${where}: the declaration starting "${start}" never closes.`);
  return lines.slice(first, last + 1).join('\n');
}

/** The Go toolchain's version (`go1.19.8`), or undefined when `go` is not on the PATH. */
export function goVersion(): string | undefined {
  const r = spawnSync('go', ['env', 'GOVERSION'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : undefined;
}

function show(repo: string, tag: string, path: string, env: NodeJS.ProcessEnv): string {
  const dir = mirrorDirOf(repo, env);
  if (!dir) throw new Error(`No snapshot of ${repo}: name one in CITATION_MIRRORS (npm run cite -- mirrors --in DIR).`);
  return execFileSync('git', ['--git-dir', dir, 'show', `${tag}:${path}`], { encoding: 'utf8' });
}

/**
 * Runs each value through the copied upstream parsers.
 *
 * @param values - `--etcd-servers-overrides` values, as a flag receives them.
 * @returns one verdict per value, in order.
 * @throws Error naming what is missing: a snapshot, Go, or a declaration upstream no longer has;
 *   or what Go printed when the program does not build.
 */
export function goOverridesVerdicts(values: readonly string[], env: NodeJS.ProcessEnv = process.env): GoVerdict[] {
  if (!goVersion()) throw new Error('Go is not installed: apt-get install -y golang-go');
  const { pflag, apiserver } = UPSTREAM;
  const csv = show(pflag.repo, pflag.tag, pflag.path, env);
  const etcd = show(apiserver.repo, apiserver.tag, apiserver.path, env);
  const at = (u: { repo: string; tag: string; path: string }) => `${u.repo}@${u.tag}:${u.path}`;
  const upstream = [
    'package main',
    '',
    'import (\n\t"encoding/csv"\n\t"fmt"\n\t"strings"\n\n\t"verdicts/schema"\n)',
    '',
    goDeclaration(csv, 'func readAsCSV(', at(pflag)),
    '',
    goDeclaration(etcd, 'type EtcdServerOverride struct', at(apiserver)),
    '',
    goDeclaration(etcd, 'var errOverridesInvalid = ', at(apiserver)),
    '',
    goDeclaration(etcd, 'func ParseEtcdServersOverrides(', at(apiserver)),
    '',
  ].join('\n');
  const dir = mkdtempSync(join(tmpdir(), 'overrides-verdicts-'));
  try {
    cpSync(DRIVER, dir, { recursive: true });
    writeFileSync(join(dir, 'go.mod'), 'module verdicts\n\ngo 1.19\n');
    writeFileSync(join(dir, 'upstream.go'), upstream);
    const r = spawnSync('go', ['run', '.'], {
      cwd: dir,
      input: JSON.stringify(values),
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      // Offline: no module proxy, no toolchain download.
      env: { ...env, GOPROXY: 'off', GOTOOLCHAIN: 'local', GOFLAGS: '-mod=mod', GO111MODULE: 'on' },
    });
    if (r.status !== 0) throw new Error(`The Go verdict program failed:\n${r.stderr}`);
    return JSON.parse(r.stdout) as GoVerdict[];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
