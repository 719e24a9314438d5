import { defineProject } from 'vitest/config';

// The lab's tests start real etcd clusters, so they live apart from the site's: `npm run test:site`
// needs no etcd, while `npm test` (and CI) runs these too.
export default defineProject({
  test: {
    name: 'lab',
    include: ['test/**/*.test.ts'],
    // A group of their own, after the site's and the unit tests: the clusters' timing claims are not
    // measured beside Chromium. Two files at a time: a cluster mostly waits on elections and fsync
    // (the lab alone keeps under one core busy), and one worker would run them end to end.
    maxWorkers: 2,
    sequence: { groupOrder: 2 },
  },
});
