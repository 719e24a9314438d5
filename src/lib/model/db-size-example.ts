/**
 * The database-size calculator's starting rows. Example inputs, not measurements: each reader
 * replaces them with their own cluster's counts, sizes and write rates. A leaf module, so that the
 * URL schemas every calculator shares pull in no parser.
 */
export const DB_SIZE_EXAMPLE_ROWS = [
  '# name  objects  mean-bytes  writes',
  '# Example inputs only: replace each with your cluster’s figures.',
  'pods 3000 6000 2',
  'leases 120 400 12',
  'events 20000 1200 20',
  'configmaps 600 4000 0.05',
  'secrets 700 3000 0.05',
  'endpointslices 400 2000 1',
].join('\n');
