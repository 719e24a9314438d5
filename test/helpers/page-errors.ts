import type { ConsoleMessage, Dialog, Page, Request, Response } from 'playwright-core';

/**
 * Records what goes wrong on `page` until `stop()`: console errors and uncaught exceptions, and
 * optionally HTTP errors and failed requests (`requests`) or dialogs, each dismissed (`dialogs`).
 * Stopping detaches every listener, so a page that later tests reuse (ReusedTab) reports to them alone.
 * @returns the errors so far (the array fills as they come) and the function that stops listening.
 */
export function watchErrors(
  page: Page,
  also: { requests?: boolean; dialogs?: boolean } = {},
): { errors: string[]; stop: () => void } {
  const errors: string[] = [];
  const listeners: [string, (arg: never) => void][] = [
    ['console', (m: ConsoleMessage) => m.type() === 'error' && errors.push(`console: ${m.text()}`)],
    ['pageerror', (e: Error) => errors.push(`pageerror: ${e.message}`)],
  ];
  if (also.requests) {
    listeners.push(['response', (r: Response) => r.status() >= 400 && errors.push(`HTTP ${r.status()} ${r.url()}`)]);
    listeners.push(['requestfailed', (r: Request) => errors.push(`failed: ${r.url()}`)]);
  }
  if (also.dialogs) {
    listeners.push([
      'dialog',
      (d: Dialog) => {
        errors.push(`dialog: ${d.message()}`);
        void d.dismiss();
      },
    ]);
  }
  for (const [event, listener] of listeners) page.on(event as 'console', listener as never);
  const stop = () => {
    for (const [event, listener] of listeners) page.off(event as 'console', listener as never);
  };
  return { errors, stop };
}
