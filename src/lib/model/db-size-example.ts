/**
 * The database-size calculator's starting rows: `name objects mean-bytes writes`. Example inputs, not
 * measurements (the field's hint and the chapter say so): each reader replaces them with their own
 * cluster's figures. Kept short, since every calculator page ships the URL schemas that hold it.
 */
export const DB_SIZE_EXAMPLE_ROWS =
  'pods 3000 6000 2\nleases 120 400 12\nevents 20000 1200 20\nconfigmaps 600 4000 0.05\nsecrets 700 3000 0.05';
