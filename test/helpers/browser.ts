import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../../src/lib/chromium.ts';

/**
 * Chromium for browser tests. Returns undefined (tests skip) only outside CI;
 * with CI=true a missing browser is an error, so browser tests never skip there.
 */
export function chromiumPathForTests(): string | undefined {
  const path = findChromium();
  if (!path && process.env['CI'] === 'true') {
    throw new Error('CI=true but no Chromium was found: install it (apt-get install -y chromium) or set CHROMIUM_PATH.');
  }
  return path;
}

/**
 * Launches Chromium; Playwright gives every launch a fresh, empty profile directory.
 * @param extraArgs - flags added to CHROMIUM_ARGS (e.g. LOOPBACK_ONLY_ARGS).
 */
export async function launchBrowser(executablePath: string, extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath, headless: true, args: [...CHROMIUM_ARGS, ...extraArgs] });
}
