// Runs in the page (page.evaluate): records the main thread's long tasks (50 ms or more,
// the Long Tasks API) from now on, for the benchmark to read back.

export const LONG_TASKS = '__benchLongTasks';

export interface LongTaskLog {
  /** Durations (ms) of the long tasks since recording began. */
  durations: number[];
  stop(): void;
}

export function recordLongTasks(globalName: string): void {
  const log: LongTaskLog = { durations: [], stop: () => observer.disconnect() };
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) log.durations.push(entry.duration);
  });
  observer.observe({ type: 'longtask' });
  Object.assign(globalThis, { [globalName]: log });
}

export function readLongTasks(globalName: string): number[] {
  const log = Reflect.get(globalThis, globalName) as LongTaskLog | undefined;
  log?.stop();
  return log?.durations ?? [];
}
