import { baseUrl, mailTo, uniqueEmail, visitorAddress } from './browser';

/**
 * Headers for a write over HTTP from a new visitor at `headers`' address: the CSRF token the
 * session read hands out, as cookie and header (the double submit the app checks).
 */
export async function withCsrf(headers: Record<string, string>): Promise<Record<string, string>> {
  const issued = await fetch(`${baseUrl()}/api/auth/session`, { headers });
  const csrf = /csrf_token=([^;]+)/.exec(issued.headers.get('set-cookie') ?? '')![1]!;
  return {
    ...headers,
    'content-type': 'application/json',
    cookie: `csrf_token=${csrf}`,
    'x-csrf-token': csrf,
  };
}

/** Answers the maths question as a person reading it would. */
export function solve(question: string): number {
  const match = /(\d+)\s*([+\-×])\s*(\d+)/.exec(question);
  if (!match) throw new Error(`not a maths question: ${question}`);
  const [a, op, b] = [Number(match[1]), match[2], Number(match[3])];
  return op === '+' ? a + b : op === '-' ? a - b : a * b;
}

/**
 * A verified account made the way a person makes one, but over HTTP: register (with the
 * security question), then open the link from the mail the server sent.
 */
export async function verifiedAccount(role: 'client' | 'provider', name = 'Testovacia Osoba') {
  const email = uniqueEmail(role);
  const password = 'Bezpecne2026x';
  const headers: Record<string, string> = { 'x-forwarded-for': visitorAddress() };
  const writeHeaders = await withCsrf(headers);
  const challenge = (await (await fetch(`${baseUrl()}/api/challenge`, { headers })).json()) as {
    question: string;
    token: string;
  };
  const register = await fetch(`${baseUrl()}/api/auth/register/${role}`, {
    method: 'POST',
    headers: writeHeaders,
    body: JSON.stringify({
      name,
      email,
      password,
      phone_number: '+421 905 123 456',
      math_answer: solve(challenge.question),
      challenge_token: challenge.token,
    }),
  });
  if (register.status !== 201) throw new Error(`registration failed: ${await register.text()}`);
  const mail = await mailTo(email, 'Potvrďte');
  const link = new URL(mail.links[0]!);
  const verified = await fetch(`${baseUrl()}/api/auth/verify-email${link.search}`, { headers });
  if (!verified.ok) throw new Error(`verification failed: ${await verified.text()}`);
  return { email, password, name };
}
