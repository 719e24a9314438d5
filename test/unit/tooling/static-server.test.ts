import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GZIP_LEVEL } from '../../../src/lib/quality/page-weight.ts';
import { serveStatic, type StaticSite } from '../../../src/tooling/static-server.ts';

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A raw GET (fetch would decompress and hide the bytes on the wire). */
function get(url: string, headers: Record<string, string> = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    request(url, { headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

const html = `<!doctype html><title>t</title>${'<p>words of prose</p>'.repeat(200)}`;
const js = 'export const a = 1;'.repeat(5);
const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4]);
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'static-server-'));
  mkdirSync(join(dir, 'etcd-sizing'), { recursive: true });
  mkdirSync(join(dir, '_astro'));
  writeFileSync(join(dir, 'index.html'), html);
  writeFileSync(join(dir, 'etcd-sizing/index.html'), html);
  writeFileSync(join(dir, '_astro/page.A1.js'), js);
  writeFileSync(join(dir, '_astro/logo.B2.png'), png);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('serveStatic, host mode', () => {
  let site: StaticSite;
  beforeAll(async () => {
    site = await serveStatic(dir, '/wiki/sizing', { host: true });
  });
  afterAll(() => site.close());

  it('listens on 127.0.0.1 under the base, and answers 404 outside it', async () => {
    expect(site.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/wiki\/sizing\/$/);
    expect((await get(`${site.origin}/etcd-sizing/`)).status).toBe(404);
    expect((await get(`${site.url}missing/`)).status).toBe(404);
  });

  it('sends text gzipped at the page weights\u2019 level, byte for byte, when the client accepts gzip', async () => {
    const page = await get(`${site.url}etcd-sizing/`, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body.length).toBe(gzipSync(html, { level: GZIP_LEVEL }).length);
    expect(gunzipSync(page.body).toString()).toBe(html);
    // Small files too: the page weights count every text file gzipped.
    const small = await get(`${site.url}_astro/page.A1.js`, { 'accept-encoding': 'gzip' });
    expect(small.headers['content-encoding']).toBe('gzip');
    expect(small.body.length).toBe(gzipSync(js, { level: GZIP_LEVEL }).length);
  });

  it('sends plain bytes to a client without gzip, and never compresses images', async () => {
    const plain = await get(`${site.url}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(html);
    const image = await get(`${site.url}_astro/logo.B2.png`, { 'accept-encoding': 'gzip' });
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.body).toEqual(png);
  });

  it('caches hashed assets for a year and makes pages revalidate', async () => {
    expect((await get(`${site.url}_astro/page.A1.js`)).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await get(`${site.url}etcd-sizing/`)).headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect((await get(`${site.url}etcd-sizing/`)).headers['vary']).toMatch(/Accept-Encoding/);
  });
});

describe('serveStatic, plain mode', () => {
  it('serves the files at / without compressing or caching them', async () => {
    const site = await serveStatic(dir);
    try {
      expect(site.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      const page = await get(`${site.url}etcd-sizing/`, { 'accept-encoding': 'gzip' });
      expect(page.status).toBe(200);
      expect(page.headers['content-encoding']).toBeUndefined();
      expect(page.body.toString()).toBe(html);
      expect(page.headers['cache-control']).toBe('no-store');
    } finally {
      await site.close();
    }
  });
});
