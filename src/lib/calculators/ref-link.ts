/**
 * Links from calculator results to the upstream lines that decide them. The browser shows these
 * on every input, so this is a few lines of string work instead of the citation engine's full
 * parser (src/lib/citations/ref.ts); the refs are the model's own constants, and a unit test
 * checks that every one of them gives the same URL and label as the engine.
 */
import { h, type Tree } from './tree.ts';

const REF = /^([^/@]+)\/([^/@]+)@([^:]+):(.+)#L(\d+)(?:-L(\d+))?$/;

/**
 * A link to the cited upstream lines, labelled "delegator.go L120–125".
 *
 * @param ref - `owner/repo@ref:path#Lstart[-Lend]` (see SOURCES in the model).
 * @returns an `<a class="calc__ref">` to the lines on GitHub at the ref as written.
 * @throws Error for a ref that does not have that shape (a bug in the model's constants).
 */
export function refLink(ref: string): Tree {
  const m = REF.exec(ref);
  if (!m) throw new Error(`Not a citation ref: ${ref}`);
  const [, owner, repo, rev, path, start, end = start] = m as unknown as [string, string, string, string, string, string, string?];
  const lines = start === end ? `L${start}` : `L${start}-L${end}`;
  const href = `https://github.com/${owner}/${repo}/blob/${encodeURIComponent(rev)}/${path.split('/').map(encodeURIComponent).join('/')}#${lines}`;
  return h('a', { href, class: 'calc__ref' }, `${path.split('/').pop()!} ${start === end ? `L${start}` : `L${start}–${end}`}`);
}
