import fs from 'node:fs';
import { startNode, type RunningServer } from '../../tests/support/processes';

/** The benchmark's processes (the built app, with or without the capture hook, or the bare server). */
export { startNode };

/** Stops a process started here and waits for it (it stops its own embedded PostgreSQL). */
export async function stopNode(server: RunningServer): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  await server.exited;
}

/** Waits for a line of the process's output, or its exit. */
export async function waitForOutput(server: RunningServer, text: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!server.output().includes(text)) {
    if (server.child.exitCode !== null)
      throw new Error(`exited during start-up:\n${server.output()}`);
    if (Date.now() > deadline)
      throw new Error(`no "${text}" after ${timeoutMs} ms:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on Linux, whatever the kernel's own rate). */
const TICKS_PER_SECOND = 100;

/** CPU time (user and system) a process has used so far, in µs; 0 once it is gone. */
export function cpuMicroseconds(pid: number): number {
  try {
    // The fields after the command's name, which may itself hold spaces or parentheses.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** Pages of memory a process has in RAM (VmRSS), in bytes; 0 once it is gone. */
export function residentBytes(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * Proportional memory (Pss: shared pages divided among the processes sharing them) of a process
 * and all its descendants, in bytes: PostgreSQL's backends share its buffers, so their RSS added
 * up would count those several times.
 */
export function proportionalTreeBytes(pid: number): number {
  let total = 0;
  const stack = [pid];
  while (stack.length > 0) {
    const current = stack.pop()!;
    try {
      const match = /Pss:\s+(\d+) kB/.exec(
        fs.readFileSync(`/proc/${current}/smaps_rollup`, 'utf8'),
      );
      total += match ? Number(match[1]) * 1024 : 0;
      for (const task of fs.readdirSync(`/proc/${current}/task`)) {
        const children = fs.readFileSync(`/proc/${current}/task/${task}/children`, 'utf8').trim();
        if (children) stack.push(...children.split(/\s+/).map(Number));
      }
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/** Samples `measure` every `everyMs` until stopped; the peak and the last figure. */
export function sampleMemory(measure: () => number, everyMs = 100) {
  let peak = measure();
  const timer = setInterval(() => (peak = Math.max(peak, measure())), everyMs);
  return {
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}
