import net from 'node:net';

/**
 * Opens a connection to 127.0.0.1:`port`, writes `head` at once, then `drip` one byte every
 * `everyMs` until the server closes the connection; answers how long the connection lived and
 * all the server said on it, bytes as they came (for what a client library would hide or refuse:
 * slow clients, unreadable requests).
 */
export function dribble(port: number, head: string, drip = '', everyMs = 1000) {
  return new Promise<{ livedMs: number; answer: string }>((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    socket.on('connect', () => {
      socket.write(head);
      timer = setInterval(() => {
        if (sent < drip.length && !socket.destroyed) socket.write(drip[sent++]!);
      }, everyMs);
    });
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', () => undefined); // a reset is one way of being closed
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ livedMs: Date.now() - started, answer });
    });
    // Bounded: a server that never closes the connection fails the test instead of hanging it.
    setTimeout(() => {
      socket.destroy();
      reject(new Error('the server kept the connection open for 10 s'));
    }, 10_000).unref();
  });
}
