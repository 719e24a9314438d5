import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT } from './paths.ts';

/** Route paths (`''`, `etcd-sizing/`, …) of every `index.html` under a build directory. */
export function builtRoutes(dist: string): string[] {
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
  return routes.sort();
}

/** Route paths the content collection should produce, one per MDX/MD file. */
export function expectedRoutes(): string[] {
  const docs = join(ROOT, 'content/docs');
  const routes: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.mdx?$/.test(name)) {
        const slug = relative(docs, path).replace(/\.mdx?$/, '').replace(/(^|\/)index$/, '');
        routes.push(slug === '' ? '' : `${slug}/`);
      }
    }
  };
  walk(docs);
  return routes.sort();
}

export function readPage(dist: string, route: string): string {
  return readFileSync(join(dist, route, 'index.html'), 'utf8');
}
