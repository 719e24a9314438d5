/**
 * The page's renderer of a result document: the element tree of the calculator's result region,
 * which the build serialises (so print and the wiki export read it) and the browser turns into
 * DOM nodes. Severity words and the rule are written here as text, so every channel that keeps
 * the page's text keeps them too.
 */
import { pageHref } from './page-link.ts';
import { refLink } from './ref-link.ts';
import { calcWords, type CalcWords } from './calc-words.ts';
import { blockRefs, type Block, type Inline, type ResultDoc, type Tone } from './result-doc.ts';
import { h, type Tree } from './tree.ts';

const TONE_CLASS: Readonly<Record<Tone, string>> = {
  lead: 'calc__lead',
  text: '',
  info: 'calc__note',
  warning: 'calc__warn',
  refusal: 'calc__warn',
};

/** Inline content as trees; a ref becomes its verified link (see ref-link.ts), a page a link under the base path. */
export function inlineTrees(content: readonly Inline[], words: CalcWords): Tree[] {
  return content.map((i) => {
    if (typeof i === 'string') return i;
    if ('code' in i) return h('code', {}, i.code);
    if ('strong' in i) return h('strong', {}, ...inlineTrees(i.strong, words));
    if ('ref' in i) return refLink(i.ref, words);
    if ('page' in i) return h('a', { href: pageHref(i.page) }, i.text);
    return h('br');
  });
}

function paraTree(tone: Tone, content: readonly Inline[], words: CalcWords): Tree {
  const label = words.severity[tone];
  const attrs: Record<string, string> = TONE_CLASS[tone] ? { class: TONE_CLASS[tone] } : {};
  if (label) attrs['data-severity'] = tone;
  // The space stays outside the strong text, where Markdown converters keep it as a plain space.
  const mark = label ? [h('strong', { class: 'calc__sev' }, `${label}${words.colon}`), ' '] : [];
  return h('p', attrs, ...mark, ...inlineTrees(content, words));
}

function tableTree(b: Extract<Block, { kind: 'table' }>, words: CalcWords): Tree {
  const style = (i: number): Record<string, string> =>
    b.align?.[i] === 'right' ? { style: 'text-align:right' } : b.align ? { style: 'text-align:left' } : {};
  const table = h(
    'table',
    { class: 'calc__table' },
    h('thead', {}, h('tr', {}, ...b.head.map((c, i) => h('th', { ...style(i), scope: 'col' }, c)))),
    h(
      'tbody',
      {},
      ...b.rows.map((r) =>
        h(
          'tr',
          r.flag ? { 'data-flag': r.flag } : {},
          ...r.cells.map((c, i) =>
            c.header
              ? h('th', { scope: 'row', ...style(i) }, ...inlineTrees(c.content, words))
              : h('td', style(i), ...inlineTrees(c.content, words)),
          ),
        ),
      ),
    ),
  );
  // Focusable and named, so that a reader can scroll it by keyboard when it is wider than the screen.
  const cls = b.className ? `calc__table-wrap ${b.className}` : 'calc__table-wrap';
  return h('div', { class: cls, tabindex: '0', role: 'region', 'aria-label': b.label }, table);
}

function blockTree(b: Block, words: CalcWords): Tree {
  switch (b.kind) {
    case 'facts':
      return h(
        'dl',
        { class: 'calc__facts' },
        ...b.rows.map((r) => h('div', {}, h('dt', {}, r.label), h('dd', {}, ...inlineTrees(r.value, words)))),
      );
    case 'para':
      return paraTree(b.tone, b.content, words);
    case 'list': {
      const items = b.items.map((item, i) =>
        h('li', b.numbers ? { value: String(b.numbers[i]) } : {}, ...inlineTrees(item, words)),
      );
      return h(b.numbers ? 'ol' : 'ul', b.className ? { class: b.className } : {}, ...items);
    }
    case 'table':
      return tableTree(b, words);
    case 'code':
      return h('pre', {}, h('code', {}, b.text));
    case 'refs':
      return h('ul', { class: 'calc__refs' }, ...b.refs.map((r) => h('li', {}, refLink(r, words))));
  }
}

/**
 * The result region's content: the blocks, then the rule, then any deciding ref not already
 * linked in the blocks.
 * @throws Error (at build time, from ref-link.ts) for a ref without a verified link.
 */
export function renderResultTree(doc: ResultDoc): Tree[] {
  const words = calcWords(doc.lang);
  const shown = new Set(doc.blocks.flatMap(blockRefs));
  const rest = doc.sources.filter((r) => !shown.has(r));
  return [
    ...doc.blocks.map((b) => blockTree(b, words)),
    h('p', { class: 'calc__rule' }, h('strong', {}, words.rule), ' ', doc.rule),
    rest.length > 0 ? h('p', { class: 'calc__note' }, words.upstreamSources) : null,
    rest.length > 0 ? blockTree({ kind: 'refs', refs: rest }, words) : null,
  ].filter((t): t is Tree => t !== null);
}
