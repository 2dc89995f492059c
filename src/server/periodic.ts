export interface PeriodicLog {
  info(msg: string): void;
  error(obj: object, msg: string): void;
}

export interface PeriodicTiming {
  firstAfterMs: number;
  everyMs: number;
}

/**
 * Runs `work` shortly after start and then every `everyMs`, in the background, one run at a
 * time; a failed run is logged as "`name` failed" and retried at the next. `work` answers the line
 * to log about what it did, or nothing. Returns the stop for shutdown, which waits for a run in
 * progress.
 */
export function startPeriodic(
  name: string,
  work: () => Promise<string | undefined>,
  log: PeriodicLog,
  timing: PeriodicTiming,
): () => Promise<void> {
  let running: Promise<void> | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout;
  const run = () => {
    running = work()
      .then((line) => {
        if (line) log.info(line);
      })
      .catch((err: unknown) => log.error({ err }, `${name} failed`))
      .finally(() => {
        running = undefined;
        if (!stopped) timer = setTimeout(run, timing.everyMs).unref();
      });
  };
  timer = setTimeout(run, timing.firstAfterMs).unref();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
