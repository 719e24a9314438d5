import { describe, expect, it } from 'vitest';
import { CALCULATORS, loadCalculator } from '../../../src/lib/calculators/registry.ts';
import { useSourceLinks } from '../../../src/lib/calculators/ref-link.ts';
import { designDocMarkdown } from '../../../src/lib/calculators/render-markdown.ts';
import { severeNotes } from '../../../src/lib/calculators/result-doc.ts';
import { textOf, type Tree } from '../../../src/lib/calculators/tree.ts';
import { CALCULATOR_SCHEMAS, type CalculatorId } from '../../../src/lib/model/calculator-state.ts';
import { defaultState } from '../../../src/lib/model/url-state.ts';
import { CHANNEL_STATES } from '../../helpers/calculator-states.ts';
import { expectMarkdownCarries, norm, type ShownResult } from '../../helpers/channel-compare.ts';

const permalink = (ref: string) =>
  `https://github.com/example/upstream/blob/${'a'.repeat(40)}/${encodeURIComponent(ref)}`;

/** What the result region would show: its tree read as the browser would read its DOM. */
function shown(trees: readonly Tree[]): ShownResult {
  const leaves: string[] = [];
  const severities: [string, string][] = [];
  const links: string[] = [];
  const walk = (t: Tree): void => {
    if (typeof t === 'string') {
      if (norm(t)) leaves.push(norm(t));
      return;
    }
    if (t.attrs['data-severity']) severities.push([t.attrs['data-severity'], norm(textOf(t))]);
    if (t.tag === 'a' && t.attrs['href']) links.push(t.attrs['href']);
    t.children.forEach(walk);
  };
  trees.forEach(walk);
  return { leaves, severities, links };
}

const ids = Object.keys(CALCULATORS) as CalculatorId[];
const cases = ids.flatMap((id) => CHANNEL_STATES[id].map((s) => [id, s.name, s] as const));

describe('every calculator’s page result and design-doc copy render one document', () => {
  it('each calculator has channel states, the default first', () => {
    expect(Object.keys(CHANNEL_STATES).sort()).toEqual([...ids].sort());
    for (const id of ids) expect(CHANNEL_STATES[id][0]?.raw).toEqual({});
  });

  it.each(cases)('%s, %s', async (id, name, state) => {
    const entry = await loadCalculator(id);
    const raw = { ...entry.def.toRaw(defaultState(CALCULATOR_SCHEMAS[id]) as never), ...state.raw };
    const first = entry.def.compute(raw);
    expect(first.errors, 'the state’s inputs are valid').toEqual({});
    const doc = first.doc!;
    // Render again with a link for every deciding ref, as the build gives them.
    const links = Object.fromEntries(doc.sources.map((r) => [r, { href: permalink(r), status: 'verified' }]));
    useSourceLinks(links, { replace: true });
    const out = entry.def.compute(raw);
    const md = designDocMarkdown(out.doc!, {
      title: 'T',
      inputs: [],
      links,
      liveUrl: 'https://guide.example/#t',
      version: 'v',
    });
    const page = shown(out.result);
    expectMarkdownCarries(page, md, `${id} (${name})`);

    // The page's severities are the document's, and the state gives the ones it is meant to.
    expect(page.severities.map(([tone]) => tone)).toEqual(severeNotes(out.doc!).map(([tone]) => tone));
    for (const [tone, pattern] of state.expect ?? [])
      expect(
        page.severities.some(([t, text]) => t === tone && pattern.test(text)),
        `${tone} ${pattern}`,
      ).toBe(true);
    // The deciding refs are linked in both; the rule is in both.
    for (const ref of doc.sources) {
      expect(page.links).toContain(permalink(ref));
      expect(md).toContain(permalink(ref));
    }
    expect(page.leaves.join(' ')).toContain(norm(doc.rule));
  });
});

describe('deciding sources', () => {
  it('the hardware calculator names the guide lines of the class it picked, as the model does', async () => {
    const { CLASS_SOURCE } = await import('../../../src/lib/calculators/hardware.ts');
    const { HARDWARE_CLASSES } = await import('../../../src/lib/model/hardware.ts');
    for (const k of HARDWARE_CLASSES) expect(CLASS_SOURCE[k.id], k.id).toBe(k.ref);
  });
});
