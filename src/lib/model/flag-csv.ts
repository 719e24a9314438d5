/**
 * How kube-apiserver's flag parser splits a `StringSlice` flag value such as
 * `--etcd-servers-overrides`: pflag reads the value as ONE record of Go's `encoding/csv` with
 * default settings (comma `,`, no comment character, `LazyQuotes` false, no leading-space trim),
 * and an empty value means an empty list (spf13/pflag@v1.0.10:string_slice.go#L22-L29).
 *
 * This is a port of the parts of Go's `csv.Reader.readRecord` that a single record needs:
 * - empty lines before the record are skipped; `\r\n` is read as `\n`; a trailing `\r` at the
 *   very end is dropped;
 * - a field that starts with `"` is quoted: `""` is a literal quote, commas and newlines inside
 *   are kept; after the closing quote only `,` or the end of the line may follow;
 * - a `"` anywhere else in a field is an error ("bare \" in non-quoted-field");
 * - only the first record (normally the first line) is read: the rest of the value is ignored;
 * - a value with nothing but line breaks is an error (EOF).
 */

/** Result of {@link readFlagCsv}. */
export type FlagCsvResult =
  | {
      ok: true;
      /** The list items, as pflag hands them to kube-apiserver. */
      items: string[];
      /** Text after the first record that pflag silently ignores ('' when none). */
      ignored: string;
      /** Whether any field was quoted (its quotes were removed). */
      quoted: boolean;
    }
  | { ok: false; error: string; problem: CsvProblem };

/** Why the flag parser rejects the value, by kind; `item` is 1-based. The catalogue words it. */
export type CsvProblem =
  | { kind: 'only-line-breaks' }
  | { kind: 'bare-quote'; item: number }
  | { kind: 'after-quote'; item: number }
  | { kind: 'unclosed-quote'; item: number };

const lengthNL = (s: string): number => (s.endsWith('\n') ? 1 : 0);

/**
 * Splits a StringSlice flag value exactly as pflag v1.0.10 + Go encoding/csv do.
 *
 * @param value - the flag value as kube-apiserver receives it (after any shell quoting).
 * @returns the items, or the reason the flag parser rejects the value (paraphrasing Go's
 *   `csv.ParseError`; kube-apiserver prints it as `invalid argument "…" for "--…" flag: …`).
 */
export function readFlagCsv(value: string): FlagCsvResult {
  if (value === '') return { ok: true, items: [], ignored: '', quoted: false };
  let pos = 0;
  const readLine = (): { line: string; eof: boolean } => {
    if (pos >= value.length) return { line: '', eof: true };
    const nl = value.indexOf('\n', pos);
    let line: string;
    if (nl < 0) {
      line = value.slice(pos);
      pos = value.length;
      if (line.endsWith('\r')) line = line.slice(0, -1);
    } else {
      line = value.slice(pos, nl + 1);
      pos = nl + 1;
    }
    if (line.length >= 2 && line.endsWith('\r\n')) line = `${line.slice(0, -2)}\n`;
    return { line, eof: false };
  };

  let { line, eof } = readLine();
  while (!eof && line.length === lengthNL(line)) ({ line, eof } = readLine());
  if (eof)
    return {
      ok: false,
      error: 'the value holds only line breaks, so the flag parser finds no record (EOF)',
      problem: { kind: 'only-line-breaks' },
    };

  const items: string[] = [];
  let quoted = false;
  for (;;) {
    if (line.length === 0 || line[0] !== '"') {
      const i = line.indexOf(',');
      const field = i >= 0 ? line.slice(0, i) : line.slice(0, line.length - lengthNL(line));
      if (field.includes('"'))
        return {
          ok: false,
          error: `bare " in non-quoted-field (item ${items.length + 1}: a double quote may only open a field)`,
          problem: { kind: 'bare-quote', item: items.length + 1 },
        };
      items.push(field);
      if (i >= 0) {
        line = line.slice(i + 1);
        continue;
      }
      break;
    }
    quoted = true;
    line = line.slice(1);
    let buf = '';
    let closed = false;
    while (!closed) {
      const i = line.indexOf('"');
      if (i >= 0) {
        buf += line.slice(0, i);
        line = line.slice(i + 1);
        if (line[0] === '"') {
          buf += '"';
          line = line.slice(1);
        } else if (line[0] === ',') {
          line = line.slice(1);
          items.push(buf);
          closed = true;
        } else if (lengthNL(line) === line.length) {
          items.push(buf);
          return { ok: true, items, ignored: value.slice(pos), quoted };
        } else {
          return {
            ok: false,
            error: `extraneous or missing " in quoted-field (item ${items.length + 1}: text follows a closing quote)`,
            problem: { kind: 'after-quote', item: items.length + 1 },
          };
        }
      } else if (line.length > 0) {
        buf += line;
        ({ line } = readLine());
      } else {
        return {
          ok: false,
          error: `extraneous or missing " in quoted-field (item ${items.length + 1}: the quote is never closed)`,
          problem: { kind: 'unclosed-quote', item: items.length + 1 },
        };
      }
    }
  }
  return { ok: true, items, ignored: value.slice(pos), quoted };
}
