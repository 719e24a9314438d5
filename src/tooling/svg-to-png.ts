import type { Browser } from 'playwright-core';

/**
 * Renders SVG documents to PNG in Chromium, as a browser draws them (HTML labels in
 * `<foreignObject>` included, which librsvg leaves empty), at twice the CSS size for sharp text.
 *
 * @param browser - a launched Chromium (src/tooling/browser.ts).
 * @param svgs - standalone SVG documents.
 * @returns one PNG per SVG, in order.
 * @throws Error when an SVG has no size to draw at.
 */
export async function svgsToPng(browser: Browser, svgs: readonly string[]): Promise<Buffer[]> {
  const page = await browser.newPage({ deviceScaleFactor: 2 });
  try {
    const out: Buffer[] = [];
    for (const svg of svgs) {
      // The SVG's own document as the page, so nothing of ours surrounds or restyles it.
      await page.setContent(`<!doctype html><body style="margin:0;background:#fff">${svg}</body>`);
      const box = await page.locator('svg').first().boundingBox();
      if (!box || box.width === 0 || box.height === 0) throw new Error('An SVG diagram has no size to render at.');
      out.push(await page.locator('svg').first().screenshot({ type: 'png' }));
    }
    return out;
  } finally {
    await page.close();
  }
}
