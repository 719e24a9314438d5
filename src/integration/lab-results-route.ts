/**
 * Serves each committed lab result (`content/lab-results/<name>.json`) byte for byte at
 * `/lab-results/<name>.json`, so every chart can link the raw data it was drawn from. Injected by
 * the integration (./index.ts); a static endpoint, so a build writes the files into `dist/`.
 */
import type { APIRoute, GetStaticPaths } from 'astro';

// Resolved by Vite relative to this file, wherever the build runs from.
const RAW = import.meta.glob<string>('../../content/lab-results/*.json', {
  query: '?raw',
  import: 'default',
  eager: true,
});

export const prerender = true;

export const getStaticPaths: GetStaticPaths = () =>
  Object.entries(RAW)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([path, text]) => ({ params: { name: path.replace(/^.*\//, '').replace(/\.json$/, '') }, props: { text } }));

export const GET: APIRoute = ({ props }) =>
  new Response((props as { text: string }).text, { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
