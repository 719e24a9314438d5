import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { chromiumPathForTests, launchBrowser } from '../helpers/browser.ts';
import { DIST, ROOT } from '../helpers/paths.ts';
import { ReusedTab } from '../helpers/reused-tab.ts';
import { watchErrors } from '../helpers/page-errors.ts';
import { allowedSourceLinks } from '../../src/lib/citations/link-audit.ts';
import { readLock } from '../../src/lib/citations/lock.ts';
import { serveStatic, type StaticSite } from '../helpers/static-server.ts';

const executablePath = chromiumPathForTests();
const PAGE = 'calculators/';

/** One calculator driven through its labels: what to type, what the result then says, what the URL keeps. */
interface Drive {
  id: string;
  /** [label, value]: fill for text, selectOption for selects ("select:" prefix), check/uncheck ("check:"). */
  inputs: [string, string][];
  result: RegExp;
  param: RegExp;
  /** Field text after reload where it differs from what was typed (e.g. a padded list). */
  restored?: Record<string, string>;
}

const DRIVES: Drive[] = [
  {
    id: 'quorum',
    inputs: [
      ['Members (n)', '5'],
      ['Members stopped for maintenance (k)', '1'],
    ],
    result: /Quorum3 members.*1 further failure tolerated/s,
    param: /q\.n=5&q\.k=1|q\.k=1&q\.n=5/,
  },
  {
    id: 'availability',
    inputs: [
      ['Per-member unavailability (p)', '0.01'],
      ['Members (n)', '5'],
    ],
    result: /P\(lost quorum\)9\.9 × 10⁻⁶/,
    param: /a\.p=0\.01/,
  },
  {
    id: 'writePath',
    inputs: [
      ['Writes per second', '2000'],
      ['Members (n)', '5'],
      ['Follower round trips (ms)', '1 1 5 5'],
      ['Follower fsyncs (ms)', '2'],
    ],
    result: /Commit latency3 ms.*leader \+ 2/s,
    param: /w\.n=5/,
    // Fewer fsync values than followers repeat the last one; the link keeps the full list.
    restored: { 'Follower fsyncs (ms)': '2 2 2 2' },
  },
  {
    id: 'apiserver',
    inputs: [
      ['API-server replicas (R)', '5'],
      ['Objects of those types (N)', '20000'],
    ],
    result: /etcd watches \(R × T\)300.*100,000/s,
    param: /r\.r=5/,
  },
  {
    id: 'upgrade',
    inputs: [
      ['Nodes that must stay up (A)', '3'],
      ['select:Upgrade strategy', 'in-place'],
    ],
    result: /Control-plane nodes to run4/,
    param: /u\.s=in-place/,
  },
  {
    id: 'maintenance',
    inputs: [
      ['Failures to survive during maintenance (f)', '2'],
      ['Members stopped at once (k)', '1'],
    ],
    result: /Members needed7 = 2 × \(2 \+ 1\) \+ 1/,
    param: /m\.f=2/,
  },
  {
    id: 'topology',
    inputs: [
      ['etcd members (E)', '5'],
      ['Control-plane nodes (C)', '2'],
    ],
    result: /External7 hosts \(5 \+ 2\)/,
    param: /t\.e=5/,
  },
  {
    id: 'overrides',
    inputs: [['Flag value to check', '/events#https://etcd-0:2379,apps/deployments#https://etcd-1:2379']],
    result: /Accepted by kube-apiserver v1\.37: 2 overrides/,
    param: /o\.v=/,
  },
  {
    id: 'apf',
    inputs: [
      ['API-server replicas', '2'],
      ['--max-requests-inflight', '800'],
      ['select:Priority level to inspect', 'workload-low'],
    ],
    result:
      /Seats per replica \(800 \+ 200\)\s*1,000.*ceil\(1,000 × 100 \/ 245\) = 409 seats per replica, 818 across 2/s,
    param: /f\.mri=800/,
  },
  {
    id: 'readPath',
    inputs: [
      ['select:Request', 'GET'],
      ['resourceVersion', '0'],
    ],
    result: /Served by the watch cache\./,
    param: /p\.verb=GET/,
  },
  {
    id: 'timeouts',
    inputs: [
      ['Round trip between members (ms)', '120'],
      ['WAL fsync p99 (ms)', '10'],
    ],
    result:
      /Recommended--heartbeat-interval=130 --election-timeout=1300.*value: "1300".*below 1,300 ms \(10 × round trip\)/s,
    param: /e\.rtt=120/,
  },
  {
    id: 'hardware',
    inputs: [
      ['Kubernetes nodes', '5000'],
      ['Requests per second to etcd', '20000'],
    ],
    result:
      /xLarge cluster, decided by request rate\..*m4\.4xlarge: 16 vCPUs.*5,000 nodes is past the largest example workload/s,
    param: /h\.n=5000/,
  },
  {
    id: 'dbSize',
    inputs: [
      ['Resources (name, objects, mean bytes, writes)', 'pods 100000 10000 100'],
      ['Compaction interval (minutes)', '10'],
    ],
    // 100,000 × 10,256 B live + 100/s × 1,200 s × 10,256 B history, × 1.5: 3.15 GiB, over the 2 GiB quota;
    // × (1 + 0.2 % × 365) × 1.25 = 6.8 GiB, so 7 GiB to set.
    result: /On disk before a defragmentation \(× 1\.5\)3\.15 GiB.*already at or over the quota.*7 GiB/s,
    param: /b\.ci=10/,
  },
  {
    id: 'limits',
    // At 5,000 nodes the cluster-wide thresholds are their own values, scaled or not.
    inputs: [
      ['Nodes', '5000'],
      ['Pods in the cluster', '160000'],
    ],
    result: /Binds first: Pods, ratio 1\.07, beyond the tested envelope\..*Pods160,000 of 150,000: ratio 1\.07/s,
    param: /l\.p=160000/,
  },
  {
    id: 'membership',
    inputs: [
      ['Voting members at the start', '5'],
      ['Members down at the start', '2'],
      ['select:Order (replace only)', 'add-first'],
    ],
    // With two of five down, adding even a learner first is refused: 6 members need 4 connected.
    result: /etcd refuses step 1 by default.*Change the order.*unhealthy cluster/s,
    param: /j\.o=add-first/,
  },
];

async function fillLabel(calc: Locator, label: string, value: string): Promise<void> {
  if (label.startsWith('select:')) await calc.getByLabel(label.slice(7), { exact: true }).selectOption(value);
  else if (label.startsWith('check:')) await calc.getByLabel(label.slice(6), { exact: true }).setChecked(value === '1');
  else await calc.getByLabel(label, { exact: true }).fill(value);
}

/** The calculator element, after its on-demand code has loaded (its Copy link button shows). */
async function ready(page: Page, id: string): Promise<Locator> {
  const calc = page.locator(`[data-calc="${id}"]`);
  await calc.scrollIntoViewIfNeeded();
  await calc.getByRole('button', { name: 'Copy link' }).waitFor({ state: 'visible' });
  return calc;
}

const resultOf = (calc: Locator): Locator => calc.locator('.calc__result');

describe.skipIf(!executablePath)('calculators in Chromium', () => {
  let browser: Browser;
  let site: StaticSite;
  let context: BrowserContext;
  beforeAll(async () => {
    browser = await launchBrowser(executablePath!);
    site = await serveStatic(DIST);
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.origin });
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await site?.close();
  });

  // The tests that open a page with `open` take turns on one (see ReusedTab); those that watch its
  // requests or block some open pages of their own.
  const tab = new ReusedTab(() => context.newPage());
  afterAll(() => tab.close());

  /**
   * Opens a page and records console errors, page errors and dialogs (none may happen) until `stop()`.
   * @returns the page, the errors so far and the function that stops listening.
   */
  async function open(url: string): Promise<{ page: Page; errors: string[]; stop: () => void }> {
    const page = await tab.take();
    const { errors, stop } = watchErrors(page, { dialogs: true });
    await page.goto(url, { waitUntil: 'load' });
    return { page, errors, stop };
  }

  it.each(DRIVES)('$id: typing updates the result, Copy link copies the state, reload restores it', async (d) => {
    const { page, errors, stop } = await open(site.url + PAGE);
    try {
      const calc = page.locator(`[data-calc="${d.id}"]`);
      for (const [label, value] of d.inputs) await fillLabel(calc, label, value);
      await ready(page, d.id);
      await expect
        .poll(() =>
          resultOf(calc)
            .innerText()
            .then((t) => t.replace(/\n/g, '')),
        )
        .toMatch(d.result);
      expect(page.url()).toMatch(d.param);

      await calc.getByRole('button', { name: 'Copy link' }).click();
      await expect
        .poll(() => calc.locator('[data-copy-status]').textContent())
        .toMatch(/^Copied: the link restores every calculator/);
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toBe(page.url());

      await page.goto(copied, { waitUntil: 'load' });
      const again = await ready(page, d.id);
      for (const [label, value] of d.inputs) {
        const field = again.getByLabel(label.replace(/^(select|check):/, ''), { exact: true });
        expect(await field.inputValue()).toBe(d.restored?.[label] ?? value);
      }
      await expect
        .poll(() =>
          resultOf(again)
            .innerText()
            .then((t) => t.replace(/\n/g, '')),
        )
        .toMatch(d.result);
      expect(errors).toEqual([]);
    } finally {
      stop();
    }
  });

  it('bad input shows an inline message tied to the field, never NaN, Infinity or a blank result', async () => {
    const { page, errors, stop } = await open(site.url + PAGE);
    try {
      const calc = await ready(page, 'quorum');
      const n = calc.getByLabel('Members (n)', { exact: true });
      const k = calc.getByLabel('Members stopped for maintenance (k)', { exact: true });
      const cases: [Locator, string, RegExp][] = [
        [n, 'abc', /Members must be a whole number from 1 to 99; "abc" is not a number/],
        [n, '0,5', /"0,5" is not a whole number/],
        [n, '2.5', /must be a whole number; got 2\.5/],
        [n, '-3', /cannot be negative/],
        [n, '', /Members is empty/],
        [n, '100', /at most 99/],
        // A German browser's "1.000" (one thousand) is never read as 1.
        [
          n,
          '1.000',
          /"1\.000" is ambiguous — write "1000" if the point separates thousands, or "1" if it is a decimal point/,
        ],
        [n, '1.000.000', /leave out the thousands separator — write "1000000"/],
      ];
      for (const [field, value, message] of cases) {
        await field.fill(value);
        const errId = (await field.getAttribute('aria-describedby'))!.split(' ').find((s) => s.endsWith('-err'))!;
        await expect.poll(() => page.locator(`#${errId}`).textContent()).toMatch(message);
        expect(await field.getAttribute('aria-invalid')).toBe('true');
        const result = await resultOf(calc).innerText();
        expect(result).toMatch(/No result yet: fix the marked input/);
        expect(result).not.toMatch(/NaN|Infinity/);
      }
      // While a field is invalid, Copy link refuses rather than copying the last valid state.
      await calc.getByRole('button', { name: 'Copy link' }).click();
      await expect
        .poll(() => calc.locator('[data-copy-status]').textContent())
        .toBe('Not copied: fix the marked input first');
      // 99, the top of the range, gets a result (the note once looked up 100 members and threw).
      await n.fill('99');
      await expect
        .poll(() =>
          resultOf(calc)
            .innerText()
            .then((t) => t.replace(/\n/g, ' ')),
        )
        .toMatch(/Quorum 50 members/);
      await n.fill('3');
      await k.fill('5');
      await expect
        .poll(() => calc.locator('#q-k-err').textContent())
        .toMatch(/Members stopped \(5\) cannot exceed the 3 configured members/);
      expect(await n.getAttribute('aria-invalid')).toBeNull();
      await k.fill('1');
      await expect.poll(() => calc.locator('#q-k-err').textContent()).toBe('');
      expect(await k.getAttribute('aria-invalid')).toBeNull();

      // Every text input of every calculator refuses letters with a message, and no result shows NaN/Infinity.
      for (const id of [
        'availability',
        'writePath',
        'apiserver',
        'upgrade',
        'maintenance',
        'topology',
        'timeouts',
        'hardware',
        'dbSize',
        'limits',
        'apf',
      ]) {
        const c = await ready(page, id);
        const inputs = c.locator('input[type="text"][data-field]:visible');
        for (let i = 0; i < (await inputs.count()); i++) {
          const input = inputs.nth(i);
          const before = await input.inputValue();
          await input.fill('x1');
          await expect.poll(() => input.getAttribute('aria-invalid')).toBe('true');
          const describedBy = (await input.getAttribute('aria-describedby'))!;
          const err = describedBy.split(' ').find((s) => s.endsWith('-err'))!;
          expect((await page.locator(`#${err}`).textContent())!.length).toBeGreaterThan(10);
          expect(await c.innerText()).not.toMatch(/NaN|Infinity|undefined/);
          await input.fill(before);
        }
        expect(await resultOf(c).innerText()).not.toMatch(/No result yet/);
      }
      // MTBF mode and a decimal comma in p.
      const a = await ready(page, 'availability');
      await a.getByLabel('Per-member unavailability (p)', { exact: true }).fill('0,5');
      await expect.poll(() => a.locator('#a-p-err').textContent()).toMatch(/decimal point/);
      await a.getByLabel('Give member unavailability as', { exact: true }).selectOption('mtbf');
      await a.getByLabel('Mean time between failures (MTBF, hours)', { exact: true }).fill('0');
      await a.getByLabel('Mean time to repair (MTTR, hours)', { exact: true }).fill('0');
      await expect.poll(() => a.locator('#a-mttr-err').textContent()).toMatch(/above 0 hours/);
      await a.getByLabel('Mean time between failures (MTBF, hours)', { exact: true }).fill('999');
      await a.getByLabel('Mean time to repair (MTTR, hours)', { exact: true }).fill('1');
      await expect.poll(() => resultOf(a).innerText()).toMatch(/MTTR \/ \(MTBF \+ MTTR\)\s*0\.001/);
      expect(errors).toEqual([]);
    } finally {
      stop();
    }
  });

  it('hostile and nonsense link parameters are clamped or rejected and never become HTML', async () => {
    const hostile = new URLSearchParams({
      'q.n': '<img src=x onerror=alert(1)>',
      'q.k': '1e309',
      'a.n': '1e309',
      'a.p': '7',
      'o.v': '"><script>alert(1)</script>',
      'p.rv': '<b>1</b>',
      'u.s': 'javascript:alert(1)',
      'm.f': '500',
      'w.rtt': 'abc',
    });
    const { page, errors, stop } = await open(`${site.url}${PAGE}?${hostile.toString()}`);
    try {
      const q = await ready(page, 'quorum');
      expect(await q.getByLabel('Members (n)', { exact: true }).inputValue()).toBe('3');
      expect(await q.getByLabel('Members stopped for maintenance (k)', { exact: true }).inputValue()).toBe('0');
      expect(await q.locator('[data-notice]').textContent()).toMatch(
        /Link parameter "q\.n" is not a valid number; using the default/,
      );
      const a = await ready(page, 'availability');
      expect(await a.getByLabel('Members (n)', { exact: true }).inputValue()).toBe('3');
      expect(await a.getByLabel('Per-member unavailability (p)', { exact: true }).inputValue()).toBe('1');
      const o = await ready(page, 'overrides');
      expect(await o.getByLabel('Flag value to check', { exact: true }).inputValue()).not.toContain('script');
      const u = await ready(page, 'upgrade');
      expect(await u.getByLabel('Upgrade strategy', { exact: true }).inputValue()).toBe('surge');
      const w = await ready(page, 'writePath');
      expect(await w.getByLabel('Follower round trips (ms)', { exact: true }).inputValue()).toBe('0.5 1');
      expect(await w.locator('[data-notice]').textContent()).toMatch(
        /Link parameter "w\.rtt" has no number from 0 to 1000000; using the default/,
      );
      expect(await resultOf(w).innerText()).toMatch(/Commit latency/);
      const m = await ready(page, 'maintenance');
      expect(await m.getByLabel('Failures to survive during maintenance (f)', { exact: true }).inputValue()).toBe('49');
      await ready(page, 'readPath');
      expect(await page.locator('main img, main script:not([src]):not([type]), main b').count()).toBe(0);
      expect(await page.content()).not.toContain('onerror=alert');
      // The page rewrote the link to the values it shows.
      expect(page.url()).not.toContain('%3Cimg');
      expect(errors).toEqual([]);
    } finally {
      stop();
    }
  });

  it('the overrides builder adds and removes rows and writes a value the parser accepts; bad values get upstream\u2019s message', async () => {
    const { page, errors, stop } = await open(site.url + 'etcd-writes/');
    try {
      const o = await ready(page, 'overrides');
      expect(await o.locator('fieldset[data-row]').count()).toBe(2);
      await o.getByRole('button', { name: 'Add override' }).click();
      await expect
        .poll(() => o.locator('#o-servers-2-err').textContent())
        .toMatch(/Row 3: add at least one etcd server/);
      await o.getByLabel('Group (override 3)').fill('coordination.k8s.io');
      await o.getByLabel('Resource (override 3)').fill('leases');
      await o.getByLabel('Servers (override 3)').fill('https://etcd-7:2379 https://etcd-8:2379');
      const value = o.getByLabel('Flag value to check', { exact: true });
      await expect
        .poll(() => value.inputValue())
        .toBe(
          '/pods#http://etcd4:2379;http://etcd5:2379,/events#http://etcd6:2379,coordination.k8s.io/leases#https://etcd-7:2379;https://etcd-8:2379',
        );
      await expect.poll(() => resultOf(o).innerText()).toMatch(/Accepted by kube-apiserver v1\.37: 3 overrides/);
      await o.getByRole('button', { name: 'Remove override 1' }).click();
      await expect.poll(() => o.locator('fieldset[data-row]').count()).toBe(2);
      await expect
        .poll(() => value.inputValue())
        .toBe('/events#http://etcd6:2379,coordination.k8s.io/leases#https://etcd-7:2379;https://etcd-8:2379');
      expect(await o.locator('[data-built]').textContent()).toBe(
        '--etcd-servers-overrides=/events#http://etcd6:2379,coordination.k8s.io/leases#https://etcd-7:2379;https://etcd-8:2379',
      );

      await value.fill('/events#');
      await expect
        .poll(() => resultOf(o).innerText())
        .toMatch(/Refused: kube-apiserver v1\.37 rejects this value with:/);
      expect(await resultOf(o).innerText()).toContain(
        '--etcd-servers-overrides invalid, must be of format: group/resource#servers, where servers are URLs, semicolon separated',
      );
      // Accepted upstream (group "registry"), but an etcd key prefix and plain http.
      await value.fill('registry/events#http://etcd-0:2379');
      await expect.poll(() => resultOf(o).innerText()).toMatch(/Accepted by kube-apiserver v1\.37: 1 override/);
      expect(await resultOf(o).innerText()).toMatch(/"registry\/events" is an etcd key prefix/);
      expect(await resultOf(o).innerText()).toMatch(/uses plain http/);
      await value.fill('/events#https://a:2379;/pods#https://e:2379');
      await expect.poll(() => resultOf(o).innerText()).toMatch(/it has 2 "#" characters/);
      expect(await resultOf(o).innerText()).toMatch(/separate overrides with ","/);
      // A value the rows can hold fills them back in.
      await value.fill('/nodes#https://n:2379');
      await expect.poll(() => o.getByLabel('Resource (override 1)').inputValue()).toBe('nodes');
      expect(await o.locator('fieldset[data-row]').count()).toBe(1);
      // One they cannot hold exactly (quoted) empties them, with a note, live and after a reload.
      const note = o.locator('[data-rows-note]');
      expect(await note.isVisible()).toBe(false);
      await value.fill('"/events#https://a:2379"');
      await expect.poll(() => note.isVisible()).toBe(true);
      expect(await o.locator('fieldset[data-row]').count()).toBe(0);
      expect(await o.locator('[data-built]').textContent()).toBe('--etcd-servers-overrides="/events#https://a:2379"');
      await page.reload({ waitUntil: 'load' });
      const again = await ready(page, 'overrides');
      await expect.poll(() => again.locator('[data-rows-note]').isVisible()).toBe(true);
      expect(await again.locator('fieldset[data-row]').count()).toBe(0);
      // Adding a row replaces the value and the note goes.
      await again.getByRole('button', { name: 'Add override' }).click();
      await again.getByLabel('Resource (override 1)').fill('events');
      await again.getByLabel('Servers (override 1)').fill('https://b:2379');
      await expect
        .poll(() => again.getByLabel('Flag value to check', { exact: true }).inputValue())
        .toBe('/events#https://b:2379');
      expect(await again.locator('[data-rows-note]').isVisible()).toBe(false);
      expect(errors).toEqual([]);
    } finally {
      stop();
    }
  });

  it('the overrides builder can be filled by keyboard alone, from a Tab that lands in it before its code has loaded', async () => {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    page.on('console', (m) => m.type() === 'error' && errors.push(`console: ${m.text()}`));
    // Hold the builder's code back until the reader has tabbed in and typed.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let requested = false;
    await page.route(/\/_astro\/overrides\.client\.[\w-]+\.js$/, async (route) => {
      requested = true;
      await held;
      await route.continue();
    });
    try {
      await page.goto(site.url + 'etcd-writes/', { waitUntil: 'load' });
      const o = page.locator('[data-calc="overrides"]');
      // The focused field's id, a button's text, or the element name (BODY once the focus is lost).
      const active = () =>
        page.evaluate(() => {
          const el = document.activeElement;
          return el?.id || (el instanceof HTMLButtonElement ? el.textContent?.trim() : el?.tagName);
        });
      const press = async (key: string, expected: string) => {
        await page.keyboard.press(key);
        expect(await active(), `after ${key}`).toBe(expected);
      };
      // Focus what precedes the builder in the tab order, without a click (a pointer would load the code).
      // A plain button placed just before the builder stands in for whatever precedes it (a citation
      // marker there would open its popover on focus, and Tab would enter the popover's links).
      await page.evaluate(() => {
        const before = document.createElement('button');
        before.textContent = 'before';
        document.querySelector('[data-calc="overrides"]')!.before(before);
        before.focus();
      });
      await press('Tab', 'o-group-0');
      await page.keyboard.type('apps');
      await press('Tab', 'o-resource-0');
      await page.keyboard.type('deployments');
      // Still before the code: its buttons are hidden, its request is waiting.
      expect(await o.locator('[data-add]').isHidden()).toBe(true);
      await expect.poll(() => requested).toBe(true);
      release();
      await o.getByRole('button', { name: 'Add override' }).waitFor({ state: 'visible' });
      // The code took over without moving the focus or losing what was typed; the rows wrote the value.
      expect(await active()).toBe('o-resource-0');
      expect(await o.getByLabel('Group (override 1)').inputValue()).toBe('apps');
      expect(await o.getByLabel('Resource (override 1)').inputValue()).toBe('deployments');
      const value = o.getByLabel('Flag value to check', { exact: true });
      await expect
        .poll(() => value.inputValue())
        .toBe('apps/deployments#http://etcd4:2379;http://etcd5:2379,/events#http://etcd6:2379');

      await press('Tab', 'o-servers-0');
      await page.keyboard.type('https://etcd-a:2379 https://etcd-b:2379');
      await press('Tab', 'Remove override 1');
      await press('Tab', 'o-group-1');
      await page.keyboard.type('coordination.k8s.io');
      await press('Tab', 'o-resource-1');
      await page.keyboard.type('leases');
      await press('Tab', 'o-servers-1');
      await page.keyboard.type('https://etcd-c:2379');
      await press('Tab', 'Remove override 2');
      await press('Tab', 'Add override');
      await press('Enter', 'o-group-2');
      await press('Tab', 'o-resource-2');
      await page.keyboard.type('events');
      await press('Tab', 'o-servers-2');
      await page.keyboard.type('https://etcd-e:2379');
      const three =
        'apps/deployments#https://etcd-a:2379;https://etcd-b:2379,coordination.k8s.io/leases#https://etcd-c:2379,/events#https://etcd-e:2379';
      await expect.poll(() => value.inputValue()).toBe(three);
      await expect.poll(() => resultOf(o).innerText()).toMatch(/Accepted by kube-apiserver v1\.37: 3 overrides/);

      // Typing in the value box adds a row; tabbing back into the rows keeps the focus there.
      await press('Tab', 'Remove override 3');
      await press('Tab', 'Add override');
      // The shared-settings note's link to its upstream lines sits between the rows and the value box.
      await press('Tab', 'A');
      await press('Tab', 'o-v');
      await page.keyboard.press('End');
      await page.keyboard.type(',/nodes#https://n:2379');
      await expect.poll(() => o.locator('fieldset[data-row]').count()).toBe(4);
      await press('Shift+Tab', 'A');
      await press('Shift+Tab', 'Add override');
      await press('Shift+Tab', 'Remove override 4');
      await press('Shift+Tab', 'o-servers-3');
      await page.keyboard.press('End');
      await page.keyboard.type(' https://n2:2379');
      await expect.poll(() => value.inputValue()).toBe(`${three},/nodes#https://n:2379;https://n2:2379`);
      expect(await active()).toBe('o-servers-3');
      expect(page.url()).toContain('o.v=');
      expect(errors).toEqual([]);
    } finally {
      release();
      await page.close();
    }
  });

  it('the read-path explorer links the deciding upstream lines and reports upstream rejections', async () => {
    const { page, errors, stop } = await open(site.url + 'etcd-reads/');
    try {
      const p = await ready(page, 'readPath');
      await expect
        .poll(() => resultOf(p).innerText())
        .toMatch(/Served by the watch cache, after an etcd current-revision read\./);
      await p.getByLabel('Request', { exact: true }).selectOption('GET');
      await expect.poll(() => resultOf(p).innerText()).toMatch(/Served by etcd, as a linearizable read\./);
      // The links the browser renders are the lock's permalinks for the deciding lines, with their state.
      const links = await resultOf(p)
        .locator('a.calc__ref')
        .evaluateAll((as) =>
          as.map((a) => [(a as HTMLAnchorElement).href, a.getAttribute('data-status'), a.textContent]),
        );
      const allowed = allowedSourceLinks(await readLock(ROOT));
      expect(links.map(([, , text]) => text)).toContainEqual(
        expect.stringMatching(/^delegator\.go L120–125 @ v1\.37\.0/),
      );
      for (const [href, status] of links) {
        expect(allowed.get(href!), `${href} is not a lock permalink`).toBeDefined();
        if (allowed.get(href!)!.status !== 'pinned') expect(status).toBe(allowed.get(href!)!.status);
      }
      await p.getByLabel('Request', { exact: true }).selectOption('LIST');
      await p.getByLabel('resourceVersion', { exact: true }).fill('');
      await p.getByLabel('resourceVersionMatch', { exact: true }).selectOption('Exact');
      await expect
        .poll(() => resultOf(p).innerText())
        .toMatch(
          /422 Unprocessable Entity, no Retry-After: resourceVersionMatch is forbidden unless resourceVersion is provided/,
        );
      // An Exact LIST newer than the cache: the cache waits, then 504 with Retry-After: 1.
      await p.getByLabel('resourceVersion', { exact: true }).fill('999999');
      await expect
        .poll(() => resultOf(p).innerText())
        .toMatch(/504 Gateway Timeout, Retry-After: 1: Timeout: Too large resource version: 999999, current: 100000/);
      await p.getByLabel('resourceVersion', { exact: true }).fill('0');
      await p.getByLabel('resourceVersionMatch', { exact: true }).selectOption('');
      await p.getByLabel('The watch cache is ready', { exact: true }).uncheck();
      await expect.poll(() => resultOf(p).innerText()).toMatch(/429 Too Many Requests, Retry-After: 1–30/);
      await p.getByLabel('The watch cache is ready', { exact: true }).check();
      expect(errors).toEqual([]);
    } finally {
      stop();
    }
  });

  it('the read-path explorer reads a resource without a watch cache from etcd, hides the cache\u2019s fields, and keeps the resource in the link', async () => {
    const { page, errors, stop } = await open(site.url + 'etcd-reads/');
    try {
      const p = await ready(page, 'readPath');
      const ready_ = p.getByLabel('The watch cache is ready', { exact: true });
      await expect.poll(() => ready_.isVisible()).toBe(true);
      await p.getByLabel('Resource', { exact: true }).selectOption('events');
      await p.getByLabel('resourceVersion', { exact: true }).fill('0');
      await p.getByLabel('limit', { exact: true }).fill('10');
      await expect.poll(() => resultOf(p).innerText()).toMatch(/Served by etcd, as a linearizable read\./);
      const text = await resultOf(p).innerText();
      expect(text).toContain('the limit of 10 is honoured');
      expect(text).toContain('every WATCH of them is an etcd watch');
      expect(text).not.toContain('ignores limit');
      await expect.poll(() => ready_.isVisible()).toBe(false);
      expect(page.url()).toMatch(/p\.res=events/);
      const hrefs = await resultOf(p)
        .locator('a')
        .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
      expect(hrefs).toContain(
        'https://github.com/kubernetes/kubernetes/blob/v1.37.0/pkg/kubeapiserver/default_storage_factory_builder.go#L55-L62',
      );

      await page.goto(page.url(), { waitUntil: 'load' });
      const again = await ready(page, 'readPath');
      expect(await again.getByLabel('Resource', { exact: true }).inputValue()).toBe('events');
      await expect.poll(() => again.getByLabel('The watch cache is ready', { exact: true }).isVisible()).toBe(false);
      await expect.poll(() => resultOf(again).innerText()).toMatch(/the limit of 10 is honoured/);
      // A revision newer than etcd's, without a cache: checked after the read, 504 and no Retry-After.
      await again.getByLabel('limit', { exact: true }).fill('0');
      await again.getByLabel('resourceVersion', { exact: true }).fill('100001');
      await expect
        .poll(() => resultOf(again).innerText())
        .toMatch(/reads etcd first \(one request\), then answers with an error:\s*504 Gateway Timeout, no Retry-After/);
      await again.getByLabel('Resource', { exact: true }).selectOption('cached');
      await expect.poll(() => again.getByLabel('The watch cache is ready', { exact: true }).isVisible()).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      stop();
    }
  });

  it('the timeouts calculator refuses a pair the way etcd does, and finds no pair past a 5 s round trip', async () => {
    const { page, errors, stop } = await open(site.url + 'etcd-timeouts/');
    try {
      const calc = await ready(page, 'timeouts');
      await calc.getByLabel('Round trip between members (ms)', { exact: true }).fill('10');
      await calc.getByLabel('Your --election-timeout (ms)', { exact: true }).fill('100');
      await expect
        .poll(() => resultOf(calc).innerText())
        .toMatch(
          /should be at least as 5 times as --heartbeat-interval\[100ms\][\s\S]*heartbeat outside 5 ms–15 ms[\s\S]*election rule alone would allow this election timeout, but its heartbeat band rules this heartbeat out/,
        );
      await calc.getByLabel('Round trip between members (ms)', { exact: true }).fill('6000');
      await expect.poll(() => resultOf(calc).innerText()).toMatch(/should be set less than 50000ms[\s\S]*No pair fits/);
      expect(await resultOf(calc).innerText()).not.toContain('extraArgs');
      await calc.getByLabel('Your --heartbeat-interval (ms)', { exact: true }).fill('1.5');
      await expect.poll(() => calc.locator('#e-h-err').textContent()).toMatch(/must be a whole number; got 1\.5/);
      expect(page.url()).toContain('e.rtt=6000');
      expect(errors).toEqual([]);
    } finally {
      stop();
    }
  });

  it('the availability chart follows the inputs and keeps its space', async () => {
    const { page, errors, stop } = await open(site.url + 'etcd-sizing/');
    try {
      const a = page.locator('[data-calc="availability"]');
      const box = async (): Promise<{ width: number; height: number }> => {
        const b = (await a.locator('svg.chart').boundingBox())!;
        return { width: b.width, height: b.height };
      };
      const before = await box();
      expect(before.width / before.height).toBeCloseTo(520 / 320, 1);
      await ready(page, 'availability');
      await a.getByLabel('Members (n)', { exact: true }).fill('9');
      await expect.poll(() => a.locator('.chart__series--current path').getAttribute('data-members')).toBe('9');
      await a.getByLabel('Members (n)', { exact: true }).fill('5');
      await expect.poll(() => a.locator('.chart__series--current path').getAttribute('data-members')).toBe('5');
      expect(await a.locator('svg.chart path[data-members]').count()).toBe(4);
      expect(await a.locator('svg.chart desc').textContent()).toMatch(/Highlighted: 5 members at p = 0\.001/);
      expect(await box()).toEqual(before);
      expect(errors).toEqual([]);
    } finally {
      stop();
    }
  });

  it('is usable by keyboard alone: Tab reaches the fields, typing updates the result', async () => {
    const { page, errors, stop } = await open(site.url + 'control-plane/');
    try {
      const u = page.locator('[data-calc="upgrade"]');
      await u.getByLabel('Nodes that must stay up (A)', { exact: true }).focus();
      await page.keyboard.press('Control+A');
      await page.keyboard.type('4');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-field'))).toBe('s');
      await page.keyboard.press('ArrowDown');
      await ready(page, 'upgrade');
      await expect
        .poll(() =>
          resultOf(u)
            .innerText()
            .then((t) => t.replace(/\n/g, '')),
        )
        .toMatch(/Control-plane nodes to run5/);
      expect(errors).toEqual([]);
    } finally {
      stop();
    }
  });

  it('a calculator\u2019s code loads only when the reader nears it, and only that calculator\u2019s', async () => {
    const page = await context.newPage();
    const fetched: string[] = [];
    page.on('request', (r) => {
      const m = /\/_astro\/([a-z-]+)\.client\.[\w-]+\.js$/.exec(r.url());
      if (m) fetched.push(m[1]!);
    });
    try {
      await page.goto(site.url + 'etcd-writes/', { waitUntil: 'load' });
      // The overrides linter is thousands of pixels below the fold.
      await page.waitForTimeout(300);
      expect(fetched).not.toContain('overrides');
      await ready(page, 'overrides');
      expect(fetched).toContain('overrides');
      // Only calculators of this page, each once (other chapters' are never fetched).
      const here = ['write-path', 'overrides'];
      expect(fetched.filter((f) => !here.includes(f))).toEqual([]);
      expect(new Set(fetched).size).toBe(fetched.length);
    } finally {
      await page.close();
    }
  });

  it('a calculator whose code cannot be fetched keeps its build-time result and says it will not update', async () => {
    const page = await context.newPage();
    await page.route(/\/_astro\/quorum\.client\.[\w-]+\.js$/, (route) => route.abort('failed'));
    try {
      await page.goto(`${site.url}${PAGE}?q.n=5`, { waitUntil: 'load' });
      const calc = page.locator('[data-calc="quorum"]');
      const notice = calc.locator('[data-notice]');
      await notice.waitFor({ state: 'visible' });
      expect(await notice.innerText()).toMatch(/Could not load this calculator.*Reload to retry/s);
      expect(await resultOf(calc).innerText()).toMatch(/3 of 3 members running/);
    } finally {
      await page.close();
    }
  });

  it('the hardware chapter: its class table comes from the model, and its calculator moves between classes at the bounds', async () => {
    const { page, errors, stop } = await open(`${site.url}etcd-hardware/`);
    try {
      const classes = page.locator('table[data-table="hardware-classes"] tbody tr');
      expect(await classes.count()).toBe(4);
      expect(await classes.first().innerText()).toMatch(/^Small\s+< 100\s+< 200\s+≤ 0\.1 GB\s+50$/);
      expect(await classes.last().innerText()).toMatch(/^xLarge\s+> 1,500\s+> 10,000\s+> 1 GB\s+3,000$/);
      const machines = page.locator('table[data-table="hardware-machines"] tbody tr');
      expect(await machines.count()).toBe(8);
      expect(await machines.first().innerText()).toMatch(/^Small\s+AWS m4\.large\s+2\s+8\s+3,600\s+56\.25$/);
      expect(await machines.last().innerText()).toMatch(
        /^xLarge\s+GCE n1-standard-16 \+ 500GB PD SSD\s+16\s+60\s+15,000\s+250$/,
      );
      const calc = await ready(page, 'hardware');
      const nodes = calc.getByLabel('Kubernetes nodes', { exact: true });
      const data = calc.getByLabel('Data size in GB', { exact: true });
      const rps = calc.getByLabel('Requests per second to etcd', { exact: true });
      await rps.fill('0');
      await data.fill('0');
      await nodes.fill('3000');
      await expect
        .poll(() => resultOf(calc).innerText())
        .toMatch(/^Small cluster by default: nodes alone decide no class/);
      await rps.fill('9999');
      await expect.poll(() => resultOf(calc).innerText()).toMatch(/^Large cluster, decided by request rate\./);
      await rps.fill('10001');
      await expect.poll(() => resultOf(calc).innerText()).toMatch(/^xLarge cluster, decided by request rate\./);
      await data.fill('2.5');
      await expect.poll(() => resultOf(calc).innerText()).toMatch(/default quota of 2 GiB/);
      await data.fill('-1');
      await expect.poll(() => calc.locator('#h-gb-err').textContent()).toMatch(/Data size cannot be negative/);
      expect(await resultOf(calc).innerText()).toMatch(/No result yet/);
      expect(errors).toEqual([]);
    } finally {
      stop();
    }
  });

  it('without JavaScript every calculator shows its default result, rendered at build time', async () => {
    const noJs = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await noJs.newPage();
      await page.goto(site.url + PAGE, { waitUntil: 'load' });
      const expected: Record<string, RegExp> = {
        quorum: /3 of 3 members running; quorum is 2, so 1 more failure is tolerated\./,
        availability: /P\(lost quorum\)\s*3\.0 × 10⁻⁶/,
        writePath: /Commit latency\s*2\.5 ms/,
        apiserver: /etcd watches \(R × T\)\s*180/,
        upgrade: /Control-plane nodes to run\s*2/,
        maintenance: /Members needed\s*5 = 2 × \(1 \+ 1\) \+ 1/,
        topology: /External\s*6 hosts/,
        overrides: /Accepted by kube-apiserver v1\.37: 2 overrides/,
        readPath: /Served by the watch cache, after an etcd current-revision read\./,
        timeouts: /Recommended\s*--heartbeat-interval=100 --election-timeout=1000/,
        hardware: /Medium cluster, decided by request rate, data size\./,
        dbSize: /On disk before a defragmentation \(× 1\.5\)\s*118\.34 MiB/,
        limits: /Binds first: Pods, ratio 0\.83, approaching\./,
        apf: /Seats per replica \(400 \+ 200\)\s*600/,
        membership: /At the end\s*3 voting members, quorum 2, tolerates 1.*4 steps, each accepted by etcd/s,
      };
      for (const [id, re] of Object.entries(expected)) {
        const calc = page.locator(`[data-calc="${id}"]`);
        expect(await resultOf(calc).innerText()).toMatch(re);
        expect(await calc.getByRole('button', { name: 'Copy link' }).isVisible()).toBe(false);
      }
      expect(await page.locator('[data-calc="availability"] svg.chart path[data-members]').count()).toBe(4);
      await page.close();
    } finally {
      await noJs.close();
    }
  });
});
