// The fake GitHub serves the citation benchmark too, so it lives with the shared tooling.
export * from '../../../src/tooling/fake-github/index.ts';
