/**
 * One place that undoes what the lab made (processes, proxies, directories), last made first,
 * on normal exit, on a failed step, and on SIGINT/SIGTERM.
 */

type Undo = () => Promise<void> | void;

/** A stack of undo steps; each runs once, errors are collected and printed, never thrown. */
export class Cleanup {
  private readonly steps: { label: string; undo: Undo }[] = [];
  private running: Promise<string[]> | null = null;
  private interrupted = false;

  /** Whether a signal arrived: a run then writes no result. */
  get interruptedBySignal(): boolean {
    return this.interrupted;
  }

  /**
   * Registers an undo step; returns a function that runs and removes it early.
   * @throws Error after a signal, so that nothing new is started while the lab shuts down.
   */
  add(label: string, undo: Undo): () => Promise<void> {
    if (this.interrupted) throw new Error(`interrupted: not starting ${label}`);
    const step = { label, undo };
    this.steps.push(step);
    return async () => {
      const i = this.steps.indexOf(step);
      if (i < 0) return;
      this.steps.splice(i, 1);
      await undo();
    };
  }

  /** Runs every step, newest first. Resolves with the messages of the steps that failed. */
  run(): Promise<string[]> {
    this.running ??= (async () => {
      const failures: string[] = [];
      while (this.steps.length > 0) {
        const step = this.steps.pop()!;
        try {
          await step.undo();
        } catch (e) {
          failures.push(`${step.label}: ${(e as Error).message}`);
        }
      }
      this.running = null;
      return failures;
    })();
    return this.running;
  }

  /**
   * On SIGINT or SIGTERM: runs the cleanup, then exits 130 (SIGINT) or 143 (SIGTERM).
   * Returns a function that removes the handlers.
   */
  onSignals(log: (message: string) => void = console.error): () => void {
    const handler = (signal: NodeJS.Signals): void => {
      this.interrupted = true;
      log(`lab: ${signal} received, stopping every process and removing the lab's directories…`);
      void this.run().then((failures) => {
        for (const f of failures) log(`lab: cleanup: ${f}`);
        process.exit(signal === 'SIGINT' ? 130 : 143);
      });
    };
    process.on('SIGINT', handler);
    process.on('SIGTERM', handler);
    return () => {
      process.off('SIGINT', handler);
      process.off('SIGTERM', handler);
    };
  }
}
