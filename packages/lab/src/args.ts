/** Parsing of the lab's numeric command-line options, with messages that say how to fix them. */

/**
 * A positive number from `text`.
 * @param max - largest accepted value.
 * @param whole - whether it must be a whole number.
 * @throws Error "<flag> must be …, got …" otherwise.
 */
export function parsePositive(text: string | undefined, flag: string, max: number, whole = false): number {
  const n = Number(text);
  if (
    text === undefined ||
    text.trim() === '' ||
    !Number.isFinite(n) ||
    n <= 0 ||
    n > max ||
    (whole && !Number.isInteger(n))
  )
    throw new Error(
      `${flag} must be a ${whole ? 'whole ' : ''}number above 0 and at most ${max}, got ${JSON.stringify(text)}`,
    );
  return n;
}

/**
 * A comma-separated list of numbers (`0,2,10`), each in [min, max], duplicates dropped, order kept.
 * @throws Error naming the flag and the bad item.
 */
export function parseNumberList(
  text: string | undefined,
  flag: string,
  { min, max, whole }: { min: number; max: number; whole: boolean },
): number[] {
  const items = (text ?? '').split(',').map((s) => s.trim());
  if (items.length === 0 || items.every((s) => s === '')) throw new Error(`${flag} needs a list such as 1,3,5`);
  const out: number[] = [];
  for (const item of items) {
    const n = Number(item);
    if (item === '' || !Number.isFinite(n) || n < min || n > max || (whole && !Number.isInteger(n)))
      throw new Error(`${flag}: ${JSON.stringify(item)} is not a ${whole ? 'whole ' : ''}number from ${min} to ${max}`);
    if (!out.includes(n)) out.push(n);
  }
  return out;
}

/** Bytes in a GiB. */
const GIB = 1024 ** 3;

/**
 * Backup sizes in GiB (`1,2,4`; fractions allowed, `0.015625` is 16 MiB) as whole bytes, each from
 * 1 MiB to 8 GiB, the largest quota etcd suggests (https://etcd.io/docs/v3.7/faq/, "8GB is a suggested
 * maximum size for normal environments").
 * @throws Error naming `--sizes` and the bad item.
 */
export function parseSizesGiB(text: string | undefined): number[] {
  return parseNumberList(text, '--sizes', { min: 1 / 1024, max: 8, whole: false }).map((g) => Math.round(g * GIB));
}
