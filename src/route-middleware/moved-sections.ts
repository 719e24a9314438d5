/**
 * Starlight route middleware: a page whose frontmatter lists `movedSections` or
 * `movedCalculators` gets an inline script early in its <head> (after the charset and viewport)
 * that sends old links to what moved on to its new page, before the rest of the page loads.
 * See src/lib/moved-sections.ts.
 */
import { defineRouteMiddleware } from '@astrojs/starlight/route-data';
import { forwardingScript, movedTargets } from '../lib/moved-sections.ts';

export const onRequest = defineRouteMiddleware((context) => {
  const route = context.locals.starlightRoute;
  const { movedSections, movedCalculators } = route.entry.data;
  if (!movedSections && !movedCalculators) return;
  const base = import.meta.env.BASE_URL.replace(/\/$/, '') || '/';
  let targets;
  try {
    targets = movedTargets(
      { sections: movedSections, calculators: movedCalculators },
      base,
      route.headings.map((h) => h.slug),
    );
  } catch (error) {
    throw new Error(`${route.entry.filePath ?? route.id}: ${(error as Error).message}`, { cause: error });
  }
  // Before <title>, so it runs ahead of the stylesheets and scripts that follow.
  const title = route.head.findIndex((entry) => entry.tag === 'title');
  route.head.splice(title < 0 ? route.head.length : title, 0, {
    tag: 'script',
    attrs: {},
    content: forwardingScript(targets),
  });
});
