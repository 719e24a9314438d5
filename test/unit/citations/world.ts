/**
 * Shared setup for the end-to-end citation tests: one fake GitHub per test file,
 * and per test a fresh git repository (served as acme/<name>) plus a site root.
 * In `mirror` mode GITHUB_API_URL points at a closed port, so any GitHub use fails.
 */
import { loadModelInputs } from '../../../src/tooling/model-inputs.ts';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  closedPort,
  createRepo,
  createSite,
  startFakeGitHub,
  type FakeGitHub,
  type FixtureRepo,
  type FixtureSite,
} from '../../helpers/fake-github/index.ts';
import { runOutdated, runPin, runRelocate, runVerification } from '../../../src/lib/citations/index.ts';
import type {
  OutdatedOptions,
  PinOptions,
  RelocateOptions,
  VerificationOptions,
} from '../../../src/lib/citations/index.ts';

export const TOKEN = 'ghp_TESTtoken_9f8e7d6c5b4a_DO_NOT_PRINT';
export type Mode = 'github' | 'mirror';

let gh: FakeGitHub | undefined;
let dead = 0;
let n = 0;
const cleanups: Array<() => void> = [];

export async function startWorlds(): Promise<FakeGitHub> {
  gh = await startFakeGitHub();
  dead = await closedPort();
  return gh;
}

export async function stopWorlds(): Promise<void> {
  for (const c of cleanups.splice(0)) c();
  await gh?.close();
}

export interface World {
  name: string;
  repo: FixtureRepo;
  site: FixtureSite;
  env: Record<string, string>;
  logs: string[];
  ref(tag: string, path: string, range: string): string;
  pin(extra?: Partial<PinOptions>): ReturnType<typeof runPin>;
  verify(extra?: Partial<VerificationOptions>): ReturnType<typeof runVerification>;
  relocate(extra?: Partial<RelocateOptions>): ReturnType<typeof runRelocate>;
  outdated(against: string[], extra?: Partial<OutdatedOptions>): ReturnType<typeof runOutdated>;
  lockText(): string;
  /** Every file under .cache/citations, concatenated. */
  cacheText(): string;
}

export function world(mode: Mode): World {
  if (!gh) throw new Error('startWorlds() first');
  const name = `w${++n}`;
  const repo = createRepo(name);
  gh.setRepo(`acme/${name}`, repo.dir);
  const site = createSite();
  cleanups.push(() => {
    repo.remove();
    site.remove();
  });
  const env: Record<string, string> =
    mode === 'github'
      ? { GITHUB_API_URL: gh.url, GITHUB_TOKEN: TOKEN }
      : {
          CITATION_MIRRORS: `acme/${name}=${repo.dir}`,
          GITHUB_API_URL: `http://127.0.0.1:${dead}`,
          GITHUB_TOKEN: TOKEN,
        };
  const logs: string[] = [];
  // Fast backoff and rate-limit waits; a short request timeout so a hang costs little.
  const base = {
    root: site.root,
    env,
    log: (l: string) => logs.push(l),
    github: { retryBaseMs: 1, rateLimitUnitMs: 1, requestTimeoutMs: 2000, sleep: async () => {} },
  };
  return {
    name,
    repo,
    site,
    env,
    logs,
    ref: (tag, path, range) => `acme/${name}@${tag}:${path}#${range}`,
    // The model modules a test wrote, loaded as the CLI loads them (none: MDX only).
    pin: async (extra = {}) => runPin({ ...base, model: await loadModelInputs(site.root), ...extra }),
    verify: async (extra = {}) =>
      runVerification({ ...base, model: await loadModelInputs(site.root), strict: false, offline: false, ...extra }),
    relocate: async (extra = {}) => runRelocate({ ...base, model: await loadModelInputs(site.root), ...extra }),
    outdated: async (against, extra = {}) =>
      runOutdated({ ...base, model: await loadModelInputs(site.root), against, ...extra }),
    lockText: () => readFileSync(join(site.root, 'citations.lock.json'), 'utf8'),
    cacheText: () => {
      const out: string[] = [];
      const walk = (d: string): void => {
        for (const e of readdirSync(d)) {
          const p = join(d, e);
          if (statSync(p).isDirectory()) walk(p);
          else out.push(p, readFileSync(p, 'latin1'));
        }
      };
      walk(join(site.root, '.cache', 'citations'));
      return out.join('\n');
    },
  };
}

/** `n` lines `line <i> of <label>`, LF-terminated. */
export function numbered(n: number, label = 'f'): string {
  return Array.from({ length: n }, (_, i) => `line ${i + 1} of ${label}`).join('\n') + '\n';
}
