import { defineProject } from 'vitest/config';

// The lab's tests start real etcd clusters, so they live apart from the site's: `npm run test:site`
// needs no etcd, while `npm test` (and CI) runs these too.
export default defineProject({
  test: {
    name: 'lab',
    include: ['test/**/*.test.ts'],
  },
});
