/**
 * The wikis the export writes for, and what each one needs: the file of the start page, how one
 * page links another, whether it reads YAML front matter, which navigation file gives its sidebar
 * and which image format its diagrams take.
 *
 * - mkdocs: files linked by relative `.md` paths (MkDocs resolves and checks them), front matter as
 *   page metadata, `mkdocs-nav.yml` for a site's `INHERIT` (https://www.mkdocs.org/user-guide/configuration/#configuration-inheritance).
 * - github: a GitHub wiki starts at `Home`, links pages by name without `.md`, takes its sidebar
 *   from `_Sidebar.md`, shows front matter as text and SVG images not at all
 *   (https://docs.github.com/en/communities/documenting-your-project-with-wikis/creating-a-footer-or-sidebar-for-your-wiki).
 * - gitlab: a GitLab wiki starts at `home`, links pages by their slug, takes a custom sidebar from
 *   `_sidebar.md`, and renders Mermaid (https://docs.gitlab.com/user/project/wiki/).
 */
import type { NavEntry } from '../sidebar-order.ts';
import { exportFileOf, relativeFileLink } from './routes.ts';

export const FLAVORS = ['mkdocs', 'github', 'gitlab'] as const;
export type FlavorName = (typeof FLAVORS)[number];

/** How diagrams are exported, whatever the flavour: image files beside the page, or Mermaid source. */
export type DiagramMode = 'svg' | 'mermaid';
export const DIAGRAM_MODES: readonly DiagramMode[] = ['svg', 'mermaid'];


export interface Flavor {
  name: FlavorName;
  /** The file a route is written to (`etcd-sizing/` → `etcd-sizing.md`). */
  fileOf(route: string): string;
  /** The link from one page to another, without the anchor. */
  pageLink(fromRoute: string, toRoute: string): string;
  /** Whether the wiki reads YAML front matter; otherwise the provenance is a table. */
  frontMatter: boolean;
  /** Image format of diagram files. */
  diagramImage: 'svg' | 'png';
  /** The navigation file, in sidebar order. */
  navigation(entries: readonly NavEntry[]): { file: string; content: string };
}

/** A page's name as GitHub and GitLab wikis link it: its file without `.md`. */
const pageName = (file: string): string => file.replace(/\.md$/, '');

function markdownNav(entries: readonly NavEntry[], link: (route: string) => string, depth = 0): string[] {
  return entries.flatMap((e) =>
    'route' in e
      ? [`${'  '.repeat(depth)}- [${e.label.replace(/([[\]\\])/g, '\\$1')}](${link(e.route)})`]
      : [`${'  '.repeat(depth)}- **${e.label}**`, ...markdownNav(e.items, link, depth + 1)],
  );
}

function yamlNav(entries: readonly NavEntry[], depth = 0): string[] {
  const quote = (s: string) => JSON.stringify(s);
  return entries.flatMap((e) =>
    'route' in e
      ? [`${'  '.repeat(depth)}- ${quote(e.label)}: ${quote(exportFileOf(e.route))}`]
      : [`${'  '.repeat(depth)}- ${quote(e.label)}:`, ...yamlNav(e.items, depth + 1)],
  );
}

const mkdocs: Flavor = {
  name: 'mkdocs',
  fileOf: exportFileOf,
  pageLink: (from, to) => relativeFileLink(exportFileOf(from), exportFileOf(to)),
  frontMatter: true,
  diagramImage: 'svg',
  navigation: (entries) => ({ file: 'mkdocs-nav.yml', content: ['nav:', ...yamlNav(entries, 1)].join('\n') + '\n' }),
};

/** A GitHub or GitLab wiki: flat page names, the start page named `home`, a Markdown sidebar. */
function namedPages(name: 'github' | 'gitlab', home: string, sidebar: string, image: 'svg' | 'png'): Flavor {
  const fileOf = (route: string) => (route === '' ? `${home}.md` : exportFileOf(route));
  return {
    name,
    fileOf,
    pageLink: (_from, to) => pageName(fileOf(to)),
    frontMatter: false,
    diagramImage: image,
    navigation: (entries) => ({
      file: sidebar,
      content: [...markdownNav(entries, (route) => pageName(fileOf(route)))].join('\n') + '\n',
    }),
  };
}

const BY_NAME: Readonly<Record<FlavorName, Flavor>> = {
  mkdocs,
  github: namedPages('github', 'Home', '_Sidebar.md', 'png'),
  gitlab: namedPages('gitlab', 'home', '_sidebar.md', 'svg'),
};

/**
 * A flavour by name.
 * @throws Error naming the flavours there are, for any other name.
 */
export function flavorOf(name: string): Flavor {
  const f = (BY_NAME as Record<string, Flavor | undefined>)[name];
  if (!f) throw new Error(`--flavor=${name}: use ${FLAVORS.join(', ')}.`);
  return f;
}
