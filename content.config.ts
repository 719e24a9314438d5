import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { docsLoader, i18nLoader } from '@astrojs/starlight/loaders';
import { docsSchema, i18nSchema } from '@astrojs/starlight/schema';
import { z } from 'astro/zod';
import { backupResultSchema } from './src/lib/lab/backup-result.ts';
import { labResultSchema } from './src/lib/lab/result.ts';
import { translationStampSchema } from './src/lib/i18n/translation.ts';

/** A lab result's entry id is its file name without `.json`, as `run="…"` and drawn-runs.ts name it. */
const resultName = ({ entry }: { entry: string }): string => entry.replace(/\.json$/, '');
const LAB_RESULTS = './content/lab-results';

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
        // A translated page's stamp: the SHA-256 of the English file it translates, and when
        // (src/lib/i18n/translation.ts; `npm run translations -- stamp <file>` writes it).
        translation: translationStampSchema.optional(),
      }),
    }),
  }),
  // The lab's committed runs and probes (`<kind>-<label>-<start>.json`), checked against the result
  // schema when content syncs: a malformed file is a content error that names it.
  labResults: defineCollection({
    loader: glob({ pattern: ['lab-*.json', 'probe-*.json'], base: LAB_RESULTS, generateId: resultName }),
    schema: labResultSchema,
  }),
  backupResults: defineCollection({
    loader: glob({ pattern: 'backup-*.json', base: LAB_RESULTS, generateId: resultName }),
    schema: backupResultSchema,
  }),
  // UI-string overrides for Starlight; empty: the defaults are what we want.
  i18n: defineCollection({ loader: i18nLoader(), schema: i18nSchema() }),
};
