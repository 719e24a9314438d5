/**
 * The words every calculator shares, per language: the result's frame (severity labels, the
 * rule, the sources line), the design-doc copy's table headings, the form's chrome, and the
 * number parser's messages (src/lib/model/input-words.ts). Each calculator's own text lives beside it (`messages` in its
 * module); these are what the renderers add around it. Shipped to the browser with the shared
 * calculator code, so kept to what a channel prints.
 */
import { NUMBER_WORDS, type NumberWords } from '../model/input-words.ts';
import type { Tone } from './result-doc.ts';

/** The languages the calculators speak; a page in any other language gets English. */
export type CalcLang = 'en' | 'ja';

export interface CalcWords {
  lang: CalcLang;
  severity: Readonly<Partial<Record<Tone, string>>>;
  /** After a label in running text: `Warning:`, `警告：`. */
  colon: string;
  rule: string;
  upstreamSources: string;
  result: string;
  value: string;
  input: string;
  liveCalculator: string;
  /** The wiki export's line under a calculator: its lead, and the link to the live calculator. */
  wikiInputs: string;
  wikiLive: string;
  inputs: string;
  yes: string;
  no: string;
  copyLink: string;
  copyForDesignDoc: string;
  /** A source link's state in the design-doc copy when the build verified it (`(verified)`). */
  sourceVerified: string;
  /** After a source's label when the page holds no link for it (a build without verification). */
  linkUnavailable: string;
  /** The language's parentheses around a source link's state, space included: ` (…)`, `（…）`. */
  paren: readonly [string, string];
  noResultYet: (marked: number) => string;
  internalError: (detail: string) => string;
  /** Copy link's status line. */
  copy: { fixFirst: string; cannotHold: string; copied: string; blocked: string };
  /** "Copy for a design doc"'s announcements (src/components/footer/design-doc.ts). */
  designDoc: { notLoaded: string; fixFirst: string; failed: (why: string) => string; copied: string; blocked: string };
  number: NumberWords;
}

const EN: CalcWords = {
  lang: 'en',
  number: NUMBER_WORDS.en,
  severity: { warning: 'Warning', refusal: 'Refused' },
  colon: ':',
  rule: 'Rule:',
  upstreamSources: 'Upstream sources that decided this result:',
  result: 'Result',
  value: 'Value',
  input: 'Input',
  liveCalculator: 'Live calculator:',
  wikiInputs: 'Inputs: ',
  wikiLive: 'Open the live calculator with these inputs',
  inputs: 'Inputs',
  yes: 'yes',
  no: 'no',
  copyLink: 'Copy link',
  copyForDesignDoc: 'Copy for a design doc',
  sourceVerified: 'verified',
  linkUnavailable: 'link unavailable',
  paren: [' (', ')'],
  noResultYet: (n) => `No result yet: fix the ${n === 1 ? 'marked input' : `${n} marked inputs`}.`,
  internalError: (detail) =>
    `Internal error on this input (${detail}); please report it with this page\u2019s address.`,
  copy: {
    fixFirst: 'Not copied: fix the marked input first',
    cannotHold: 'Not copied: a link cannot hold this input exactly (too long, or it has control characters, <, > or `)',
    copied: 'Copied: the link restores every calculator on this page',
    blocked: 'Could not copy: copy the address bar instead',
  },
  designDoc: {
    notLoaded: 'The calculator’s code has not loaded, so there is nothing to copy yet: reload the page and try again.',
    fixFirst: 'Fix the inputs marked as invalid first: the block would not match what the calculator shows.',
    failed: (why) => `Could not build the block: ${why}`,
    copied: 'Copied the calculator’s inputs, results and sources as Markdown.',
    blocked: 'Copying is blocked here; select the calculator’s table and copy it by hand.',
  },
};

const JA: CalcWords = {
  lang: 'ja',
  number: NUMBER_WORDS.ja,
  severity: { warning: '警告', refusal: '拒否' },
  colon: '：',
  rule: 'ルール：',
  upstreamSources: 'この結果を決めたアップストリームのソース：',
  result: '結果',
  value: '値',
  input: '入力',
  liveCalculator: 'ライブの計算ツール：',
  wikiInputs: '入力：',
  wikiLive: 'この入力でライブの計算ツールを開く',
  inputs: '入力',
  yes: 'はい',
  no: 'いいえ',
  copyLink: 'リンクをコピー',
  copyForDesignDoc: '設計ドキュメント用にコピー',
  sourceVerified: '検証済み',
  linkUnavailable: 'リンクなし',
  paren: ['（', '）'],
  noResultYet: (n) => `まだ結果はありません。印の付いた入力${n === 1 ? '' : ` ${n} 件`}を直してください。`,
  internalError: (detail) =>
    `この入力で内部エラーが起きました（${detail}）。このページのアドレスを添えて報告してください。`,
  copy: {
    fixFirst: 'コピーしていません。先に印の付いた入力を直してください',
    cannotHold:
      'コピーしていません。この入力はリンクに正確に収められません（長すぎるか、制御文字、<、>、` を含んでいます）',
    copied: 'コピーしました。このリンクでページ上のすべての計算ツールが復元されます',
    blocked: 'コピーできませんでした。アドレスバーからコピーしてください',
  },
  designDoc: {
    notLoaded:
      '計算ツールのコードがまだ読み込まれていないため、コピーできるものがありません。ページを再読み込みしてもう一度試してください。',
    fixFirst:
      '先に、無効と示された入力を直してください。このままでは、コピーする内容が計算ツールの表示と一致しません。',
    failed: (why) => `ブロックを作成できませんでした：${why}`,
    copied: '計算ツールの入力、結果、出典を Markdown としてコピーしました。',
    blocked: 'ここではコピーが禁止されています。計算ツールの表を選択して手動でコピーしてください。',
  },
};

const WORDS: Record<CalcLang, CalcWords> = { en: EN, ja: JA };

/** The calculators' language for a page language (`ja`, `ja-JP`, `en`, …): English unless it has words. */
export function calcLang(lang: string | null | undefined): CalcLang {
  const base = lang?.split('-')[0];
  return base === 'ja' ? 'ja' : 'en';
}

/** The shared words in a language (see {@link calcLang}). */
export function calcWords(lang: string | null | undefined = 'en'): CalcWords {
  return WORDS[calcLang(lang)];
}

/** Every language's words, for readers of an export that must recognise any of them. */
export const ALL_CALC_WORDS: readonly CalcWords[] = Object.values(WORDS);
