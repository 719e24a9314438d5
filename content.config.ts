import { defineCollection } from 'astro:content';
import { docsLoader, i18nLoader } from '@astrojs/starlight/loaders';
import { docsSchema, i18nSchema } from '@astrojs/starlight/schema';

// srcDir is the repository root, so Starlight's loader reads top-level content/docs/.
export const collections = {
  docs: defineCollection({ loader: docsLoader(), schema: docsSchema() }),
  // UI-string overrides for Starlight; empty: the defaults are what we want.
  i18n: defineCollection({ loader: i18nLoader(), schema: i18nSchema() }),
};
