/**
 * `.cache/diagrams/` (git-ignored): the build-time SVG of each diagram, so that a rebuild whose
 * diagrams did not change starts no browser.
 *
 *   <key>.json   { key, mermaid, light, dark, sha256 }
 *
 * The key is the sha256 of the diagram's Mermaid source, the mermaid version and every setting it
 * renders with (./mermaid-renderer.ts, both themes): a change to any of them is a new key, so a
 * stale entry is never looked up. An entry is checked, not trusted: `sha256` covers the key and
 * both SVGs, and an entry that fails to parse, names another key or hashes differently is
 * reported (so the build warns), deleted and rendered again. Like `.cache/citations/`, the hash
 * catches corruption and hand edits, not a forgery by someone who can rewrite the whole file.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { MERMAID_SETTINGS, MERMAID_VERSION } from './mermaid-renderer.ts';

export const DIAGRAM_CACHE_DIR = '.cache/diagrams';

const THEMES = { light: 'default', dark: 'dark' } as const;

const EntrySchema = z.strictObject({
  key: z.string().regex(/^[0-9a-f]{64}$/),
  mermaid: z.string(),
  light: z.string().startsWith('<svg'),
  dark: z.string().startsWith('<svg'),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

/** Both renderings of one diagram. */
export interface DiagramSvgs {
  light: string;
  dark: string;
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/**
 * The cache key of a diagram: sha256 over its source, the mermaid version and the settings of
 * both themes. 64 hex digits.
 */
export function diagramKey(source: string): string {
  return sha256(JSON.stringify({ source, mermaid: MERMAID_VERSION, settings: MERMAID_SETTINGS, themes: THEMES }));
}

const entryHash = (key: string, svgs: DiagramSvgs): string => sha256(`${key}\n${svgs.light}\n${svgs.dark}`);

/** Reads and writes `<root>/.cache/diagrams/`. */
export class DiagramCache {
  private readonly dir: string;

  /** @param root - the project root (absolute). */
  constructor(root: string) {
    this.dir = join(root, DIAGRAM_CACHE_DIR);
  }

  /**
   * The cached SVGs of `key`.
   * @param onDiscard - told why an entry that exists was unusable (it has been deleted).
   * @returns undefined when absent or discarded.
   */
  async get(key: string, onDiscard: (why: string) => void): Promise<DiagramSvgs | undefined> {
    const file = join(this.dir, `${key}.json`);
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch {
      return undefined;
    }
    const problem = (() => {
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        return 'it is not JSON';
      }
      const parsed = EntrySchema.safeParse(json);
      if (!parsed.success)
        return `it does not have the expected fields (${parsed.error.issues.map((i) => i.path.join('.') || i.message).join(', ')})`;
      const entry = parsed.data;
      if (entry.key !== key) return `it records the key ${entry.key.slice(0, 12)}…`;
      if (entry.sha256 !== entryHash(key, entry))
        return 'its SVG does not match the hash recorded with it (edited or corrupt)';
      return { light: entry.light, dark: entry.dark };
    })();
    if (typeof problem !== 'string') return problem;
    onDiscard(`${DIAGRAM_CACHE_DIR}/${key}.json was discarded and the diagram rendered again: ${problem}.`);
    await unlink(file).catch(() => undefined);
    return undefined;
  }

  /** Stores `svgs` under `key` (written to a temporary file, then renamed, so a reader never sees half an entry). */
  async set(key: string, svgs: DiagramSvgs): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const entry = { key, mermaid: MERMAID_VERSION, light: svgs.light, dark: svgs.dark, sha256: entryHash(key, svgs) };
    const file = join(this.dir, `${key}.json`);
    const tmp = `${file}.${process.pid}.tmp`;
    await writeFile(tmp, JSON.stringify(entry));
    await rename(tmp, file);
  }
}
