import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { WebSocket } from 'undici';
import { createFixtureSite, removeFixture } from '../helpers/fixture-site.ts';

/**
 * `astro dev` on a fixture copy: an MDX edit that breaks a citation is checked again and
 * reported through Vite's HMR websocket as an overlay error, and the server keeps serving.
 * Everything is on loopback and bounded in time; the fixture is deleted afterwards.
 */
const prose = 'This page proves that the dev server reports a broken citation in the browser overlay. '.repeat(3);
const page = (extra: string) =>
  `---\ntitle: Fixture\n---\nimport Cite from '../../src/components/Cite.astro';\n\n${prose}\n\n${extra}\n`;
const BROKEN = 'See <Cite ref="acme/widgets@v1.0.0:src/widget.go#L3" expect="nothing pinned" />.';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Resolves with the first value other than undefined that `subscribe` pushes, or rejects after `ms`. */
function waitFor<T>(
  what: string | (() => string),
  ms: number,
  subscribe: (push: (value: T | undefined) => void) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`timed out after ${ms} ms waiting for ${typeof what === 'string' ? what : what()}`)),
      ms,
    );
    subscribe((value) => {
      if (value === undefined) return;
      clearTimeout(timer);
      resolve(value);
    });
  });
}

/** The status of `/` once the dev server has synced the content (it answers 404 until then), within 30 s. */
async function pageStatus(origin: string): Promise<number> {
  const until = Date.now() + 30_000;
  for (;;) {
    const status = (await fetch(`${origin}/`)).status;
    if (status === 200 || Date.now() > until) return status;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('citations in astro dev', () => {
  let site: string;
  let dev: ChildProcess | undefined;
  let output = '';
  let origin = '';

  beforeAll(async () => {
    site = createFixtureSite({ 'index.mdx': page('') });
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    dev = spawn('npx', ['--no', 'astro', 'dev', '--port', String(port), '--host', '127.0.0.1'], {
      cwd: site,
      // Vitest's own variables (VITEST, VITEST_POOL_ID, …) would make Vite inside the server act as under test.
      env: {
        ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST'))),
        ASTRO_TELEMETRY_DISABLED: '1',
        NODE_ENV: 'development',
      },
      detached: true,
    });
    await waitFor<true>('the dev server to start', 60_000, (push) => {
      const read = (d: Buffer) => {
        output += d.toString();
        push(output.includes(origin) && output.includes('watching for file changes') ? true : undefined);
      };
      dev!.stdout!.on('data', read);
      dev!.stderr!.on('data', read);
    });
  }, 90_000);

  afterAll(async () => {
    if (dev?.pid && dev.exitCode === null) {
      process.kill(-dev.pid, 'SIGTERM');
      await new Promise((resolve) => dev!.once('close', resolve));
    }
    if (site) removeFixture({ dir: site, status: 0, output: '' });
  });

  it('shows a broken citation in the overlay when its MDX file changes, and keeps serving', async () => {
    expect(await pageStatus(origin), output).toBe(200);
    const client = await (await fetch(`${origin}/@vite/client`)).text();
    const token = /const wsToken = "([^"]+)"/.exec(client)?.[1];
    expect(token, 'the Vite client names its websocket token').toBeDefined();
    const ws = new WebSocket(`ws://127.0.0.1:${new URL(origin).port}/?token=${token}`, 'vite-hmr');
    try {
      await waitFor<true>('the HMR websocket', 15_000, (push) => ws.addEventListener('open', () => push(true)));
      const error = waitFor<{ message: string; plugin?: string }>('an error payload', 45_000, (push) =>
        ws.addEventListener('message', (event) => {
          const payload = JSON.parse(String(event.data)) as {
            type: string;
            err?: { message: string; plugin?: string };
          };
          push(payload.type === 'error' ? payload.err : undefined);
        }),
      );
      writeFileSync(join(site, 'content/docs/index.mdx'), page(BROKEN));
      const err = await error;
      expect(err.plugin).toBe('sizing-guide:citations');
      expect(err.message).toContain('Citation check failed in content/docs/index.mdx');
      expect(err.message).toContain('content/docs/index.mdx:8');
      expect(err.message).toContain('acme/widgets@v1.0.0:src/widget.go#L3');
    } finally {
      ws.close();
    }
    expect(dev?.exitCode, output).toBeNull();
    // Fixed again, the page renders: the server never stopped. (A second write within the
    // watcher's settling time of the first would be folded into it, as an editor's never is.)
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    writeFileSync(join(site, 'content/docs/index.mdx'), page(''));
    await waitFor<true>(
      () => `the fix to be verified; server output:\n${output}`,
      45_000,
      (push) => {
        const check = () => push(/content\/docs\/index\.mdx: no citations\./.test(output) ? true : undefined); // the fix removes the citation
        check();
        dev!.stdout!.on('data', check);
      },
    );
    expect(await pageStatus(origin), output).toBe(200);
  }, 120_000);
});
