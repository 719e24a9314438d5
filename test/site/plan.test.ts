/**
 * The sizing plan's page in Chromium: the six clusters typed in with the keyboard alone, each plan
 * read back from the page (the same hand-derived figures as test/unit/model/plan.test.ts), the
 * inputs kept in the address, and no serious or critical axe violation with warnings on screen.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { blockingAxe } from '../../src/lib/quality/budgets.ts';
import { axeViolationsOnce } from '../../src/tooling/page-quality.ts';
import { chromiumPathForTests } from '../helpers/browser.ts';
import { useBrowserAndSite } from '../helpers/browser-site.ts';
import { DIST } from '../helpers/paths.ts';
import { PLAN_CLUSTERS } from '../helpers/plan-clusters.ts';
import { planCalc } from '../../src/lib/calculators/plan.ts';
import { PLAN_URL } from '../../src/lib/model/schemas/plan.ts';
import { defaultState } from '../../src/lib/model/url-state.ts';

const executablePath = chromiumPathForTests();

/** What each cluster's plan must say, worked out from the rules (see test/unit/model/plan.test.ts). */
const EXPECTED: Readonly<
  Record<keyof typeof PLAN_CLUSTERS, { members: string; nodes: string; cls: string; events: RegExp; warnings: number }>
> = {
  // n = 2 × (0 + 1) + 1; stacked, so one node per member; 1.03 writes/s and 4 MB: Small.
  poc: { members: '3 (quorum 2)', nodes: '3 nodes', cls: 'Small', events: /^Keep/, warnings: 1 },
  // n = 2 × (1 + 1) + 1; surge keeping 2 up; 0.123 GB on disk: Medium.
  oneZone: { members: '5 (quorum 3)', nodes: '2 nodes', cls: 'Medium', events: /^Keep/, warnings: 1 },
  // Events alone take the cluster from Medium to xLarge: they move.
  heavyEvents: { members: '5 (quorum 3)', nodes: '2 nodes', cls: 'Medium', events: /^Move .*\(xLarge\)/, warnings: 1 },
  // One node per zone; 0.82 GB: Large with and without Events, so they stay; a zone lost keeps 3 of 5.
  threeZones: { members: '5 (quorum 3)', nodes: '3 nodes', cls: 'Large', events: /^Keep/, warnings: 0 },
  // Events at 1,000,000 of 1,000,000 (approaching): they move; the guide's examples end at 3,000 nodes.
  envelope: { members: '5 (quorum 3)', nodes: '3 nodes', cls: 'xLarge', events: /^Move/, warnings: 2 },
  // Five counts past their thresholds and the same two hardware warnings.
  pastEnvelope: { members: '5 (quorum 3)', nodes: '3 nodes', cls: 'xLarge', events: /^Move/, warnings: 7 },
};

/** The plan table's value cell of a line. */
const valueOf = (page: Page, line: string): Promise<string> =>
  page
    .locator('[data-calc="plan"] .calc__result tr', { has: page.locator(`th:text-is("${line}")`) })
    .locator('td')
    .first()
    .innerText();

/** Types a field's text with the keyboard: focus (no pointer), select all, type; a select takes its option by key. */
async function typeField(page: Page, key: string, value: string): Promise<void> {
  const field = page.locator(`[data-calc="plan"] [data-field="${key}"]`);
  await field.focus();
  if ((await field.evaluate((e) => e.localName)) === 'select') {
    const options = await field.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    const current = await field.inputValue();
    const steps = options.indexOf(value) - options.indexOf(current);
    for (let i = 0; i < Math.abs(steps); i++) await page.keyboard.press(steps > 0 ? 'ArrowDown' : 'ArrowUp');
    expect(await field.inputValue()).toBe(value);
    return;
  }
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.type(value);
}

describe.runIf(executablePath)('the sizing plan in the browser', () => {
  const handles = useBrowserAndSite(executablePath, DIST);

  it.each(Object.keys(PLAN_CLUSTERS) as (keyof typeof PLAN_CLUSTERS)[])(
    '%s: typed in by keyboard, the page gives the expected plan and keeps the facts in the address',
    async (name) => {
      const context = await handles.browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${handles.site.url}plan/`, { waitUntil: 'load' });
      for (const [key, value] of Object.entries(PLAN_CLUSTERS[name].raw)) await typeField(page, key, value);
      await page.waitForFunction(() => Boolean(customElements.get('calc-plan')));
      const e = EXPECTED[name];
      await expect
        .poll(() => valueOf(page, 'etcd members'))
        .toMatch(new RegExp(`^${e.members.replace(/[()]/g, '\\$&')}`));
      expect(await valueOf(page, 'Control-plane nodes and API servers')).toMatch(new RegExp(`^${e.nodes},`));
      expect(await valueOf(page, 'etcd machine class')).toMatch(new RegExp(`^${e.cls}:`));
      expect(await valueOf(page, 'Events')).toMatch(e.events);
      const top = page.locator('[data-calc="plan"] .calc__result > p[data-severity]');
      expect(await top.count(), 'warnings above the plan').toBe(e.warnings);
      // Each line links its chapter and at least one verified upstream line.
      const rows = page.locator('[data-calc="plan"] .calc__result tbody tr');
      expect(await rows.count()).toBe(13);
      for (const row of await rows.all()) {
        expect(await row.locator('a[href*="/"]:not([href^="http"])').count(), await row.innerText()).toBeGreaterThan(0);
        expect(await row.locator('a[href^="https://github.com/"]').count(), await row.innerText()).toBeGreaterThan(0);
      }
      // The facts are in the address: a reload restores the same plan.
      const members = await valueOf(page, 'etcd members');
      const url = page.url();
      // Defaults stay out of the address, so only a cluster that differs from them has a query.
      const defaults = planCalc.toRaw(defaultState(PLAN_URL.schema)) as Record<string, string>;
      const differs = Object.entries(PLAN_CLUSTERS[name].raw).some(([k, v]) => defaults[k] !== v);
      expect(url.includes('?s.')).toBe(differs);
      await page.goto(url, { waitUntil: 'load' });
      // A query of its own loads the plan at once; without one it loads when scrolled near.
      await page.locator('[data-calc="plan"]').scrollIntoViewIfNeeded();
      await page.waitForFunction(() => Boolean(customElements.get('calc-plan')));
      expect(await valueOf(page, 'etcd members')).toBe(members);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('is usable by keyboard alone: Tab walks every field in order, then the copy buttons, which Enter presses', async () => {
    const context = await handles.browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(handles.site.url).origin });
    const page = await context.newPage();
    await page.goto(`${handles.site.url}plan/`, { waitUntil: 'load' });
    const ids = await page.locator('[data-calc="plan"] [data-field]').evaluateAll((els) => els.map((el) => el.id));
    // Focus what comes before the first field in the tab order, without a pointer.
    await page.evaluate((first) => {
      const focusable = [
        ...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]'),
      ].filter((el) => el.tabIndex >= 0 && el.getClientRects().length > 0);
      focusable[focusable.indexOf(document.getElementById(first)!) - 1]!.focus();
    }, ids[0]!);
    const active = () => page.evaluate(() => document.activeElement?.id || document.activeElement?.textContent?.trim());
    for (const id of ids) {
      await page.keyboard.press('Tab');
      expect(await active()).toBe(id);
    }
    await page.waitForFunction(() => Boolean(customElements.get('calc-plan')));
    // Past the fields: the plan table's scroll region and its links, then the buttons.
    for (let i = 0; i < 200 && (await active()) !== 'Copy for a design doc'; i++) await page.keyboard.press('Tab');
    expect(await active()).toBe('Copy for a design doc');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/^#### The sizing plan/);
    const md = await page.evaluate(() => navigator.clipboard.readText());
    expect(md).toContain('| etcd members | 5 (quorum 3)');
    await context.close();
  });

  it.each(['light', 'dark'] as const)(
    'has no axe violation at all in the %s theme, with warnings on screen',
    async (theme) => {
      const query = new URLSearchParams(
        Object.entries(PLAN_CLUSTERS.pastEnvelope.raw).map(([k, v]) => [`s.${k}`, v]),
      ).toString();
      const { [theme]: violations } = await axeViolationsOnce(handles.browser, `${handles.site.url}plan/?${query}`, [
        theme,
      ]);
      expect(blockingAxe(violations)).toEqual([]);
      // The issue asks for none at all on this page, moderate and minor included.
      expect(violations.map((v) => `${v.impact}: ${v.id}`)).toEqual([]);
    },
  );
});
