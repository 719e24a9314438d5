/**
 * Serves each page's popover data (src/lib/citations/popover-data.ts) at the address
 * `popoverDataPath` gives (its `[page]` is `popoverFileName`), for the markers' popovers to fetch when a reader first opens one.
 * Injected by the integration (./index.ts); a static endpoint, so a build writes the files into
 * `dist/`. A page without citations, or a build without verification, gets no file.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { getCollection } from 'astro:content';
import data from 'virtual:sizing-guide/citations';
import { pageSources } from '../lib/citations/page-sources.ts';
import { popoverEntries } from '../lib/citations/popover-data.ts';
import { popoverFileName, type PopoverEntry } from '../lib/citations/popover-entry.ts';
import { pagePathOf } from '../lib/citations/render-data.ts';
import { translationOfFile } from '../lib/i18n/locales.ts';
import { uiText } from '../lib/i18n/ui-text.ts';

export const prerender = true;

export const getStaticPaths: GetStaticPaths = async () =>
  (await getCollection('docs')).flatMap((entry) => {
    const file = entry.filePath;
    if (!file) return [];
    const path = pagePathOf(file);
    // In the page's language: a translation's file is in its locale's folder.
    const words = uiText(translationOfFile(file)?.lang).citations;
    const entries = popoverEntries(pageSources(data, { file, path }), words);
    if (entries.length === 0) return [];
    return [
      {
        params: {
          page: popoverFileName(path),
        },
        props: { entries },
      },
    ];
  });

export const GET: APIRoute = ({ props }) =>
  new Response(JSON.stringify((props as { entries: PopoverEntry[] }).entries), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
