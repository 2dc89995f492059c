import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPushService, type PushService } from '../../../../../tests/support/push-service';

/**
 * docs/notifications.md "Push": a process trusts a push service with a certificate of its own
 * through NODE_EXTRA_CA_CERTS, beside the system's authorities, with TLS checked as ever; without
 * it, the same push fails on the certificate.
 */
let service: PushService;
beforeAll(async () => {
  service = await startPushService();
});
afterAll(async () => service.close());

async function sendFromProcess(env: Record<string, string>) {
  const subscription = service.subscribe();
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      '--import',
      'tsx',
      'tests/support/send-one-push.ts',
      JSON.stringify({ subscription, origin: service.origin }),
    ],
    {
      env: {
        ...Object.fromEntries(
          Object.entries(process.env).filter(
            ([key]) =>
              !['NODE_EXTRA_CA_CERTS', 'NODE_TLS_REJECT_UNAUTHORIZED', 'NODE_OPTIONS'].includes(
                key,
              ),
          ),
        ),
        ...env,
      } as NodeJS.ProcessEnv,
    },
  );
  return { subscription, outcome: JSON.parse(stdout.trim().split('\n').pop()!) as unknown };
}

describe('a push service with a certificate of its own', () => {
  it('is trusted by a process given it in NODE_EXTRA_CA_CERTS', async () => {
    const { subscription, outcome } = await sendFromProcess({
      NODE_EXTRA_CA_CERTS: service.caFile,
    });
    expect(outcome).toEqual({ kind: 'sent' });
    expect(
      service.received().find((push) => push.endpoint === subscription.endpoint)?.payload,
    ).toMatchObject({
      title: 'Nová ponuka',
    });
  });

  it('is not trusted otherwise', async () => {
    const { subscription, outcome } = await sendFromProcess({});
    expect(outcome).toEqual({ error: expect.stringMatching(/certificate/i) });
    expect(service.attempts(subscription.endpoint)).toBe(0);
  });
});
