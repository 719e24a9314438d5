/// <reference types="astro/client" />

/** Set by the mermaid integration: true when diagrams render in the reader's browser. */
declare const __DIAGRAMS_CLIENT_SIDE__: boolean;
