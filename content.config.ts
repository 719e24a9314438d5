import { defineCollection } from 'astro:content';
import { docsLoader, i18nLoader } from '@astrojs/starlight/loaders';
import { docsSchema, i18nSchema } from '@astrojs/starlight/schema';
import { z } from 'astro/zod';

// srcDir is the repository root, so Starlight's loader reads top-level content/docs/.
export const collections = {
  docs: defineCollection({
    loader: docsLoader(),
    schema: docsSchema({
      extend: z.object({
        // Heading id → page it moved to, and calculator URL prefix (`w` of `w.n=5`) → page it moved
        // to; src/route-middleware/moved-sections.ts forwards old links to them.
        movedSections: z.record(z.string(), z.string()).optional(),
        movedCalculators: z.record(z.string(), z.string()).optional(),
        // Paths this page had before it was renamed; the build writes a forwarding page at each.
        renamedFrom: z.array(z.string()).optional(),
      }),
    }),
  }),
  // UI-string overrides for Starlight; empty: the defaults are what we want.
  i18n: defineCollection({ loader: i18nLoader(), schema: i18nSchema() }),
};
