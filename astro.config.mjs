// @ts-check
import { existsSync } from 'node:fs';
import { defineConfig } from 'astro/config';
import starlight from '@astrojs/starlight';
import mdx from '@astrojs/mdx';
import { unified } from '@astrojs/markdown-remark';
import { remarkMermaidBlocks } from './src/plugins/remark-mermaid-blocks.ts';
import { remarkHeadingIds } from './src/plugins/remark-heading-ids.ts';
import remarkCjkFriendly from 'remark-cjk-friendly';
import { rehypeBaseLinks } from './src/plugins/rehype-base-links.ts';
import { normalizeBase } from './src/lib/base-path.ts';
import sizingGuide from './src/integration/index.ts';
import { starlightLocales } from './src/lib/i18n/locales.ts';
import { sidebar } from './src/lib/sidebar.ts';
// The model modules whose upstream refs and bound numbers the build verifies with the pages'
// citations, and the calculators' declared sources the Evidence page lists, imported here (at config
// time) so that the citation engine starts no process to read them.
import * as sources from './src/lib/model/sources.ts';
import * as sourceExpect from './src/lib/model/source-expect.ts';
import * as bindings from './src/lib/model/bound-defaults.ts';
import * as schemas from './src/lib/model/calculator-state.ts';
import * as calculators from './src/lib/calculators/declared-sources.ts';

// SITE_BASE lets a wiki host the guide under a sub-path, e.g. /wiki/sizing.
const base = normalizeBase(process.env.SITE_BASE);
// SITE_REPOSITORY (https://host/owner/repo) links the footer's commit and adds "Edit page" links.
const repository = process.env.SITE_REPOSITORY?.replace(/\/$/, '');

export default defineConfig({
  srcDir: '.',
  site: process.env.SITE_URL ?? 'https://sizing-guide.example.org',
  base,
  trailingSlash: 'always',
  vite: {
    build: {
      // The only chunks over Vite's 500 kB warning are Mermaid's layout engines, which load only when
      // a build without Chromium renders diagrams in the reader's browser. The project's own
      // JavaScript is held to budgets by the tests (src/lib/quality/budgets.ts).
      chunkSizeWarningLimit: 1600,
      rolldownOptions: {
        onLog(level, log, handler) {
          // Astro's MDX output starts with a "use astro:head-inject" directive that Astro itself
          // handles; Rolldown warns once per page that it does not know it.
          if (log.code === 'MODULE_LEVEL_DIRECTIVE' && log.message.includes('astro:head-inject')) return;
          handler(level, log);
        },
      },
    },
    environments: {
      client: {
        build: {
          rolldownOptions: {
            output: {
              // Code two or more calculators share goes into one chunk: a chapter with several
              // calculators then fetches one file, compressed as a whole, instead of five small ones.
              codeSplitting: {
                groups: [
                  {
                    name: 'calc',
                    test: /\/src\/(lib\/(model|calculators)|components\/calculators)\//,
                    minShareCount: 2,
                  },
                ],
              },
            },
          },
        },
      },
    },
  },
  markdown: {
    processor: unified({
      // CJK emphasis next to Japanese punctuation (remark-cjk-friendly); translated headings' English ids.
      remarkPlugins: [remarkMermaidBlocks, remarkCjkFriendly, remarkHeadingIds],
      rehypePlugins: [[rehypeBaseLinks, { base }]],
    }),
  },
  integrations: [
    sizingGuide({ model: { sources, expect: sourceExpect, bindings, schemas, calculators } }),
    starlight({
      title: { en: 'K8s CP & etcd sizing', ja: 'K8s CP & etcd サイジング' },
      description:
        'An evidence-backed guide to how many etcd members and control-plane nodes to run, where each scales, and when to colocate them.',
      customCss: ['./src/styles/site.css', './src/styles/section-cite.css', './src/styles/print.css'],
      lastUpdated: false,
      head: [
        // Hold the first paint until the page title (<h1 id="_top">, after both sidebars) is
        // parsed: painting earlier shows the sidebars half-built, and they then shift (CLS).
        // Chromium honours it; other browsers ignore it (site.css covers the large shift).
        { tag: 'link', attrs: { rel: 'expect', href: '#_top', blocking: 'render' } },
      ],
      pagination: true,
      routeMiddleware: './src/route-middleware/moved-sections.ts',
      components: {
        MarkdownContent: './src/components/MarkdownContent.astro',
        Footer: './src/components/Footer.astro',
        LastUpdated: './src/components/footer/LastUpdated.astro',
      },
      ...(repository
        ? { editLink: { baseUrl: `${repository}/edit/${process.env.SITE_REPOSITORY_BRANCH ?? 'main'}/` } }
        : {}),
      defaultLocale: 'root',
      locales: starlightLocales((t) => existsSync(new URL(`./content/docs/${t.locale}/`, import.meta.url))),
      sidebar: sidebar(),
    }),
    mdx(),
  ],
});
