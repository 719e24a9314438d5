import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS } from '../lib/chromium.ts';

/**
 * Launches Chromium headless; Playwright gives every launch a fresh, empty profile directory.
 * @param executablePath - the browser binary (see findChromium in src/lib/chromium.ts).
 * @param extraArgs - flags added to CHROMIUM_ARGS (e.g. LOOPBACK_ONLY_ARGS).
 */
export async function launchBrowser(executablePath: string, extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath, headless: true, args: [...CHROMIUM_ARGS, ...extraArgs] });
}
