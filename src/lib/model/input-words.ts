/**
 * What the number parser (./input.ts) says, per language: each message is built around the
 * field's label and the text the reader wrote, so a message names the field and quotes the input
 * in the reader's language. The parsing rules are the same in every language.
 */

/** What the number parser says (src/lib/model/input.ts), each message built around the field's label. */
export interface NumberWords {
  wholeRange: (min: number, max: number) => string;
  anyRange: (min: number, max: number) => string;
  empty: (label: string, range: string) => string;
  tooLong: (label: string, range: string) => string;
  tooLarge: (label: string, range: string) => string;
  notANumber: (label: string, range: string, shown: string) => string;
  negative: (label: string, range: string) => string;
  atLeast: (label: string, min: number, got: string) => string;
  atMost: (label: string, max: number, got: string) => string;
  notWhole: (label: string, got: string) => string;
  /** "1.000": a thousand, or one; `sep` is the separator's name in this language. */
  ambiguous: (label: string, shown: string, grouped: string, decimal: string, sep: 'point' | 'comma') => string;
  noGrouping: (label: string, grouped: string) => string;
  decimalPoint: (label: string, decimal: string, shown: string) => string;
  notWholeShown: (label: string, range: string, shown: string) => string;
  percent: (label: string) => string;
  /** A cross-field check: `stopped` (its label) over the configured member count. */
  stoppedOver: (stopped: string, k: number, n: number) => string;
}

const EN: NumberWords = {
  wholeRange: (min, max) => `a whole number from ${min} to ${max}`,
  anyRange: (min, max) => `a number from ${min} to ${max}`,
  empty: (label, range) => `${label} is empty: enter ${range}.`,
  tooLong: (label, range) => `${label} is too long: enter ${range}.`,
  tooLarge: (label, range) => `${label} is too large: enter ${range}.`,
  notANumber: (label, range, shown) => `${label} must be ${range}; "${shown}" is not a number.`,
  negative: (label, range) => `${label} cannot be negative: enter ${range}.`,
  atLeast: (label, min, got) => `${label} must be at least ${min}; got ${got}.`,
  atMost: (label, max, got) => `${label} must be at most ${max}; got ${got}.`,
  notWhole: (label, got) => `${label} must be a whole number; got ${got}.`,
  ambiguous: (label, shown, grouped, decimal, sep) =>
    `${label}: ${shown} is ambiguous — write ${grouped} if the ${sep} separates thousands, or ${decimal} if it is a decimal ${sep}.`,
  noGrouping: (label, grouped) => `${label}: leave out the thousands separator — write ${grouped}.`,
  decimalPoint: (label, decimal, shown) => `${label}: use a decimal point — write ${decimal}, not ${shown}.`,
  notWholeShown: (label, range, shown) => `${label} must be ${range}; ${shown} is not a whole number.`,
  percent: (label) => `${label} (percent)`,
  stoppedOver: (stopped, k, n) => `${stopped} (${k}) cannot exceed the ${n} configured members.`,
};

const JA: NumberWords = {
  wholeRange: (min, max) => `${min} から ${max} までの整数`,
  anyRange: (min, max) => `${min} から ${max} までの数値`,
  empty: (label, range) => `${label}が空です。${range}を入力してください。`,
  tooLong: (label, range) => `${label}が長すぎます。${range}を入力してください。`,
  tooLarge: (label, range) => `${label}が大きすぎます。${range}を入力してください。`,
  notANumber: (label, range, shown) => `${label}は ${range}にしてください。「${shown}」は数値ではありません。`,
  negative: (label, range) => `${label}は負の値にできません。${range}を入力してください。`,
  atLeast: (label, min, got) => `${label}は ${min} 以上にしてください（入力値 ${got}）。`,
  atMost: (label, max, got) => `${label}は ${max} 以下にしてください（入力値 ${got}）。`,
  notWhole: (label, got) => `${label}は整数にしてください（入力値 ${got}）。`,
  ambiguous: (label, shown, grouped, decimal, sep) => {
    const mark = sep === 'point' ? 'ピリオド' : 'カンマ';
    return `${label}：${shown} は 2 通りに読めます。${mark}が桁区切りなら ${grouped}、小数点なら ${decimal} と入力してください。`;
  },
  noGrouping: (label, grouped) => `${label}：桁区切りを付けずに ${grouped} と入力してください。`,
  decimalPoint: (label, decimal, shown) =>
    `${label}：小数点にはピリオドを使い、${shown} ではなく ${decimal} と入力してください。`,
  notWholeShown: (label, range, shown) => `${label}は ${range}にしてください。${shown} は整数ではありません。`,
  percent: (label) => `${label}（パーセント）`,
  stoppedOver: (stopped, k, n) => `${stopped}（${k}）は、構成上のメンバー数 ${n} を超えられません。`,
};

/** The parser's messages by language. */
export const NUMBER_WORDS: { readonly en: NumberWords; readonly ja: NumberWords } = { en: EN, ja: JA };
