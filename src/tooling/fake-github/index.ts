/** Test fixtures for the citation engine: fake GitHub, git repos, MDX sites. */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export * from './git.ts';
export * from './server.ts';

export interface FixtureSite {
  root: string;
  /** Writes (or overwrites) `content/docs/<name>` with the given MDX. */
  page(name: string, mdx: string): void;
  read(rel: string): string;
  remove(): void;
}

/** A temporary site root with a `content/docs/` directory. */
export function createSite(): FixtureSite {
  const root = mkdtempSync(join(tmpdir(), 'cite-site-'));
  mkdirSync(join(root, 'content', 'docs'), { recursive: true });
  return {
    root,
    page(name, mdx) {
      const p = join(root, 'content', 'docs', name);
      mkdirSync(dirname(p), { recursive: true });
      writeFileSync(p, mdx);
    },
    read(rel) {
      return readFileSync(join(root, rel), 'utf8');
    },
    remove() {
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** A `<Cite>` element (attributes as written). */
export function cite(ref: string, expect: string | string[]): string {
  return `<Cite ref="${ref}" expect={${JSON.stringify(Array.isArray(expect) ? expect : [expect])}} />`;
}

/** An `<Excerpt>` element. */
export function excerpt(ref: string, expect: string | string[], context = 0): string {
  return `<Excerpt ref="${ref}" expect={${JSON.stringify(Array.isArray(expect) ? expect : [expect])}} context={${context}} />`;
}
