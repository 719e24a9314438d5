/**
 * The browser looks a calculator's URL state up by id without the build's collection of every
 * schema (src/lib/model/calculator-state.ts): each definition module must register its own.
 * These tests load one definition into a fresh module graph, as a calculator's chunk does.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { CALCULATOR_PREFIX, CALCULATOR_SCHEMAS, type CalculatorId } from '../../../src/lib/model/calculator-state.ts';

const ROOT = join(import.meta.dirname, '../../..');
const kebab = (id: string): string => id.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const IDS = Object.keys(CALCULATOR_SCHEMAS) as CalculatorId[];

describe('each calculator definition registers its own URL state', () => {
  it.each(IDS)('%s: its definition alone gives its schema and prefix, and no other calculator’s', async (id) => {
    vi.resetModules();
    const url = await import('../../../src/lib/model/calculator-url.ts');
    await import(`../../../src/lib/calculators/${kebab(id)}.ts`);
    expect(url.calculatorSchema(id)).toEqual(CALCULATOR_SCHEMAS[id]);
    expect(url.calculatorPrefix(id)).toBe(CALCULATOR_PREFIX[id]);
    // A definition that pulled in other calculators' schemas would put them back in every page's JavaScript.
    for (const other of IDS.filter((o) => o !== id)) {
      expect(() => url.calculatorSchema(other)).toThrow(
        new RegExp(
          `Calculator "${other}" has no URL state registered\\. Fix: import src/lib/model/schemas/${kebab(other)}\\.ts`,
        ),
      );
    }
  });

  it('gives every calculator its own query prefix', () => {
    expect(new Set(Object.values(CALCULATOR_PREFIX)).size).toBe(IDS.length);
  });
});

describe('browser code reads the collection of every schema for its types only', () => {
  // Files whose code runs in the browser; registry.ts is build-time (it loads every calculator).
  const browserFiles = [
    ...readdirSync(join(ROOT, 'src/components/calculators'))
      .filter((f) => f.endsWith('.ts'))
      .map((f) => `src/components/calculators/${f}`),
    ...readdirSync(join(ROOT, 'src/lib/calculators'))
      .filter((f) => f.endsWith('.ts') && f !== 'registry.ts')
      .map((f) => `src/lib/calculators/${f}`),
    'src/lib/model/calculator-url.ts',
  ];

  it.each(browserFiles)('%s imports calculator-state.ts with `import type` only', (file) => {
    const text = readFileSync(join(ROOT, file), 'utf8');
    const imports = [...text.matchAll(/^import\s+(type\s+)?[^;]*?from\s+'[^']*calculator-state\.ts';/gms)];
    expect(imports.filter((m) => !m[1]).map((m) => m[0])).toEqual([]);
  });
});
