/**
 * The sizing plan's starting object rows (`name objects mean-bytes writes`, the database-size
 * calculator's syntax), Events and node Leases left out: Events have fields of their own and the
 * Lease row follows from the node count. Example inputs for a 100-node cluster, not measurements:
 * the first three are the database-size calculator's example rows, the Services row is our
 * assumption. A leaf module, so that the plan's URL schema pulls in no parser.
 */
export const PLAN_EXAMPLE_ROWS =
  'pods 3000 6000 2\nconfigmaps 600 4000 0.05\nsecrets 700 3000 0.05\nservices 200 1500 0.01';
