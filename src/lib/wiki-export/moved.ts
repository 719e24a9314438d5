/**
 * The sections that moved off a page, read from its MDX frontmatter (`movedSections`, see
 * src/lib/moved-sections.ts), so that exported links to them point at their new page.
 */
import { parse } from 'yaml';
import { movedTargets } from '../moved-sections.ts';

/**
 * @param mdx - the page's MDX text.
 * @param file - its path, for errors.
 * @returns moved heading id → root-relative path of its new page (`/etcd-writes/`); empty when none.
 * @throws Error naming the file when the frontmatter is not YAML, or an entry is not valid
 *   (the same checks the build makes: {@link movedTargets}).
 */
export function movedSectionsOf(mdx: string, file: string): Record<string, string> {
  const m = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/.exec(mdx);
  if (!m) return {};
  let data: unknown;
  try {
    data = parse(m[1]!);
  } catch (error) {
    throw new Error(`${file}: the frontmatter is not valid YAML: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  const sections = (data as { movedSections?: unknown } | null)?.movedSections;
  if (sections === undefined || sections === null) return {};
  if (typeof sections !== 'object' || Array.isArray(sections)) throw new Error(`${file}: movedSections must map heading ids to pages, e.g. "writes-go-through-one-leader: /etcd-writes/".`);
  try {
    return movedTargets({ sections: sections as Record<string, string> }, '/').sections;
  } catch (error) {
    throw new Error(`${file}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}
