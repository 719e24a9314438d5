import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { auditBuiltLinks } from '../../../src/integration/post-build.ts';

const PERMALINK = 'https://github.com/etcd-io/etcd/blob/0123456789abcdef0123456789abcdef01234567/server/x.go#L1-L2';
const allowed = new Map([[PERMALINK, { key: 'etcd-io/etcd@v3.7.0:server/x.go#L1-L2' }]]);
const dist = mkdtempSync(join(tmpdir(), 'post-build-links-'));
mkdirSync(join(dist, '_astro'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe("the build's link audit", () => {
  it('passes pages whose only upstream links are lock permalinks', async () => {
    writeFileSync(join(dist, '_astro', 'ok.js'), 'const a = "https://etcd.io/docs/";');
    await expect(
      auditBuiltLinks(dist, [{ pathname: 'a/', html: `<p><a href="${PERMALINK}">x.go L1–2</a></p>` }], allowed),
    ).resolves.toBeUndefined();
  });

  it('fails on a disguised link in a page and on any upstream link in a script, naming each', async () => {
    writeFileSync(join(dist, '_astro', 'bad.js'), `const b = "${PERMALINK}";`);
    const html =
      '<a href="https://github&#37;2Ecom/a/b/blob/v1/x.go">x</a><a href="https:\\\\github.com\\a\\b\\tree\\v1">y</a>';
    const run = auditBuiltLinks(dist, [{ pathname: 'b/', html }], new Map());
    await expect(run).rejects.toThrow(/Links into source repositories that are not citations/);
    const message = await run.catch((e: Error) => e.message);
    expect(message).toContain(
      '/b/ (a[href]): "https://github%2Ecom/a/b/blob/v1/x.go" opens https://github.com/a/b/blob/v1/x.go',
    );
    expect(message).toContain('opens https://github.com/a/b/tree/v1');
    expect(message).toContain(`_astro/bad.js (script text): "${PERMALINK}"`);
  });

  it('fails on an upstream link in the popover data that is not a lock permalink', async () => {
    mkdirSync(join(dist, 'popovers'), { recursive: true });
    const forged = PERMALINK.replace('#L1-L2', '#L1-L9');
    writeFileSync(join(dist, 'popovers', 'a.json'), JSON.stringify([{ n: 1, permalink: PERMALINK }]));
    await expect(auditBuiltLinks(dist, [], allowed)).resolves.toBeUndefined();
    writeFileSync(join(dist, 'popovers', 'a.json'), JSON.stringify([{ n: 1, permalink: forged }]));
    await expect(auditBuiltLinks(dist, [], allowed)).rejects.toThrow(`popovers/a.json (JSON string): "${forged}"`);
    // The same forgery behind JSON's \u escapes, which a browser's JSON.parse decodes.
    const escaped = JSON.stringify([{ n: 1, permalink: forged }]).replace(
      /[/.o]/g,
      (c) => `\\u00${c.charCodeAt(0).toString(16)}`,
    );
    writeFileSync(join(dist, 'popovers', 'a.json'), escaped);
    await expect(auditBuiltLinks(dist, [], allowed)).rejects.toThrow(`popovers/a.json (JSON string): "${forged}"`);
    rmSync(join(dist, 'popovers'), { recursive: true });
  });

  it("leaves the guide's own edit and commit links alone, and only those", async () => {
    rmSync(join(dist, '_astro', 'bad.js'));
    const html =
      '<a href="https://github.com/Example/Guide/edit/main/content/docs/a.mdx">Edit</a>' +
      '<a href="https://github.com/example/guide/commit/abc">abc</a>';
    await expect(
      auditBuiltLinks(dist, [{ pathname: 'c/', html }], new Map(), 'https://github.com/example/guide'),
    ).resolves.toBeUndefined();
    await expect(
      auditBuiltLinks(
        dist,
        [{ pathname: 'c/', html: '<a href="https://github.com/example/guide-fork/blob/x/y">y</a>' }],
        new Map(),
        'https://github.com/example/guide',
      ),
    ).rejects.toThrow(/guide-fork/);
  });
});
