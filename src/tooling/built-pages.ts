import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { translationOfRoute } from '../lib/i18n/locales.ts';

/**
 * Whether a built page is a translation's fallback copy of an English page (Starlight's i18n
 * fallback, https://starlight.astro.build/guides/i18n/#fallback-content): its `<html>` carries the
 * locale's `lang` and its `<main>` the `lang` of the English content it shows.
 */
export function isFallbackPage(html: string): boolean {
  const lang = (tag: string) => new RegExp(`<${tag}\\b[^>]*\\slang="([^"]*)"`).exec(html)?.[1];
  const page = lang('html');
  const content = lang('main');
  return page !== undefined && content !== undefined && page !== content;
}

/**
 * Route paths (`''`, `etcd-sizing/`, `ja/etcd-sizing/`, …) of every `index.html` under a build
 * directory, sorted; Astro's assets (`_astro/`) and the search index (`pagefind/`) are not walked.
 * @param options.fallbacks - false to leave out the translations' fallback copies of English pages
 *   ({@link isFallbackPage}), which show no text of their own; included by default.
 * @throws the file system's error when `dist` does not exist.
 */
export function builtRoutes(dist: string, { fallbacks = true }: { fallbacks?: boolean } = {}): string[] {
  const routes: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        if (name !== '_astro' && name !== 'pagefind') walk(path);
      } else if (name === 'index.html') {
        const route = relative(dist, dir);
        routes.push(route === '' ? '' : `${route}/`);
      }
    }
  };
  walk(dist);
  const kept = fallbacks ? routes : routes.filter((route) => !isFallbackPage(readPage(dist, route)));
  return kept.sort();
}

/**
 * The HTML of one built page (UTF-8 text).
 * @param route - `''`, `etcd-sizing/`, … as {@link builtRoutes} gives them.
 * @throws the file system's error when the page was not built.
 */
export function readPage(dist: string, route: string): string {
  return readFileSync(join(dist, route, 'index.html'), 'utf8');
}

/**
 * The base path a build was made for (`SITE_BASE`), read from the site URL in its `manifest.json`
 * (src/lib/site-manifest.ts): `/` or e.g. `/wiki/sizing`, so that a tool serves the build where its
 * links and stylesheets point.
 * @throws Error naming the file when the build has no readable manifest.
 */
export function builtBase(dist: string): string {
  const file = join(dist, 'manifest.json');
  let url: string;
  try {
    url = (JSON.parse(readFileSync(file, 'utf8')) as { site: { url: string } }).site.url;
  } catch (error) {
    throw new Error(
      `Cannot read the build's base path from ${file} (${(error as Error).message}): run npm run build.`,
      {
        cause: error,
      },
    );
  }
  return new URL(url).pathname.replace(/\/$/, '') || '/';
}

/** Whether a route belongs to one edition: the English pages (`locale` undefined), or a translation's prefix (`ja/…`). */
export function inEdition(route: string, locale?: string): boolean {
  return translationOfRoute(route)?.locale === locale;
}

/**
 * The routes of one edition of a build ({@link inEdition}), a translation's fallback copies
 * included, in {@link builtRoutes}' order.
 */
export function editionRoutes(dist: string, locale?: string): string[] {
  return builtRoutes(dist).filter((route) => inEdition(route, locale));
}
