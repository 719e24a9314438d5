import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import type { CitationRenderData } from '../lib/citations/render-data.ts';
import { RESOLVED_CITATIONS_ID } from './citations.ts';
import type { GuideData } from './guide.ts';

/**
 * The virtual modules through which the integration hands build-time data to components, as
 * Starlight's `virtual:starlight/*` modules do. Their types are in {@link VIRTUAL_MODULE_TYPES},
 * which the integration registers with `injectTypes`.
 */
export const VIRTUAL_MODULES = {
  /** `export default` the {@link CitationRenderData} of this build. */
  citations: 'virtual:sizing-guide/citations',
  /** `export default` the client-side diagram loader component, or `null` when diagrams are SVG. */
  diagramLoader: 'virtual:sizing-guide/diagram-loader',
  /** `export default` the {@link GuideData} of this build: version, page history. */
  guide: 'virtual:sizing-guide/guide',
} as const;

const LOADER = fileURLToPath(new URL('../components/MermaidClient.astro', import.meta.url));

/**
 * Type declarations of {@link VIRTUAL_MODULES}, for `injectTypes`. Astro writes them to
 * `.astro/integrations/sizing-guide/virtual-modules.d.ts`, three levels below the root: the
 * relative imports start from there.
 */
export const VIRTUAL_MODULE_TYPES = `declare module '${VIRTUAL_MODULES.citations}' {
  const data: import('../../../src/lib/citations/render-data.ts').CitationRenderData;
  export default data;
}
declare module '${VIRTUAL_MODULES.diagramLoader}' {
  /** The loader that renders diagrams in the reader's browser; null in a build whose diagrams are inline SVG. */
  const DiagramLoader: (typeof import('../../../src/components/MermaidClient.astro'))['default'] | null;
  export default DiagramLoader;
}
declare module '${VIRTUAL_MODULES.guide}' {
  const data: import('../../../src/integration/guide.ts').GuideData;
  export default data;
}
`;

/**
 * The Vite plugin serving {@link VIRTUAL_MODULES}.
 *
 * @param citations - resolves to the render data once verification is done (the module waits,
 *   so pages render only after it; a rejection fails the module, and so the build).
 * @param guide - the guide's version and page history (./guide.ts).
 * @param diagramsClientSide - whether the loader is bundled. When false the module exports
 *   `null` and nothing imports MermaidClient.astro, so Mermaid's chunks are not emitted.
 */
export function virtualModulesPlugin(
  citations: () => Promise<CitationRenderData>,
  diagramsClientSide: boolean,
  guide: GuideData,
): Plugin {
  const resolved = new Map<string, string>([
    [VIRTUAL_MODULES.citations, RESOLVED_CITATIONS_ID],
    [VIRTUAL_MODULES.diagramLoader, `\0${VIRTUAL_MODULES.diagramLoader}`],
    [VIRTUAL_MODULES.guide, `\0${VIRTUAL_MODULES.guide}`],
  ]);
  return {
    name: 'sizing-guide:virtual-modules',
    resolveId: (id) => resolved.get(id),
    load: async (id) => {
      if (id === RESOLVED_CITATIONS_ID) return `export default ${JSON.stringify(await citations())};`;
      if (id === resolved.get(VIRTUAL_MODULES.diagramLoader)) {
        return diagramsClientSide ? `export { default } from ${JSON.stringify(LOADER)};` : 'export default null;';
      }
      if (id === resolved.get(VIRTUAL_MODULES.guide)) return `export default ${JSON.stringify(guide)};`;
      return undefined;
    },
  };
}
