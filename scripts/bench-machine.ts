// How quick the machine is at the moment, for reading a benchmark's figures: the same code's CPU
// a search moved by a third within minutes on the machines these benchmarks ran on
// (docs/performance.md), so a figure means little without the machine's own speed beside it.
import { performance } from 'node:perf_hooks';

/** How many times the fixed page is written and read for one measurement. */
const TIMES = 2_000;

/** A page of 100 cards as the API answers it, the same on every run. */
function fixedPage() {
  return {
    work_requests: Array.from({ length: 100 }, (_, index) => ({
      id: `0d93efc5-d892-4ca8-9241-${String(index).padStart(12, '0')}`,
      title: `Výmena batérie v kúpeľni č. ${index}`,
      description: 'Kondenzačný kotol Vaillant, posledný servis pred dvoma rokmi. Strecha zateká.',
      category: 'plumbing',
      location: 'Košice - Juh',
      status: 'OPEN',
      created_at: '2026-12-07T00:25:46.503Z',
      bid_count: index % 7,
      deadline: null,
      thumbnail_url: null,
      distance_km: index,
      place_name: 'Košice',
      bids_until: '2026-12-21T12:13:24.472Z',
    })),
    pagination: { page: 1, limit: 100, total: 1000, total_pages: 10 },
  };
}

/**
 * The CPU milliseconds this process spends writing that page as JSON and reading it back
 * `times` times (TIMES for a measurement): lower is quicker. Run while nothing else of the
 * benchmark runs.
 */
export function machineMs(times = TIMES): number {
  const page = fixedPage();
  const before = process.cpuUsage();
  let length = 0;
  for (let index = 0; index < times; index++) {
    length += (JSON.parse(JSON.stringify(page)) as { work_requests: unknown[] }).work_requests
      .length;
  }
  const { user, system } = process.cpuUsage(before);
  if (length !== times * 100) throw new Error('The fixed page lost cards');
  return (user + system) / 1000;
}

/** One line for a benchmark's output: the machine's speed before and after its measurement. */
export function machineLine(beforeMs: number, afterMs: number): string {
  return `Machine speed: a fixed page of 100 cards written and read as JSON ${TIMES} times took ${beforeMs.toFixed(0)} ms of CPU before the run and ${afterMs.toFixed(0)} ms after (lower is quicker; compare runs by it).`;
}

/** Warms the workload's code up once, so that the first measurement is not of V8 compiling it. */
export function warmMachineMeasure(): void {
  const started = performance.now();
  while (performance.now() - started < 200) machineMs(50);
}
