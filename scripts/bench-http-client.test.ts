import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { leanConnection, type LeanConnection } from './bench-http-client';

const closers: (() => void)[] = [];
afterEach(() => closers.splice(0).forEach((close) => close()));

async function listening(server: net.Server) {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => server.close());
  return (server.address() as AddressInfo).port;
}

async function connect(port: number): Promise<LeanConnection> {
  const connection = await leanConnection('127.0.0.1', port);
  closers.push(() => connection.close());
  return connection;
}

describe("the search benchmark's HTTP client", () => {
  it('reads answers one after another on one kept-alive connection, however their bodies arrive', async () => {
    const seen: { url: string; forwarded: string | undefined; socket: net.Socket }[] = [];
    const big = 'x'.repeat(100_000);
    const port = await listening(
      http.createServer((request, response) => {
        seen.push({
          url: request.url!,
          forwarded: request.headers['x-forwarded-for'] as string | undefined,
          socket: request.socket,
        });
        if (request.url === '/big') {
          // Headers first, then the body in pieces: the answer ends only with its last byte.
          response.writeHead(404, { 'content-length': big.length });
          response.flushHeaders();
          setTimeout(() => {
            response.write(big.slice(0, 40_000));
            setTimeout(() => response.end(big.slice(40_000)), 5);
          }, 5);
        } else {
          response.writeHead(200, { 'content-length': 2 }).end('ok');
        }
      }),
    );
    const connection = await connect(port);
    expect(await connection.get('/first', { 'x-forwarded-for': '10.0.0.1' })).toBe(200);
    expect(await connection.get('/big')).toBe(404);
    expect(await connection.get('/api/work-requests?q=stre%C5%A1a')).toBe(200);
    expect(seen.map(({ url, forwarded }) => [url, forwarded])).toEqual([
      ['/first', '10.0.0.1'],
      ['/big', undefined],
      ['/api/work-requests?q=stre%C5%A1a', undefined],
    ]);
    expect(new Set(seen.map(({ socket }) => socket)).size).toBe(1);
  });

  it('finds the end of the headers when it arrives split across reads', async () => {
    const port = await listening(
      net.createServer((socket) => {
        socket.once('data', () => {
          socket.write('HTTP/1.1 201 Created\r\nContent-Le');
          setTimeout(() => socket.write('ngth: 5\r\n\r'), 5);
          setTimeout(() => socket.write('\nhe'), 10);
          setTimeout(() => socket.write('llo'), 15);
        });
      }),
    );
    expect(await (await connect(port)).get('/')).toBe(201);
  });

  it('refuses an answer without a Content-Length rather than wait for it forever', async () => {
    const port = await listening(
      http.createServer((_request, response) => {
        response.write('chunked, ');
        response.end('so no length');
      }),
    );
    await expect((await connect(port)).get('/')).rejects.toThrow(/No Content-Length/);
  });

  it('fails a request whose connection the server closes', async () => {
    const port = await listening(
      net.createServer((socket) => socket.once('data', () => socket.destroy())),
    );
    await expect((await connect(port)).get('/')).rejects.toThrow(/closed the connection/);
  });
});
