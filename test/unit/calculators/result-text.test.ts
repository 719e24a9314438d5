/**
 * What results say in words: numbers that must read apart from the bound they are compared with,
 * singular and plural, units read from upstream text, and sources linked as pinned refs.
 */
import { describe, expect, it } from 'vitest';
import { CALCULATOR_SCHEMAS, type CalculatorId } from '../../../src/lib/model/calculator-state.ts';
import { defaultState } from '../../../src/lib/model/url-state.ts';
import type { CalcDef, Raw } from '../../../src/lib/calculators/calc.ts';
import { textOf } from '../../../src/lib/calculators/tree.ts';
import { inlineText, type ResultDoc } from '../../../src/lib/calculators/result-doc.ts';
import { maintenanceCalc } from '../../../src/lib/calculators/maintenance.ts';
import { limitsCalc } from '../../../src/lib/calculators/limits.ts';
import { dbSizeCalc } from '../../../src/lib/calculators/db-size.ts';
import { timeoutsCalc } from '../../../src/lib/calculators/timeouts.ts';
import { readPathCalc } from '../../../src/lib/calculators/read-path.ts';
import { fmtNumApart } from '../../../src/lib/calculators/format.ts';
import * as SOURCES from '../../../src/lib/model/sources.ts';
import { parseCitationRef } from '../../../src/lib/citations/ref.ts';

function run<Id extends CalculatorId>(calc: CalcDef<Id>, over: Readonly<Raw>): { text: string; doc: ResultDoc } {
  const base = calc.toRaw(defaultState(CALCULATOR_SCHEMAS[calc.id]) as never);
  const out = calc.compute({ ...base, ...over });
  if (!out.doc) throw new Error(`${calc.id} refused ${JSON.stringify(over)}: ${JSON.stringify(out.errors)}`);
  return { text: textOf(out.result), doc: out.doc };
}

describe('numbers read apart from their bound', () => {
  it('fmtNumApart adds the decimals that tell two numbers apart, and no more', () => {
    expect(fmtNumApart(1.0002, 1)).toBe('1.0002');
    expect(fmtNumApart(0.9999, 1)).toBe('0.9999');
    expect(fmtNumApart(0.83333, 1)).toBe('0.83');
    expect(fmtNumApart(1, 1)).toBe('1');
  });
  it('limits: 5,001 nodes of 5,000 is a ratio above 1, shown as such', () => {
    const { text } = run(limitsCalc, { n: '5001' });
    expect(text).toContain('5,001 of 5,000: ratio 1.0002, beyond the tested envelope');
    expect(text).not.toMatch(/ratio 1, beyond/);
    expect(run(limitsCalc, { n: '5000' }).text).toContain('5,000 of 5,000: ratio 1, approaching');
  });
  it('limits: the size rows say how "1.5MB" and "1.5GB" were read', () => {
    const { text } = run(limitsCalc, { os: '100', ts: '100' });
    expect(text).toContain('100 KiB of 1,536 KiB (thresholds.md writes "1.5MB"; read as 1.5 MiB');
    expect(text).toContain('100 MiB of 1,536 MiB (thresholds.md writes "1.5GB"; read as 1.5 GiB');
  });
});

describe('singular and plural', () => {
  it('dbSize: planning for 1 day says "1 day"', () => {
    const { text } = run(dbSizeCalc, { hd: '1' });
    expect(text).toContain('Quota to set (1 day, +');
    expect(text).not.toMatch(/\b1 days\b/);
  });
});

describe('timeouts: an election timeout that is not a whole number of ticks', () => {
  it('says etcd truncates it, and to what', () => {
    const { text, doc } = run(timeoutsCalc, { h: '100', e: '1050' });
    expect(text).toContain(
      'etcd truncates your election timeout to whole heartbeat ticks: 1,050 ÷ 100 is 10 ticks, so it runs as 1,000 ms, not 1,050 ms',
    );
    expect(doc.sources).toEqual(
      expect.arrayContaining([SOURCES.etcdTimingFieldsUint, SOURCES.etcdElectionTicks, SOURCES.etcdRaftElectionTick]),
    );
  });
  it('stays silent for a whole number of ticks', () => {
    expect(run(timeoutsCalc, { h: '100', e: '1000' }).text).not.toContain('truncates');
    expect(run(timeoutsCalc, { h: '150', e: '1500' }).text).not.toContain('truncates');
  });
});

describe('maintenance: the 7-member advice is a pinned ref, not a bare URL', () => {
  it('links etcd’s v3.7 FAQ at a commit, and the warning text holds no URL', () => {
    const { doc } = run(maintenanceCalc, { f: '3', k: '1' });
    const warning = doc.blocks.find((b) => b.kind === 'para' && b.tone === 'warning');
    expect(warning && warning.kind === 'para' ? inlineText(warning.content) : '').toMatch(
      /more than the 7 etcd recommends/,
    );
    expect(JSON.stringify(doc)).not.toContain('https://');
    expect(doc.sources).toContain(SOURCES.etcdFaqMaxClusterSize);
    const ref = parseCitationRef(SOURCES.etcdFaqMaxClusterSize);
    expect(ref.path).toBe('content/en/docs/v3.7/faq.md');
    expect(ref.ref).toMatch(/^[0-9a-f]{40}$/);
    expect(run(maintenanceCalc, { f: '1', k: '1' }).doc.sources).not.toContain(SOURCES.etcdFaqMaxClusterSize);
  });
});

describe('read-path explorer: every kind of continue token, and an unsupported resourceVersionMatch', () => {
  it('answers each with what kube-apiserver returns', () => {
    expect(run(readPathCalc, { cont: 'latest', limit: '500' }).text).toContain(
      'Served by the watch cache, after an etcd current-revision read.',
    );
    expect(run(readPathCalc, { cont: 'latest', limit: '500', snap: '0' }).text).toContain(
      'Served by etcd, as a linearizable read.',
    );
    expect(run(readPathCalc, { cont: 'norv' }).text).toContain(
      '400 Bad Request, no Retry-After: invalid continue token: continue key is not valid: incorrect encoded start resourceVersion',
    );
    expect(run(readPathCalc, { cont: 'bad' }).text).toContain(
      '400 Bad Request, no Retry-After: invalid continue token: continue key is not valid:',
    );
    expect(run(readPathCalc, { rv: '5', rvm: 'Other' }).text).toContain(
      '422 Unprocessable Entity, no Retry-After: Unsupported value: "Other"',
    );
  });
  it('keeps the continue kind in its state', () => {
    const base = readPathCalc.toRaw(defaultState(CALCULATOR_SCHEMAS.readPath) as never);
    expect(readPathCalc.compute({ ...base, cont: 'norv' }).state?.cont).toBe('norv');
    expect(readPathCalc.compute({ ...base, rv: '5', rvm: 'Other' }).state?.rvm).toBe('Other');
  });
});
