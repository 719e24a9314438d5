// @ts-check
// Expressive Code options live here (not in astro.config.mjs) so that the
// <Code> component, used by <Excerpt>, can load them at render time.
import { defineEcConfig } from '@astrojs/starlight/expressive-code';
import { pluginLineNumbers } from '@expressive-code/plugin-line-numbers';

export default defineEcConfig({
  plugins: [pluginLineNumbers()],
  // Only excerpts of upstream source show line numbers, and those are the upstream ones.
  defaultProps: { showLineNumbers: false },
  styleOverrides: {
    // The default gutter grey reads 3.3:1 on the light code background; readers cite these
    // numbers, so they get body-text contrast (≥ 4.5:1) in both themes.
    gutterForeground: ({ theme }) => (theme.type === 'dark' ? '#a4b0b8' : '#56636b'),
    gutterHighlightForeground: ({ theme }) => (theme.type === 'dark' ? '#d5dde2' : '#2f3a40'),
  },
});
