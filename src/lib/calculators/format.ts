/**
 * Number formatting for calculator results. Fixed to en-US so the build-time text and the
 * browser's text are identical whatever the reader's locale.
 */

const INT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const DEC = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** Whole number with thousands separators: 30000 → "30,000". */
export function fmtInt(n: number): string {
  return INT.format(n);
}

/** Up to two decimals, trailing zeros dropped: 2.5 → "2.5", 1/3 → "0.33". */
export function fmtNum(n: number): string {
  return DEC.format(n);
}

/**
 * `n` like {@link fmtNum}, with as many more decimals (up to 12) as it takes for the text to differ
 * from that of `other` when the two numbers differ: a ratio of 1.0002 against 1 reads "1.0002",
 * not "1", so "beyond 1" never shows as 1. Equal numbers format as fmtNum does.
 */
export function fmtNumApart(n: number, other: number): string {
  if (n === other) return fmtNum(n);
  for (let digits = 2; digits <= 12; digits++) {
    const f = new Intl.NumberFormat('en-US', { maximumFractionDigits: digits });
    if (f.format(n) !== f.format(other)) return f.format(n);
  }
  return String(n);
}

const SUPER: Record<string, string> = {
  '-': '⁻',
  '0': '⁰',
  '1': '¹',
  '2': '²',
  '3': '³',
  '4': '⁴',
  '5': '⁵',
  '6': '⁶',
  '7': '⁷',
  '8': '⁸',
  '9': '⁹',
};

/** "10⁻⁴" for an integer exponent. */
export function powerOfTen(exp: number): string {
  return `10${String(exp).replace(/[-0-9]/g, (c) => SUPER[c]!)}`;
}

/**
 * A probability for reading: ≥ 0.001 as a plain decimal ("0.0297"), smaller as
 * "3.0 × 10⁻⁶", exactly 0 as "0". Near 1 (within 0.0005) it is shown by its distance from 1,
 * "1 − 1.0 × 10⁻⁶", so that it neither rounds to "1" nor shows floating-point noise
 * ("0.9999999999999999"); exactly 1 as "1".
 * @param log10 - the probability's base-10 logarithm when known: a p that underflowed to 0 is then
 *   shown from it ("5.0 × 10⁻⁴²²") instead of as "0".
 * @param complement - 1 − p when it was computed on its own, more exactly than 1 − p (the
 *   probability of keeping quorum, for that of losing it); default 1 − p.
 */
export function fmtProb(p: number, log10: number | null = null, complement: number | null = null): string {
  if (p === 0) return log10 === null ? '0' : fmtProbLog10(log10);
  const rest = complement ?? 1 - p;
  if (rest < 0.0005) return rest > 0 ? `1 − ${fmtProb(rest)}` : '1';
  if (p >= 0.001) return String(Number(p.toPrecision(3)));
  const [mant, exp] = p.toExponential(1).split('e') as [string, string];
  return `${mant} × ${powerOfTen(Number(exp))}`;
}

/**
 * A probability given by its base-10 logarithm, for values too small for a double (below about
 * 10⁻³⁰⁸ they underflow to 0): −599.52 → "3.0 × 10⁻⁶⁰⁰".
 */
export function fmtProbLog10(log10: number): string {
  let exp = Math.floor(log10);
  let mant = Number((10 ** (log10 - exp)).toFixed(1));
  if (mant >= 10) {
    mant = 1;
    exp += 1;
  }
  return `${mant.toFixed(1)} × ${powerOfTen(exp)}`;
}

const BYTE_UNITS = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB', 'EiB'];

/** Bytes in binary units: 61440000 → "58.59 MiB"; below 1 KiB as "512 bytes". */
export function fmtBytes(bytes: number): string {
  let v = bytes;
  let u = 0;
  while (v >= 1024 && u < BYTE_UNITS.length - 1) {
    v /= 1024;
    u++;
  }
  return u === 0 ? `${fmtNum(v)} ${v === 1 ? 'byte' : 'bytes'}` : `${fmtNum(v)} ${BYTE_UNITS[u]}`;
}

/** Milliseconds: "2 ms", "0.5 ms", "1,200 ms". */
export function fmtMs(ms: number): string {
  return `${fmtNum(ms)} ms`;
}

/** English ordinal of a whole number ≥ 0: 1 → "1st", 2 → "2nd", 3 → "3rd", 11 → "11th", 22 → "22nd". */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${fmtInt(n)}${suffix}`;
}

/** "1 member" / "2 members". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${fmtInt(n)} ${n === 1 ? one : many}`;
}
