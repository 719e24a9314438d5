/**
 * `npm run print -- --book`: one PDF whose contents list the chapters in the sidebar's order, each
 * with the sheet it starts on, and whose sheets say so: the sheet a chapter starts on carries that
 * chapter's URL, and every chapter ends with its numbered links.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { chromiumPathForTests } from '../helpers/browser.ts';
import { ROOT } from '../helpers/paths.ts';

const executablePath = chromiumPathForTests();
const pdftotext = spawnSync('pdftotext', ['-v'], { encoding: 'utf8' }).error === undefined;
const temp = mkdtempSync(join(tmpdir(), 'print-book-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));
const text = (pdf: string, page: number) =>
  spawnSync('pdftotext', ['-f', String(page), '-l', String(page), '-layout', pdf, '-'], { encoding: 'utf8' }).stdout;

describe.runIf(executablePath)('the printed book', () => {
  // Given out of sidebar order: the book puts them in the sidebar's.
  const routes = ['glossary/', 'etcd-writes/', 'etcd-sizing/'];

  it('is one PDF: title page, contents with page numbers, then each chapter where the contents say', async (ctx) => {
    if (!pdftotext) {
      if (process.env['CI'] === 'true') throw new Error('pdftotext is not installed: apt-get install -y poppler-utils');
      ctx.skip('pdftotext is not installed (apt-get install -y poppler-utils)');
    }
    const r = spawnSync(process.execPath, [join(ROOT, 'scripts/print.ts'), '--book', ...routes], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, PRINT_OUT: temp, CHROMIUM_PATH: executablePath },
    });
    expect(r.status, r.stderr).toBe(0);
    const pdf = join(temp, 'guide.pdf');
    const sheets = (await PDFDocument.load(readFileSync(pdf))).getPageCount();
    expect(text(pdf, 1)).toMatch(
      /Sizing etcd and the Kubernetes\s+control plane[\s\S]*Kubernetes v1\.37\.0, etcd v3\.7\.0/,
    );
    const contents = text(pdf, 2);
    const listed = [...contents.matchAll(/^\s*(\S.*?)\s*\.*\s+(\d+)\s*$/gm)].map(
      (m) => [m[1]!.trim(), Number(m[2])] as const,
    );
    expect(listed.map(([title]) => title)).toEqual([
      'Members and failure tolerance',
      'Writes and scaling out',
      'Glossary',
    ]);
    const starts = listed.map(([, page]) => page);
    expect(starts[0]).toBe(3);
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
    ['etcd-sizing/', 'etcd-writes/', 'glossary/'].forEach((route, i) => {
      expect(text(pdf, starts[i]!), route).toContain(`https://sizing-guide.example.org/${route}`);
      expect(text(pdf, starts[i]!), route).toContain(`page ${starts[i]} of ${sheets}`);
      // The sheet before the next chapter is this chapter's last: its links list ends there.
      const last = (starts[i + 1] ?? sheets + 1) - 1;
      const tail = [...Array(last - starts[i]! + 1).keys()].map((k) => text(pdf, starts[i]! + k)).join('\n');
      expect(tail, route).toMatch(/Links/);
    });
  });

  it('in Japanese: the edition in its own sidebar order, untranslated pages as their fallback copies', async (ctx) => {
    if (!pdftotext) {
      if (process.env['CI'] === 'true') throw new Error('pdftotext is not installed: apt-get install -y poppler-utils');
      ctx.skip('pdftotext is not installed (apt-get install -y poppler-utils)');
    }
    const out = join(temp, 'ja');
    const args = ['--book', '--lang', 'ja', 'ja/glossary/', 'ja/etcd-disk/', 'ja/etcd-sizing/'];
    const r = spawnSync(process.execPath, [join(ROOT, 'scripts/print.ts'), ...args], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, PRINT_OUT: out, CHROMIUM_PATH: executablePath },
    });
    expect(r.status, r.stderr).toBe(0);
    const pdf = join(out, 'guide.pdf');
    expect(text(pdf, 1)).toMatch(/サイジング[\s\S]*ビルド日[\s\S]*https:\/\/sizing-guide\.example\.org\/ja\//);
    const contents = text(pdf, 2);
    expect(contents).toContain('目次');
    const listed = [...contents.matchAll(/^\s*(\S.*?)\s*\.*\s+(\d+)\s*$/gm)].map(
      (m) => [m[1]!.trim(), Number(m[2])] as const,
    );
    expect(listed.map(([title]) => title)).toEqual(['メンバー数と障害耐性', 'ディスクとレイテンシー', '用語集']);
    ['ja/etcd-sizing/', 'ja/etcd-disk/', 'ja/glossary/'].forEach((route, i) => {
      expect(text(pdf, listed[i]![1]), route).toContain(`https://sizing-guide.example.org/${route}`);
    });
    // A route of the other edition is refused, with a message that names the edition.
    const wrong = spawnSync(process.execPath, [join(ROOT, 'scripts/print.ts'), '--book', '--lang', 'ja', 'glossary/'], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, PRINT_OUT: out, CHROMIUM_PATH: executablePath },
    });
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toContain('no built page of the ja edition at glossary/');
  });
});
