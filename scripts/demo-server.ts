// The built app on a throwaway embedded database with the demo content, for the scripts that
// look at its pages (`npm run lighthouse`, `npm run screenshots`). Traffic stays on 127.0.0.1.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_CLIENTS, DEMO_PASSWORD, DEMO_PROVIDERS } from '../src/server/db/demo-data';
import { freePort, startServer, waitUntilHealthy } from '../tests/support/processes';

export const DEMO_ADMIN_EMAIL = 'admin@demo.majstri.sk';
export const DEMO_CLIENT_EMAIL = DEMO_CLIENTS[0]!.email;
export const DEMO_PROVIDER_EMAIL = DEMO_PROVIDERS[8]!.email;

export interface DemoServer {
  baseUrl: string;
  /** The Cookie header of a fresh session of this demo account. */
  signIn(email: string): Promise<string>;
  /** GET of an API path with that Cookie header, as JSON. */
  api<T>(pathname: string, cookie: string): Promise<T>;
  stop(): Promise<void>;
}

function cookiesOf(response: Response): string[] {
  return response.headers.getSetCookie().map((line) => line.split(';')[0]!);
}

export async function startDemoServer(): Promise<DemoServer> {
  if (!fs.existsSync('dist/server/main.js')) throw new Error('Build first: npm run build');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'majstri-demo-'));
  // The embedded PostgreSQL may run as another user than the one starting it (root).
  fs.chmodSync(dataDir, 0o755);
  const port = await freePort();
  const server = startServer(
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DEMO: '1',
      DATABASE_URL: '',
    },
    'dist/server/main.js',
  );
  const stop = async () => {
    if (server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilHealthy(server, 180_000);
  } catch (error) {
    await stop();
    throw error;
  }
  const baseUrl = `http://127.0.0.1:${port}`;

  return {
    baseUrl,
    async signIn(email) {
      // The session read hands a new browser its CSRF token.
      const session = await fetch(`${baseUrl}/api/auth/session`);
      const csrfCookie = cookiesOf(session).find((c) => c.startsWith('csrf_token='))!;
      const answer = await fetch(`${baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: csrfCookie,
          'x-csrf-token': csrfCookie.split('=')[1]!,
        },
        body: JSON.stringify({ email, password: DEMO_PASSWORD }),
      });
      if (!answer.ok)
        throw new Error(`sign-in of ${email}: ${answer.status} ${await answer.text()}`);
      return [csrfCookie, ...cookiesOf(answer)].join('; ');
    },
    async api(pathname, cookie) {
      const answer = await fetch(`${baseUrl}${pathname}`, { headers: { cookie } });
      if (!answer.ok) throw new Error(`GET ${pathname}: ${answer.status}`);
      return (await answer.json()) as never;
    },
    stop,
  };
}

/** A request of the demo client that has bids, and the provider of its first bid. */
export async function demoPages(server: DemoServer, clientCookie: string) {
  const mine = await server.api<{ work_requests: { id: string; bid_count?: number }[] }>(
    '/api/work-requests/my',
    clientCookie,
  );
  for (const request of mine.work_requests) {
    const { bids } = await server.api<{ bids: { provider: { id: string } }[] }>(
      `/api/bids/work-request/${request.id}`,
      clientCookie,
    );
    if (bids.length > 0) return { requestId: request.id, providerId: bids[0]!.provider.id };
  }
  throw new Error('The demo client has no request with bids');
}
