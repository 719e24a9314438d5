// @ts-check
// Expressive Code options live here (not in astro.config.mjs) so that the
// <Code> component, used by <Excerpt>, can load them at render time.
import { defineEcConfig } from '@astrojs/starlight/expressive-code';
import { pluginLineNumbers } from '@expressive-code/plugin-line-numbers';

export default defineEcConfig({
  plugins: [pluginLineNumbers()],
  // Only excerpts of upstream source show line numbers, and those are the upstream ones.
  defaultProps: { showLineNumbers: false },
});
