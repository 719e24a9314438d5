/**
 * One place that undoes what the lab made (processes, proxies, directories), last made first,
 * on normal exit, on a failed step, on SIGINT/SIGTERM/SIGHUP, and when the process that started
 * the lab (npm, a shell) goes away without passing a signal on.
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
   * On SIGINT, SIGTERM or SIGHUP: runs the cleanup, then exits 130, 143 or 129 (128 + the signal's
   * number, as a shell reports it). A second signal during the cleanup is ignored: the cleanup is
   * already under way, and a terminal's Ctrl-C reaches both npm and the lab.
   *
   * @param watchParentMs - when > 0, also checks every that many ms whether the lab's parent
   *   process is gone (the lab was re-parented): an npm or shell that exits without passing its
   *   signal on must not leave etcd members running. The check counts as a SIGHUP.
   * @returns a function that removes the handlers and stops the check.
   */
  onSignals(log: (message: string) => void = console.error, watchParentMs = 0): () => void {
    const codes: Record<string, number> = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 };
    const handler = (signal: NodeJS.Signals): void => {
      if (this.interrupted) return;
      this.interrupted = true;
      log(`lab: ${signal} received, stopping every process and removing the lab's directories…`);
      void this.run().then((failures) => {
        for (const f of failures) log(`lab: cleanup: ${f}`);
        process.exit(codes[signal] ?? 1);
      });
    };
    const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
    for (const s of signals) process.on(s, handler);
    const parent = process.ppid;
    const watch =
      watchParentMs > 0
        ? setInterval(() => {
            if (process.ppid !== parent) {
              log(`lab: the parent process ${parent} is gone`);
              handler('SIGHUP');
            }
          }, watchParentMs)
        : null;
    watch?.unref();
    return () => {
      for (const s of signals) process.off(s, handler);
      if (watch) clearInterval(watch);
    };
  }
}
