// Sends one push as the app's sender does, in a process of its own, with no certificate handed to
// it: what it trusts is the process's (NODE_EXTRA_CA_CERTS). Prints the outcome, or the error.
// Used by push-trust.test.ts: node --import tsx tests/support/send-one-push.ts '<json>'
import { createPushSender } from '../../src/features/notifications/server/push-sender';
import { generateVapidKeys } from '../../src/features/notifications/server/push-vapid';

const { subscription, origin } = JSON.parse(process.argv[2]!) as {
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  origin: string;
};
const sender = createPushSender({
  vapid: generateVapidKeys('mailto:podpora@majstri.test'),
  allowedOrigins: new Set([origin]),
});
try {
  const outcome = await sender.send(
    { endpoint: subscription.endpoint, ...subscription.keys },
    { title: 'Nová ponuka', body: 'Z iného procesu', link: '/', tag: 'notification-1' },
    { ttl: 60, urgency: 'normal', topic: 'n1' },
  );
  console.log(JSON.stringify(outcome));
} catch (error) {
  console.log(JSON.stringify({ error: (error as Error).message }));
}
process.exit(0);
