// A lean HTTP/1.1 client for the search benchmarks: one kept-alive socket per worker, the
// request written as one string and the answer read through by its Content-Length. The load
// generator shares the machine's cores with the server and PostgreSQL; Node's `http` cost it
// about 0.4 ms of CPU a search (parsing headers into objects, streams, the agent), CPU the
// server's searches get instead here.
import net from 'node:net';

const HEADERS_END = Buffer.from('\r\n\r\n');

export interface LeanConnection {
  /** GETs `path` with these headers and reads the answer through; resolves with the status. */
  get(path: string, headers?: Record<string, string>): Promise<number>;
  close(): void;
}

export function leanConnection(host: string, port: number): Promise<LeanConnection> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port, noDelay: true }, () => resolve(connection));
    socket.once('error', reject);
    let pending: { resolve: (status: number) => void; reject: (error: Error) => void } | undefined;
    let head: Buffer = Buffer.alloc(0);
    let status = 0;
    let bodyLeft = -1;
    const fail = (error: Error) => {
      pending?.reject(error);
      pending = undefined;
    };
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('The server closed the connection')));
    socket.on('data', (chunk: Buffer) => {
      if (bodyLeft < 0) {
        head = head.length === 0 ? chunk : Buffer.concat([head, chunk]);
        const end = head.indexOf(HEADERS_END);
        if (end < 0) return;
        const headers = head.toString('latin1', 0, end);
        status = Number(headers.slice(9, 12));
        const length = /\r\ncontent-length: *(\d+)/i.exec(headers);
        if (!length) return fail(new Error(`No Content-Length in the answer:\n${headers}`));
        bodyLeft = Number(length[1]) - (head.length - end - HEADERS_END.length);
        head = Buffer.alloc(0);
      } else {
        bodyLeft -= chunk.length;
      }
      if (bodyLeft === 0) {
        bodyLeft = -1;
        const done = pending!;
        pending = undefined;
        done.resolve(status);
      } else if (bodyLeft < 0) {
        fail(new Error('The answer ran past its Content-Length'));
      }
    });
    const connection: LeanConnection = {
      get(path, headers = {}) {
        return new Promise((resolveGet, rejectGet) => {
          pending = { resolve: resolveGet, reject: rejectGet };
          let text = `GET ${path} HTTP/1.1\r\nHost: ${host}:${port}\r\n`;
          for (const [name, value] of Object.entries(headers)) text += `${name}: ${value}\r\n`;
          socket.write(`${text}\r\n`);
        });
      },
      close: () => socket.destroy(),
    };
  });
}
