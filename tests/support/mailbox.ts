import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string;
  subject: string;
  text: string;
  replyTo: string | undefined;
  links: string[];
  /** Each header as sent (unfolded), by its lower-case name. */
  headers: Record<string, string>;
}

export interface Mailbox {
  url: string;
  mails: CaughtMail[];
  /** Waits for the next mail to this address that arrives after `since` mails. */
  waitFor(to: string, since?: number, timeoutMs?: number): Promise<CaughtMail>;
  /** Makes the server refuse every message (a mail provider outage). */
  refuseAll(refuse: boolean): void;
  /** Stops listening (SMTP down: connections are refused) until `restart`. */
  stop(): Promise<void>;
  /** Listens again on the same port, keeping the mails caught so far. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 that keeps every message it is given. `whileWaiting` runs
 * between the looks of `waitFor`: the app's harness moves the queue's clock there, so a mail
 * whose sending failed is tried again while a test waits for it (job-queue-clock.ts).
 */
export async function startMailbox(
  options: { whileWaiting?: () => Promise<void> } = {},
): Promise<Mailbox> {
  const mails: CaughtMail[] = [];
  let refusing = false;
  const makeServer = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        if (refusing) {
          stream.resume();
          stream.on('end', () =>
            callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 550 })),
          );
          return;
        }
        simpleParser(stream)
          .then((parsed) => {
            const text = parsed.text ?? '';
            const to = Array.isArray(parsed.to) ? parsed.to[0]?.text : parsed.to?.text;
            mails.push({
              to: (to ?? '').toLowerCase(),
              subject: parsed.subject ?? '',
              text,
              replyTo: parsed.replyTo?.text,
              links: text.match(/https?:\/\/\S+/g) ?? [],
              headers: Object.fromEntries(
                parsed.headerLines.map(({ key, line }) => [
                  key,
                  line
                    .slice(line.indexOf(':') + 1)
                    .replace(/\r?\n[ \t]+/g, ' ')
                    .trim(),
                ]),
              ),
            });
            callback();
          })
          .catch(callback);
      },
    });
  let server = makeServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitFor(to, since = 0, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.slice(since).find((mail) => mail.to.includes(to.toLowerCase()));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await options.whileWaiting?.();
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    refuseAll(refuse) {
      refusing = refuse;
    },
    stop: close,
    async restart() {
      server = makeServer();
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
    close,
  };
}
