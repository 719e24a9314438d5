import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';
import { CitationStep } from './citations.ts';
import { DiagramStep } from './diagrams.ts';
import { postBuildPass } from './post-build.ts';
import { allowedSourceLinks } from '../lib/citations/link-audit.ts';
import { readLock } from '../lib/citations/lock.ts';
import { VIRTUAL_MODULE_TYPES, virtualModulesPlugin } from './virtual-modules.ts';
import { GuideStep } from './guide.ts';
import { normalizeBase } from '../lib/base-path.ts';
import { isUnifiedProcessor } from '@astrojs/markdown-remark';
import { AstroError } from 'astro/errors';
import { rehypeSectionCite } from '../plugins/rehype-section-cite.ts';
import { remarkCitationPlaces } from '../plugins/remark-citation-places.ts';
import { clientManifest } from '../tooling/client-manifest.ts';
import { loadedImporter } from '../tooling/model-inputs.ts';
import type { MODEL_FILES } from '../lib/project-paths.ts';

/**
 * The guide's build-time glue, as one integration composed of its parts the way Starlight's
 * `index.ts` composes its own:
 *
 * - citations (./citations.ts): verification starts in `astro:config:setup` and runs while Astro
 *   syncs and bundles; components wait for it through `virtual:sizing-guide/citations`. In
 *   `astro dev` a changed MDX file is verified again and a failure shown in the browser overlay.
 * - diagrams (./diagrams.ts): decides once, at config time, whether diagrams are inline SVG
 *   (then `virtual:sizing-guide/diagram-loader` is `null` and no Mermaid JavaScript is bundled)
 *   or rendered in the reader's browser; renders what `.cache/diagrams/` lacks ahead of time.
 * - the post-build pass (./post-build.ts): one read of each built page, diagrams to SVG, page check,
 *   and the audit of every link into a source repository against the lock.
 *   It is added as a sub-integration at the end of the list, so it runs after every other
 *   integration's `astro:build:done` (Starlight's search index and sitemap) wherever this
 *   integration is listed.
 *
 * The virtual modules' types are registered with `injectTypes` (./virtual-modules.ts). Errors that
 * stop a build are `AstroError`s with a hint.
 *
 * @param options.model - the model modules the config imported (sources, their `expect` fragments,
 *   the bindings, the calculators' schemas), whose citations are verified with the pages'. Without
 *   them only the MDX is checked.
 */
export default function sizingGuide(
  options: { model?: Record<keyof typeof MODEL_FILES, Record<string, unknown>> } = {},
): AstroIntegration {
  const { model } = options;
  let citations: CitationStep | undefined;
  let diagrams: DiagramStep | undefined;
  return {
    name: 'sizing-guide',
    hooks: {
      'astro:config:setup': async ({ command, config, logger, updateConfig, injectRoute }) => {
        // The raw JSON of each committed lab result, linked from the charts drawn from it.
        injectRoute({ pattern: '/lab-results/[name].json', entrypoint: './src/integration/lab-results-route.ts' });
        // What the citation markers' popovers show, one file per page, fetched when one first opens.
        injectRoute({ pattern: '/popovers/[...page].json', entrypoint: './src/integration/popovers-route.ts' });
        const root = fileURLToPath(config.root);
        const guide = await GuideStep.create({
          root,
          base: normalizeBase(config.base),
          logger: logger.fork('sizing-guide:guide'),
        });
        citations = new CitationStep({
          command,
          root,
          logger: logger.fork('sizing-guide:citations'),
          ...(model ? { importer: loadedImporter(model) } : {}),
        });
        diagrams = new DiagramStep({ command, root, logger: logger.fork('sizing-guide:diagrams') });
        const step = citations;
        // The client manifest (kept outside dist/) is where the page-weight tools read chunk imports.
        updateConfig({
          vite: {
            plugins: [virtualModulesPlugin(() => step.data(), diagrams.clientSide, guide.data), clientManifest()],
          },
        });
        const site = new URL(`${normalizeBase(config.base).replace(/\/$/, '')}/`, config.site ?? 'http://localhost/')
          .href;
        config.integrations.push(
          markdownAfterStarlight(),
          postBuild(() => ({ citations: step, diagrams: diagrams!, guide, site, root })),
        );
      },
      'astro:config:done': ({ injectTypes }) => {
        injectTypes({ filename: 'virtual-modules.d.ts', content: VIRTUAL_MODULE_TYPES });
      },
      'astro:server:setup': ({ server }) => {
        citations?.watch(server);
      },
    },
  };
}

/** The sub-integration that runs {@link postBuildPass} last. */
function postBuild(
  steps: () => { citations: CitationStep; diagrams: DiagramStep; guide: GuideStep; site: string; root: string },
): AstroIntegration {
  return {
    name: 'sizing-guide:post-build',
    hooks: {
      'astro:build:done': async ({ dir, pages, logger }) => {
        const { citations, diagrams, guide, site, root } = steps();
        try {
          // Normally long settled (pages needed it); awaited so a failure cannot go unreported.
          const data = await citations.data();
          // Only what this build cites: a lock entry left behind by a removed citation allows nothing.
          const allowedLinks = allowedSourceLinks(await readLock(root), new Set(data.citations.map((c) => c.key)));
          const built = await postBuildPass({
            dir,
            pages,
            diagrams,
            logger,
            allowedLinks,
            ownRepository: guide.data.repository,
          });
          await guide.writeOutputs({ dir, site, built, citations: data, logger });
        } finally {
          await diagrams.close();
        }
      },
    },
  };
}

/**
 * The sub-integration that adds the rehype plugins which need Starlight's output: it is appended
 * after Starlight, so its plugins come after Starlight's heading links in the processor's list;
 * and the remark plugin that gives each citation element its place (src/plugins/remark-citation-places.ts).
 */
function markdownAfterStarlight(): AstroIntegration {
  return {
    name: 'sizing-guide:markdown',
    hooks: {
      'astro:config:setup': ({ config }) => {
        const processor = config.markdown.processor;
        if (!isUnifiedProcessor(processor)) {
          throw new AstroError(
            'The guide needs the unified Markdown processor.',
            "Set markdown.processor to unified() from '@astrojs/markdown-remark' in astro.config.mjs.",
          );
        }
        processor.options.rehypePlugins.push(rehypeSectionCite);
        // Numbers each citation element and makes the <Cite>s of one claim one marker.
        processor.options.remarkPlugins.push(remarkCitationPlaces);
      },
    },
  };
}
