import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { boundDefaultMismatches, extractBoundDefaults } from '../../../src/lib/citations/bound-defaults.ts';
import { toRenderData } from '../../../src/lib/citations/render-data.ts';
import { loadModelInputs } from '../../../src/tooling/model-inputs.ts';
import { startWorlds, stopWorlds, world, type World } from './world.ts';

beforeAll(async () => {
  await startWorlds();
});
afterAll(stopWorlds);

const LIMITS = 'package limits\n\nconst (\n\tDefaultLimit = 2 * 1024\n\tMaxLimit = 8 * 1024\n)\n';
const PATTERN = 'DefaultLimit = (\\d+) \\*';

/** Writes a fixture model: one calculator `db` with a numeric `quota` and a text `label`, and the bindings. */
function model(w: World, quotaDefault: number, bindings: string): void {
  const dir = join(w.site.root, 'src/lib/model');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'calculator-state.ts'),
    `export const CALCULATOR_SCHEMAS = { db: { quota: { kind: 'whole', min: 0, max: 1e6, default: ${quotaDefault} }, label: { kind: 'enum', values: ['a'], default: 'a' } } };\n`,
  );
  writeFileSync(join(dir, 'bound-defaults.ts'), `export const BOUND_DEFAULTS = [\n${bindings}\n];\n`);
}

const binding = (ref: string, extra = ''): string =>
  `  { calculator: 'db', field: 'quota', ref: '${ref}', pattern: '${PATTERN.replace(/\\/g, '\\\\')}'${extra} },`;

async function pinned(quotaDefault: number, extra = ''): Promise<{ w: World; ref: string }> {
  const w = world('mirror');
  w.repo.commit({ 'limits.go': LIMITS });
  w.repo.tag('v1');
  const ref = w.ref('v1', 'limits.go', 'L4');
  w.site.page('p.mdx', '# P\n');
  model(w, quotaDefault, binding(ref, extra));
  const pin = await w.pin();
  expect(pin.errors).toEqual([]);
  return { w, ref };
}

describe('a calculator default bound to an upstream constant', () => {
  test('is pinned like a <Value> and verified when upstream and the default agree', async () => {
    const { w, ref } = await pinned(2048, ', factor: 1024');
    expect(JSON.parse(w.lockText()).entries[0]).toMatchObject({ key: ref, values: { [PATTERN]: '2' } });
    const r = await w.verify({ strict: true });
    expect(r.errors).toEqual([]);
    expect(r.citations).toHaveLength(1);
    expect(r.citations[0]).toMatchObject({ status: 'verified', value: '2' });
    expect(r.citations[0]!.citation).toMatchObject({
      kind: 'Value',
      file: 'src/lib/model/bound-defaults.ts',
      line: 2,
      bound: {
        calculator: 'db',
        field: 'quota',
        default: 2048,
        factor: 1024,
        schemas: 'src/lib/model/calculator-state.ts',
      },
    });
    expect(toRenderData(r).citations[0]).toMatchObject({ kind: 'value', bound: { calculator: 'db', field: 'quota' } });
  });

  test('fails verification, naming both numbers and the file to change, when they differ', async () => {
    const { w } = await pinned(2000, ', factor: 1024');
    const r = await w.verify();
    expect(r.citations[0]!.status).toBe('failed');
    expect(r.errors).toEqual([
      expect.stringMatching(
        /^src\/lib\/model\/bound-defaults\.ts:2: db\.quota is bound to .*: upstream says 2 × 1024 = 2048, but the calculator's default is 2000\. Fix: set the default in src\/lib\/model\/calculator-state\.ts to 2048/,
      ),
    ]);
  });

  test('a lock value that disagrees with the lines read is reported as such, and the advice follows the lines', async () => {
    const { w, ref } = await pinned(2);
    const lock = JSON.parse(w.lockText()) as { entries: { key: string; values?: Record<string, string> }[] };
    lock.entries.find((e) => e.key === ref)!.values = { [PATTERN]: '3' };
    writeFileSync(join(w.site.root, 'citations.lock.json'), JSON.stringify(lock, null, 2) + '\n');
    const r = await w.verify();
    const errors = r.errors.join('\n');
    expect(errors).toMatch(/upstream changed the value from "3" to "2"/);
    // The default (2) matches what upstream says (2): no advice to set it to the lock's 3.
    expect(errors).not.toMatch(/upstream says 3/);
    expect(boundDefaultMismatches(r.citations)).toEqual([]);
  });

  test('fails when upstream changes the constant, like any <Value>', async () => {
    const { w } = await pinned(2);
    w.repo.commit({ 'limits.go': LIMITS.replace('= 2 *', '= 4 *') });
    w.repo.tag('v1');
    expect((await w.pin({ refresh: true })).errors.join('\n')).toMatch(
      /upstream changed the value from "2" \(v1\) to "4" \(v1\)\. Check the prose/,
    );
    expect((await w.pin({ refresh: true, acceptChanges: true })).errors).toEqual([]);
    const r = await w.verify();
    expect(r.errors.join('\n')).toMatch(
      /db\.quota is bound to .*: upstream says 4, but the calculator's default is 2\./,
    );
  });

  test.each([
    [
      `  { calculator: 'nope', field: 'quota', ref: 'a/b@v1:x.go#L1', pattern: '(\\\\d+)' },`,
      /names calculator "nope", which .* does not define\. Fix: use one of db/,
    ],
    [
      `  { calculator: 'db', field: 'size', ref: 'a/b@v1:x.go#L1', pattern: '(\\\\d+)' },`,
      /names field "size", which the db calculator does not have\. Fix: use one of quota, label/,
    ],
    [
      `  { calculator: 'db', field: 'label', ref: 'a/b@v1:x.go#L1', pattern: '(\\\\d+)' },`,
      /whose default is not a number/,
    ],
    [
      `  { calculator: 'db', field: 'quota', ref: 'a/b@v1:x.go#L1', pattern: '\\\\d+' },`,
      /has a pattern that has 0 capture groups, not 1/,
    ],
    [
      `  { calculator: 'db', field: 'quota', ref: 'a/b@v1:x.go', pattern: '(\\\\d+)' },`,
      /has a bad ref: Malformed citation ref/,
    ],
    [
      `  { calculator: 'db', field: 'quota', ref: 'a/b@v1:x.go#L1', pattern: '(\\\\d+)', factor: 0 },`,
      /has factor 0\. Fix: give a positive number/,
    ],
  ])('%s is an extraction error with the file and line', async (entry, message) => {
    const w = world('mirror');
    model(w, 2, entry);
    const { citations, errors } = extractBoundDefaults(await loadModelInputs(w.site.root));
    expect(citations).toEqual([]);
    expect(errors.map((e) => e.message)).toEqual([
      expect.stringMatching(
        new RegExp(`^src/lib/model/bound-defaults\\.ts:2:1: BOUND_DEFAULTS\\[0\\] .*${message.source}`),
      ),
    ]);
  });

  test('a model constant whose ref is built from parts is placed by its line range, and compared by its value', async () => {
    const w = world('mirror');
    model(w, 2, '');
    writeFileSync(
      join(w.site.root, 'src/lib/model/bound-defaults.ts'),
      `const FILE = 'a/b@v1:limits.go';\nexport const BOUND_DEFAULTS = [\n  { constant: 'LIMITS.max', value: 8, ref: \`\${FILE}#L5\`, pattern: 'MaxLimit = (\\\\d+)', factor: 1024 },\n];\n`,
    );
    const { citations, errors } = extractBoundDefaults(await loadModelInputs(w.site.root));
    expect(errors).toEqual([]);
    expect(citations).toHaveLength(1);
    expect(citations[0]).toMatchObject({
      refText: 'a/b@v1:limits.go#L5',
      line: 3,
      bound: { constant: 'LIMITS.max', default: 8, factor: 1024 },
      // Not a literal in the module: relocate says to edit it by hand.
      refAttrRange: { start: -1, end: -1 },
    });
    expect(boundDefaultMismatches([{ citation: citations[0]!, captured: '8' }])).toEqual([
      expect.stringMatching(
        /^src\/lib\/model\/bound-defaults\.ts:3: LIMITS\.max is bound to .*: upstream says 8 × 1024 = 8192, but the model's LIMITS\.max is 8\. Fix: change LIMITS\.max/,
      ),
    ]);
    expect(
      boundDefaultMismatches([
        { citation: { ...citations[0]!, bound: { ...citations[0]!.bound!, default: 8192 } }, captured: '8' },
      ]),
    ).toEqual([]);
  });

  test('a value that is not a decimal number is reported, not compared', () => {
    const citation = {
      file: 'src/lib/model/bound-defaults.ts',
      line: 3,
      refText: 'a/b@v1:x.go#L1',
      pattern: '(\\w+)',
      bound: { calculator: 'db', field: 'quota', default: 2, factor: 1, schemas: 'src/lib/model/calculator-state.ts' },
    };
    expect(boundDefaultMismatches([{ citation, value: 'two' }])).toEqual([
      expect.stringMatching(/whose value "two" is not a decimal number/),
    ]);
    expect(boundDefaultMismatches([{ citation, value: '2' }])).toEqual([]);
    expect(boundDefaultMismatches([{ citation }])).toEqual([]);
  });
});
