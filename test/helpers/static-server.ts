// The loopback static server serves the scripts too, so it lives with the shared tooling.
export { serveStatic, type StaticSite } from '../../src/tooling/static-server.ts';
