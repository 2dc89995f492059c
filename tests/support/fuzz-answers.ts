import type { LightMyRequestResponse } from 'fastify';
import { ERROR_STATUS } from '../../src/shared/error-codes';
import type { Role } from '../../src/shared/statuses';
import { wellFormed, type JsonSchema } from './fuzz';

/**
 * The cases of the API fuzz suite (tests/integration/fuzz.test.ts) and what it checks in each
 * answer: no 5xx, no stack trace, no words of the database, an error of a known code with its
 * status, and nothing changed by a refusal.
 */

export interface RouteUnderTest {
  key: string;
  method: string;
  url: string;
  body: JsonSchema | undefined;
  query: JsonSchema | undefined;
  params: JsonSchema | undefined;
  multipart: JsonSchema | undefined;
  consumes: string[];
}

export interface FuzzCase {
  actor: 'visitor' | Role;
  withCsrf: boolean;
  params: Record<string, string>;
  query: string | undefined;
  body: { payload: string | Buffer; contentType: string } | undefined;
}

export function urlFor(route: RouteUnderTest, c: FuzzCase) {
  const pathPart = route.url.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(wellFormed(c.params[name]!)),
  );
  return c.query ? `${pathPart}?${c.query}` : pathPart;
}

/** A stack trace or a source path: in no answer at all. */
const STACKS = [/\n\s+at [^\n]+:\d+:\d+/, /node:internal|node_modules|\.ts:\d+|\/src\/server\//];
/** The database's or the ORM's words: in no error answer. */
const LEAKS = [
  ...STACKS,
  /postgres|drizzle|pg_catalog|node-postgres|sqlstate/i,
  /duplicate key|violates|syntax error at|relation "|column "|invalid input syntax/i,
  /\b(select|insert into|update|delete from)\b[\s\S]{0,200}\b(from|values|set|where)\b/i,
];

/** What is wrong with one answer, or an empty list. */
export function problemsOf(
  route: RouteUnderTest,
  c: FuzzCase,
  response: LightMyRequestResponse,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): string[] {
  const problems: string[] = [];
  const status = response.statusCode;
  if (status >= 500) problems.push(`answered ${status}: ${response.body.slice(0, 300)}`);
  const sent = `${urlFor(route, c)} ${c.body ? c.body.payload.toString() : ''}`;
  for (const leak of status >= 400 ? LEAKS : STACKS) {
    const found = response.body.match(leak);
    if (found && !sent.includes(found[0])) problems.push(`leaks ${JSON.stringify(found[0])}`);
  }
  if (status >= 400) {
    let body: { error?: string; message?: unknown; request_id?: unknown } | undefined;
    try {
      body = JSON.parse(response.body) as typeof body;
    } catch {
      problems.push(`error body is not JSON: ${response.body.slice(0, 200)}`);
    }
    if (body) {
      const code = body.error as keyof typeof ERROR_STATUS | undefined;
      if (!code || !(code in ERROR_STATUS)) problems.push(`unknown error code ${String(code)}`);
      // Fastify's own client errors (too many parts, …) keep their status as `bad_request`.
      else if (ERROR_STATUS[code] !== status && !(code === 'bad_request' && status < 500))
        problems.push(`code ${code} sent with ${status}, not ${ERROR_STATUS[code]}`);
      if (typeof body.message !== 'string' || typeof body.request_id !== 'string')
        problems.push(`error body lacks message/request_id: ${response.body.slice(0, 200)}`);
    }
    if (status < 500 && JSON.stringify(before) !== JSON.stringify(after)) {
      problems.push(
        `refused with ${status} but changed ${JSON.stringify(before)} → ${JSON.stringify(after)}`,
      );
    }
  }
  return problems;
}

export const describeCase = (c: FuzzCase) => {
  const text = JSON.stringify({
    ...c,
    body: c.body && {
      contentType: c.body.contentType,
      payload: c.body.payload.toString().slice(0, 400),
      bytes: c.body.payload.length,
    },
  });
  return text.length > 1200 ? `${text.slice(0, 1200)}…` : text;
};
