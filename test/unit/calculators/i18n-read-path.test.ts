import { describe, expect, it } from 'vitest';
import { hintOf, viewIn, type Raw } from '../../../src/lib/calculators/calc.ts';
import { readPathCalc, readPathView } from '../../../src/lib/calculators/read-path.ts';
import { designDocMarkdown } from '../../../src/lib/calculators/render-markdown.ts';
import { inlineText, type Block } from '../../../src/lib/calculators/result-doc.ts';
import { JAPANESE, digits, tones } from '../../helpers/calc-language.ts';

/** Japanese text or its punctuation (an error line is kube-apiserver's English around `、` and `：`). */
const JAPANESE_OR_PUNCTUATION = /[\u3000-\u30ff\u4e00-\u9fff\uff00-\uffef]/;

const base: Raw = readPathCalc.toRaw({
  verb: 'LIST',
  res: 'cached',
  rv: '',
  rvm: '',
  limit: 0,
  cur: 100000,
  cont: '0',
  sel: false,
  ready: true,
  held: true,
  snap: true,
  pn: true,
});
const both = (over: Raw) => ({
  en: readPathCalc.compute({ ...base, ...over }),
  ja: readPathCalc.compute({ ...base, ...over }, 'ja'),
});

/** Every text of a block with the place it came from. */
function texts(b: Block): string[] {
  switch (b.kind) {
    case 'para':
      return [inlineText(b.content)];
    case 'facts':
      return b.rows.flatMap((r) => [r.label, inlineText(r.value)]);
    case 'list':
      return b.items.map(inlineText);
    default:
      return [];
  }
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * How the Japanese answer differs from the English one where it must not: it must have the same
 * state, errors, sources, blocks and tones, and every text in Japanese with the same figures.
 * Plain checks, so that the whole input space runs in a few seconds.
 */
function differences(over: Raw): string[] {
  const { en, ja } = both(over);
  const what = JSON.stringify(over);
  const found: string[] = [];
  const check = (ok: boolean, detail: string): void => {
    if (!ok) found.push(`${what}: ${detail}`);
  };
  check(same(ja.state, en.state), 'state');
  check(same(ja.errors, en.errors), 'errors');
  if (en.doc === null || ja.doc === null) return [...found, ...(en.doc === ja.doc ? [] : [`${what}: doc`])];
  check(en.doc.lang === 'en' && ja.doc.lang === 'ja', 'lang');
  check(same(ja.doc.sources, en.doc.sources), 'sources');
  check(same(tones(ja.doc), tones(en.doc)), 'blocks and tones');
  check(JAPANESE.test(ja.doc.rule), 'rule');
  en.doc.blocks.forEach((enBlock, i) => {
    const jaBlock = ja.doc!.blocks[i]!;
    if (enBlock.kind === 'refs') check(same(jaBlock, enBlock), 'refs');
    const enTexts = texts(enBlock);
    const jaTexts = texts(jaBlock);
    check(jaTexts.length === enTexts.length, `texts of block ${i}`);
    jaTexts.forEach((t, j) => {
      const e = enTexts[j]!;
      // Not left in English (a model sentence the catalogue does not know), and the same figures.
      check(t !== e, `left in English: ${e}`);
      check((jaBlock.kind === 'list' ? JAPANESE_OR_PUNCTUATION : JAPANESE).test(t), `not Japanese: ${t}`);
      check(same(digits(t), digits(e)), `figures differ: ${e} / ${t}`);
    });
  });
  return found;
}

const expectSameAnswer = (over: Raw): void => expect(differences(over)).toEqual([]);

describe('the read-path explorer in Japanese', () => {
  it('answers every branch with the same figures, in Japanese, in every block', () => {
    for (const over of [
      {},
      { verb: 'GET' },
      { verb: 'GET', rv: '0' },
      { verb: 'GET', rv: '00' },
      { verb: 'GET', rv: '500' },
      { verb: 'GET', rv: '100001' },
      { verb: 'GET', rv: '100001', pn: '0' },
      { verb: 'GET', rv: '500', ready: '0' },
      { verb: 'GET', rvm: 'Exact', limit: '5', cont: '1', sel: '1' },
      { verb: 'GET', sel: '1' },
      { verb: 'GET', limit: '3' },
      { verb: 'GET', rv: 'abc' },
      { verb: 'GET', rv: 'abc', ready: '0' },
      { pn: '0' },
      { ready: '0' },
      { ready: '0', sel: '1' },
      { ready: '0', limit: '10' },
      { rv: '0' },
      { rv: '00' },
      { rv: '0', limit: '10' },
      { rv: '500' },
      { rv: '100001' },
      { rv: '500', rvm: 'NotOlderThan' },
      { rv: '500', rvm: 'Exact' },
      { rv: '500', rvm: 'Exact', held: '0' },
      { rv: '500', rvm: 'Exact', snap: '0' },
      { rv: '999999', rvm: 'Exact', held: '0' },
      { rv: '999999', rvm: 'Exact', pn: '0' },
      { rv: '00', rvm: 'Exact' },
      { rv: '500', limit: '10' },
      { rv: '00', limit: '10' },
      { cont: '1' },
      { cont: '1', held: '0' },
      { cont: '1', snap: '0' },
      { cont: 'latest', limit: '500' },
      { cont: 'latest', limit: '500', snap: '0' },
      { cont: 'latest', limit: '500', pn: '0' },
      { cont: 'latest', limit: '500', ready: '0' },
      { cont: 'norv' },
      { cont: 'bad' },
      { cont: '1', rv: '5' },
      { rvm: 'Exact' },
      { rv: '5', rvm: 'Other' },
      { rv: '0', rvm: 'Exact', cont: '1' },
      { rv: 'abc' },
      { res: 'events' },
      { res: 'events', rv: '0', limit: '10', sel: '1' },
      { res: 'events', verb: 'GET', rv: '500' },
      { res: 'size0', rv: '500', rvm: 'Exact' },
      { res: 'size0', rv: '100001', rvm: 'Exact' },
      { res: 'off', verb: 'GET', rv: '100001' },
      { res: 'off', rv: '100001' },
      { res: 'off', cont: '1', limit: '10' },
      { res: 'off', cont: 'latest' },
    ])
      expectSameAnswer(over);
  });

  it('knows every sentence the model can say, over the whole space of inputs', () => {
    const pick = (key: string, values: readonly string[]) => values.map((v) => ({ [key]: v }));
    const product = (...sets: Raw[][]): Raw[] =>
      sets.reduce<Raw[]>((acc, set) => acc.flatMap((a) => set.map((s) => ({ ...a, ...s }))), [{}]);
    const flags = product(...['sel', 'ready', 'held', 'snap', 'pn'].map((k) => pick(k, ['0', '1'])));
    const requests = product(
      pick('verb', ['GET', 'LIST']),
      pick('res', ['cached', 'events', 'size0', 'off']),
      pick('rv', ['', '0', '00', '500', '0100001', 'x']),
      pick('rvm', ['', 'NotOlderThan', 'Exact', 'Other']),
      pick('limit', ['0', '10']),
      pick('cont', ['0', '1', 'latest', 'norv', 'bad']),
    );
    let checked = 0;
    const found: string[] = [];
    for (const request of requests) {
      // Without a watch cache the cache's flags change nothing but the selector.
      const variants = request['res'] === 'cached' ? flags : pick('sel', ['0', '1']);
      for (const f of variants) {
        found.push(...differences({ ...request, ...f }));
        checked++;
      }
    }
    expect(found.slice(0, 10)).toEqual([]);
    expect(checked).toBeGreaterThan(10_000);
  }, 60_000);

  it('marks bad numbers in Japanese, and still answers a GET whose limit is bad', () => {
    const list = readPathCalc.compute({ ...base, limit: 'abc' }, 'ja');
    expect(list.state).toBeNull();
    expect(list.errors['limit']).toMatch(JAPANESE);
    expect(list.errors['limit']!.startsWith('limit')).toBe(true);
    expect(JSON.stringify(list.result)).toContain('まだ結果はありません');
    const cur = readPathCalc.compute({ ...base, cur: '0' }, 'ja');
    expect(cur.errors['cur']).toMatch(/^etcd の現在のリビジョン/);
    const get = readPathCalc.compute({ ...base, verb: 'GET', limit: 'abc' }, 'ja');
    expect(get.errors['limit']).toMatch(JAPANESE);
    expect(get.state).toBeNull();
    expect(inlineText((get.doc!.blocks[0] as Extract<Block, { kind: 'para' }>).content)).toBe(
      'etcd が線形化可能な読み取りで応答します。',
    );
  });

  it('keeps kube-apiserver’s messages, statuses and Retry-After as it sends them', () => {
    const { ja } = both({ ready: '0' });
    const response = (ja.doc!.blocks.find((b) => b.kind === 'facts') as Extract<Block, { kind: 'facts' }>).rows[2]!;
    expect(response.label).toBe('レスポンス');
    expect(inlineText(response.value)).toBe(
      '429 Too Many Requests、Retry-After: 1–30（秒。キャッシュの準備ができていない時間が長いほど大きくなります）：storage is (re)initializing',
    );
    const refused = both({ rv: '999999', rvm: 'Exact', pn: '0' }).ja.doc!;
    expect(texts(refused.blocks[0]!)).toEqual([
      'kube-apiserver はまず etcd を 2 回読み取り、その後エラーで応答します：',
    ]);
    expect(texts(refused.blocks[1]!)).toEqual([
      '504 Gateway Timeout、Retry-After なし：Timeout: Too large resource version: 999999, current: 100000',
    ]);
  });

  it('the form and the design-doc copy speak Japanese', () => {
    const ja = viewIn(readPathView, 'ja');
    expect(ja.title).toBe('読み取り経路エクスプローラー（Kubernetes v1.37）');
    expect(ja.fields.map((f) => f.key)).toEqual(readPathView.fields.map((f) => f.key));
    ja.fields.forEach((f, i) => {
      const en = readPathView.fields[i]!;
      expect(f.kind).toBe(en.kind);
      expect(f.options?.map(([v]) => v)).toEqual(en.options?.map(([v]) => v));
      // Parameter names stay as the API spells them; every other label is Japanese.
      if (!['rv', 'rvm', 'limit'].includes(f.key)) expect(f.label, f.key).toMatch(JAPANESE);
      if (en.hint !== undefined) expect(hintOf('readPath', f), f.key).toMatch(JAPANESE);
    });
    const options = (key: string) => Object.fromEntries(ja.fields.find((f) => f.key === key)!.options!);
    expect(options('rvm')).toEqual({
      '': '未指定',
      NotOlderThan: 'NotOlderThan',
      Exact: 'Exact',
      Other: expect.stringMatching(JAPANESE),
    });
    expect(Object.values(options('res')).every((l) => JAPANESE.test(l))).toBe(true);
    expect(Object.values(options('cont')).every((l) => JAPANESE.test(l))).toBe(true);
    expect(viewIn(readPathView, 'en')).toBe(readPathView);

    const out = readPathCalc.compute({ ...base, ready: '0' }, 'ja');
    const md = designDocMarkdown(out.doc!, {
      title: ja.title,
      inputs: [{ label: ja.fields[0]!.label, value: 'LIST' }],
      links: {},
      liveUrl: 'https://h.example/ja/etcd-reads/?p.ready=0#p-title',
      version: 'guide abc1234',
    });
    expect(md).toContain('| 結果 | 値 |');
    expect(md).toContain('> **拒否：** **応答するものはありません（429 Too Many Requests）。**');
    expect(md).toContain('**ルール：** kube-apiserver v1.37 は');
  });
});
