/**
 * Writes a translation stamp into a translated page's frontmatter, keeping the rest of the
 * frontmatter (comments and key order included) as written.
 */
import { parseDocument, type Scalar } from 'yaml';
import type { TranslationStamp } from './translation.ts';

const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---(\r?\n|$)/;

/**
 * The MDX text with its `translation` key set to `stamp`.
 * @throws Error when the text has no frontmatter block, or the frontmatter is not valid YAML.
 */
export function withStamp(text: string, stamp: TranslationStamp): string {
  const match = FRONTMATTER.exec(text);
  if (!match) throw new Error('it has no frontmatter (a --- block at the top); give it a title first.');
  const doc = parseDocument(match[1]!);
  if (doc.errors.length > 0) throw new Error(`its frontmatter is not valid YAML: ${doc.errors[0]!.message}`);
  const node = doc.createNode({ sha256: stamp.sha256, date: stamp.date });
  // Quoted: Astro reads frontmatter as YAML 1.1, where a bare 2026-12-07 is a timestamp, not a string.
  const date = node.get('date', true) as Scalar;
  date.type = 'QUOTE_SINGLE';
  doc.set('translation', node);
  const yaml = doc.toString({ lineWidth: 0 }).replace(/\n$/, '');
  return `---\n${yaml}\n---${match[2]}${text.slice(match[0].length)}`;
}
