/// <reference types="astro/client" />

/** Set by the mermaid integration: true when diagrams render in the reader's browser. */
declare const __DIAGRAMS_CLIENT_SIDE__: boolean;

declare module 'virtual:sizing-guide/citations' {
  const data: import('./lib/citations/render-data.ts').CitationRenderData;
  export default data;
}
