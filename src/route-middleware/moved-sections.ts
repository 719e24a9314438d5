/**
 * Starlight route middleware: a page whose frontmatter lists `movedSections` gets an inline
 * script early in its <head> (after the charset and viewport) that sends old `#section` links on to the section's new page,
 * before the rest of the page loads. See src/lib/moved-sections.ts.
 */
import { defineRouteMiddleware } from '@astrojs/starlight/route-data';
import { forwardingScript } from '../lib/moved-sections.ts';

export const onRequest = defineRouteMiddleware((context) => {
  const route = context.locals.starlightRoute;
  const moved = route.entry.data.movedSections;
  if (!moved) return;
  const base = import.meta.env.BASE_URL.replace(/\/$/, '') || '/';
  // Before <title>, so it runs ahead of the stylesheets and scripts that follow.
  const title = route.head.findIndex((entry) => entry.tag === 'title');
  route.head.splice(title < 0 ? route.head.length : title, 0, { tag: 'script', attrs: {}, content: forwardingScript(moved, base) });
});
