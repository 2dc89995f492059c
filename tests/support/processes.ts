import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { inject } from 'vitest';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
  /** The output once it holds `text`: a line is awaited, not assumed to have come already. */
  outputContaining: (text: string, timeoutMs?: number) => Promise<string>;
}

/** Today's server bundle (tests/setup/server-bundle.ts): `main` is the server, `admin-cli` the CLI. */
export function bundled(entry: 'main' | 'admin-cli'): string {
  return path.join(inject('serverBundle'), `${entry}.js`);
}

/**
 * Starts the server as its own process, from today's bundle unless given another built entry
 * (the browser journeys start dist/server/main.js); an entry such as the admin CLI takes its
 * arguments after it.
 */
export function startServer(
  env: Record<string, string>,
  entry = bundled('main'),
  entryArgs: string[] = [],
): RunningServer {
  return startNode([entry, ...entryArgs], env, Number(env.PORT));
}

/**
 * A Node process with the caller's environment less the variables that would point it at
 * another database or mode, its output collected.
 */
export function startNode(
  args: string[],
  env: Record<string, string>,
  port: number,
): RunningServer {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => !['DATABASE_URL', 'TEST_DATABASE_URL', 'DEMO', 'NODE_OPTIONS'].includes(key),
    ),
  );
  const child = spawn(process.execPath, args, {
    env: { ...clean, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // The process may have ended before the last of its output was read: the answer waits for its
  // output to end too, though not for a child of its own that kept the pipe open (at most 2 s).
  const ended = (stream: NodeJS.ReadableStream) =>
    new Promise<void>((resolve) => stream.once('end', resolve).once('close', resolve));
  const outputEnded = Promise.all([ended(child.stdout!), ended(child.stderr!)]);
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      const cap = setTimeout(() => resolve(code), 2_000);
      void outputEnded.then(() => {
        clearTimeout(cap);
        resolve(code);
      });
    }),
  );
  return {
    child,
    port,
    output: () => output,
    exited,
    async outputContaining(text, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (!output.includes(text)) {
        if (child.exitCode !== null || Date.now() > deadline)
          throw new Error(`no "${text}" in the output:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return output;
    },
  };
}

/** Waits until GET /api/health answers 200, or the process exits (a first start runs initdb). */
export async function waitUntilHealthy(server: RunningServer, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void server.exited.then(() => (exited = true));
  while (Date.now() < deadline) {
    if (exited) throw new Error(`server exited during start-up:\n${server.output()}`);
    try {
      const response = await fetch(`http://127.0.0.1:${server.port}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server not healthy after ${timeoutMs} ms:\n${server.output()}`);
}
