/**
 * Citation engine CLI: pins the chapters' and the model's citations in citations.lock.json,
 * verifies them against the upstream lines, and follows them to newer refs.
 *   npm run cite -- pin [--refresh] [--offline] [--accept-changes]
 *   npm run cite -- verify [--offline] [--strict]
 *   npm run cite -- relocate [--dry-run] [--offline]
 *   npm run cite -- outdated --against <ref> [--against owner/repo@ref ...]
 * Exit status: 0 ok, 1 a citation failed (for pin: also one it could not pin because its
 * source did not answer), 2 usage or configuration error.
 */
import { resolve } from 'node:path';
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { findMirrors, mirrorsValue } from '../src/lib/citations/providers/mirror-folder.ts';
import { loadModelInputs } from '../src/tooling/model-inputs.ts';
import {
  formatChanges,
  formatRelocation,
  readLock,
  runOutdated,
  runPin,
  runRelocate,
  runVerification,
} from '../src/lib/citations/index.ts';

const HELP = `Usage: npm run cite -- <command> [options]

Commands:
  pin                 Pin what is new or changed in the content into citations.lock.json
                      (resolve each ref to a commit, hash the cited lines). Prunes unused
                      entries. A citation of a repository no source is configured for
                      (--offline, no CITATION_MIRRORS entry) is recorded as pending: a
                      warning. One whose source does not answer (unreachable, rate limit,
                      server error) is recorded as pending too, and pin exits 1.
    --refresh         Re-resolve and re-pin every entry (accepts moved tags); reads nothing
                      from .cache/citations.
    --accept-changes  Accept what upstream changed under a citation: a <Value> whose
                      constant differs from the lock's (or from the entry of the ref it was
                      bumped from), and provisional lines that differ at the cited tag.
                      Without it each is an error and the old entry stays.
  verify              Check every citation against the lock and the upstream lines.
    --offline         No network: use CITATION_MIRRORS and .cache/citations only.
    --strict          Pending and not-fetchable citations fail (also CITATIONS_STRICT=1).
  relocate            After bumping a ref in the MDX, follow each citation's lines from the
                      commit pinned in the lock to the ref now written, through a line diff,
                      and rewrite its range: moved ranges always; edited ranges only when the
                      diff keeps both ends and every expect fragment is inside (their changed
                      lines are printed for review). Gone and other edited citations are
                      errors to fix by hand; citations with no pinned entry are skipped.
    --dry-run         Show the changes without writing MDX.
  outdated            For each pinned citation, what its lines became at a newer ref, from a
                      line diff: unchanged, moved (same lines, new numbers), edited (lines
                      changed; printed) or gone (every cited line deleted, or no file).
    --against <ref>   A ref to compare with (tried in every cited repository), or
                      owner/repo@ref for one repository. Repeatable.
  mirrors             Print the CITATION_MIRRORS line for a folder of git snapshots
                      (<owner>+<name>/repo, <owner>+<name> or <owner>/<name>[.git]).
    --in <folder>     The folder to search. Use: eval "$(npm run -s cite -- mirrors --in DIR)".

Options:
  --root <dir>        Repository root (default: current directory).
  -h, --help          Show this help.

Environment:
  GITHUB_TOKEN        GitHub token (optional; anonymous access allows 60 requests/hour).
  GITHUB_API_URL      REST API base (default https://api.github.com; GHES: https://host/api/v3).
                      Credentials in it (https://user:token@host/...) serve as the token and
                      are never printed.
  CITATION_MIRRORS    owner/repo=/path/to/git,...  read those repositories from local git.
  CITATIONS_MAX_WAIT  Longest rate-limit wait in seconds worth sleeping through (default 10).

Exit status: 0 ok; 1 a citation failed, or pin could not pin one because its source
did not answer; 2 usage or configuration error.`;

/** The boolean options each command takes; every command also takes --root, and outdated --against. */
const FLAGS: Record<string, string[]> = {
  pin: ['refresh', 'offline', 'accept-changes'],
  verify: ['offline', 'strict'],
  relocate: ['dry-run', 'offline'],
  outdated: ['offline'],
  mirrors: [],
};

function usage(message: string): never {
  process.stderr.write(`cite: ${message}\nRun \`npm run cite -- --help\` for usage.\n`);
  process.exit(2);
}

/** A single-line progress indicator on stderr, only when it is a terminal. */
function progress(label: string): ((done: number, total: number) => void) & { end: () => void } {
  const tty = process.stderr.isTTY === true;
  let shown = false;
  const f = (done: number, total: number): void => {
    if (!tty) return;
    shown = true;
    process.stderr.write(`\r${label} ${done}/${total}\x1b[K`);
  };
  return Object.assign(f, {
    end: () => {
      if (shown) process.stderr.write('\r\x1b[K');
    },
  });
}

async function main(argv: string[]): Promise<number> {
  if (argv.length === 0 || argv.includes('-h') || argv.includes('--help')) {
    (argv.length === 0 ? process.stderr : process.stdout).write(`${HELP}\n`);
    return argv.length === 0 ? 2 : 0;
  }
  const [command, ...rest] = argv as [string, ...string[]];
  if (!(command in FLAGS)) usage(`unknown command "${command}"`);
  const options: ParseArgsOptionsConfig = {
    root: { type: 'string' },
    against: { type: 'string', multiple: true },
    in: { type: 'string' },
  };
  for (const flag of FLAGS[command]!) options[flag] = { type: 'boolean' };
  let values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  try {
    ({ values } = parseArgs({ args: rest, options, strict: true, allowPositionals: false }));
  } catch (e) {
    // parseArgs names the option and what is wrong with it (unknown, missing value, stray argument).
    usage(`${command}: ${(e as Error).message}`);
  }
  const against = (values['against'] ?? []) as string[];
  if (against.length > 0 && command !== 'outdated') usage('--against applies to outdated only');
  const folder = values['in'];
  if (folder !== undefined && command !== 'mirrors') usage('--in applies to mirrors only');
  if (command === 'mirrors') {
    if (typeof folder !== 'string') usage('mirrors needs --in <folder>, e.g. --in /srv/mirrors');
    let found;
    try {
      found = findMirrors(folder);
    } catch (e) {
      usage(`mirrors: ${(e as Error).message}`);
    }
    if (found.size === 0) usage(`mirrors: no git repository in ${resolve(folder)} (layouts: --help)`);
    process.stdout.write(`export CITATION_MIRRORS="${mirrorsValue(found)}"\n`);
    process.stderr.write(`${found.size} mirror(s): ${[...found.keys()].join(', ')}\n`);
    return 0;
  }
  if (command === 'outdated' && against.length === 0) usage('outdated needs --against <ref>, e.g. --against v3.7.1');
  const root = typeof values['root'] === 'string' ? resolve(values['root']) : process.cwd();
  const flags = new Set(FLAGS[command]!.filter((f) => values[f] === true).map((f) => `--${f}`));

  const log = (line: string): void => {
    process.stderr.write(`${line}\n`);
  };
  const offline = flags.has('--offline');
  // The model's sources and bindings are citations too; Node imports them here, in this process.
  let model;
  try {
    model = await loadModelInputs(root);
  } catch (e) {
    process.stderr.write(`error: ${(e as Error).message}\n`);
    return 2;
  }
  const out = (lines: string[], stream: NodeJS.WritableStream = process.stdout): void => {
    for (const l of lines) stream.write(`${l}\n`);
  };
  // Every command reports its warnings, then its errors, on stderr.
  const problems = (r: { warnings: readonly string[]; errors: readonly string[] }): void => {
    out(
      r.warnings.map((w) => `warning: ${w}`),
      process.stderr,
    );
    out(
      r.errors.map((e) => `error: ${e}`),
      process.stderr,
    );
  };

  if (command === 'verify') {
    const strict = flags.has('--strict') || process.env.CITATIONS_STRICT === '1';
    const p = progress('verify: fetching files');
    const r = await runVerification({ root, strict, offline, log, onProgress: p, model });
    p.end();
    problems(r);
    const n = (s: string): number => r.citations.filter((c) => c.status === s).length;
    // Errors that belong to no checked citation (a malformed ref, a missing expect) count too.
    // With --strict, every citation that is not verified has an error of its own.
    const unattached =
      r.errors.length - r.citations.filter((c) => c.status === 'failed' || (strict && c.status !== 'verified')).length;
    const other = unattached > 0 ? `, ${unattached} other error(s) above` : '';
    out([
      `${r.citations.length} citations: ${n('verified')} verified, ${n('provisional')} provisional (checked at an earlier tag), ${n('pending')} pending, ${n('unverified')} not verified in this run, ${n('failed')} failed${other}${strict ? ' (strict)' : ''}.`,
    ]);
    if (r.notReResolved.length > 0) {
      const repos = [...new Set(r.notReResolved.map((x) => x.slice(0, x.indexOf('@'))))];
      out([
        `offline: ${r.notReResolved.length} ref(s) of ${repos.join(', ')} were not re-resolved (no CITATION_MIRRORS entry), so a tag moved upstream is not detected in this run; their lines were checked against the lock's commits.`,
      ]);
    }
    if (r.errors.length === 0 && n('verified') < r.citations.length && !strict) {
      out([
        'Not everything was verified: provisional, pending and unreadable citations are only warnings. Use --strict (or CITATIONS_STRICT=1) to make them fail.',
      ]);
    }
    return r.configErrors.length > 0 ? 2 : r.errors.length > 0 ? 1 : 0;
  }
  if (command === 'pin') {
    const p = progress('pin: fetching files');
    const r = await runPin({
      root,
      model,
      offline,
      refresh: flags.has('--refresh'),
      acceptChanges: flags.has('--accept-changes'),
      log,
      onProgress: p,
    });
    p.end();
    problems(r);
    // What this run pinned, by name: the one line a reader who added a citation looks for.
    const lockNow = r.added.length + r.updated.length > 0 ? (await readLock(root)).entries : new Map();
    for (const [what, keys] of [
      ['pinned', r.added],
      ['re-pinned', r.updated],
    ] as const) {
      for (const k of keys) {
        const e = lockNow.get(k);
        out([
          `${what}: ${k}${e?.commit ? ` at ${e.commit.slice(0, 7)}${e.status === 'provisional' ? ` (provisional: read at ${e.read?.ref ?? 'an earlier tag'})` : ''}` : ''}`,
        ]);
      }
    }
    const failed = r.failed.length > 0 ? ` (${r.failed.length} failed)` : '';
    const provisional =
      r.provisional.length > 0
        ? ` (${r.provisional.length} of the entries provisional: checked at an earlier tag)`
        : '';
    out([
      `pinned ${r.added.length} new, ${r.updated.length} updated, ${r.pending.length} pending${failed}, ${r.kept.length} unchanged, ${r.pruned.length} pruned; ${r.wrote ? 'wrote' : 'no change to'} citations.lock.json${provisional}.`,
    ]);
    return r.configErrors.length > 0 ? 2 : r.errors.length > 0 ? 1 : 0;
  }
  if (command === 'relocate') {
    const dryRun = flags.has('--dry-run');
    const r = await runRelocate({ root, offline, dryRun, log, model });
    for (const m of r.relocated) out([formatRelocation(m), ...formatChanges(m.changes)]);
    out(
      r.warnings.map((w) => `warning: ${w}`),
      process.stderr,
    );
    const hand = new Set(r.needsHand.map((h) => h.message));
    out(
      r.errors.filter((e) => !hand.has(e)).map((e) => `error: ${e}`),
      process.stderr,
    );
    for (const h of r.needsHand) out([`error: ${h.message}`, ...formatChanges(h.changes)], process.stderr);
    const n = (s: string): number => r.relocated.filter((m) => m.state === s).length;
    const next = r.relocated.length && !dryRun ? '; now run `npm run cite -- pin`' : '';
    out([
      `${n('moved')} moved, ${n('edited')} edited and relocated (review them), ${r.unchanged} unchanged, ${r.skipped} skipped (not pinned), ${r.errors.length} need a hand${next}.`,
    ]);
    return r.configErrors.length > 0 ? 2 : r.errors.length > 0 ? 1 : 0;
  }
  const r = await runOutdated({ root, offline, against, log, model });
  for (const i of r.items) {
    if (i.state !== 'unchanged')
      out([`${i.state}: ${i.message}`, ...('changes' in i.drift ? formatChanges(i.drift.changes) : [])]);
  }
  problems(r);
  const n = (s: string): number => r.items.filter((i) => i.state === s).length;
  out([
    `${r.items.length} compared: ${n('unchanged')} unchanged, ${n('moved')} moved, ${n('edited')} edited, ${n('gone')} gone.`,
  ]);
  return r.configErrors.length > 0 ? 2 : r.errors.length > 0 ? 1 : 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`cite: unexpected failure: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exitCode = 2;
  },
);
