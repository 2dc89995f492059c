import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCookies } from './cookies';

const app = Fastify();
registerCookies(app);
app.get('/read', async (request) => ({ cookies: { ...request.cookies } }));
app.get('/set-twice', async (_request, reply) => {
  reply.setCookie('sid', 'first', { path: '/', httpOnly: true });
  reply.setCookie('sid', 'second', { path: '/', httpOnly: true });
  reply.setCookie('sid', 'elsewhere', { path: '/api/auth' });
  return { ok: true };
});
app.get('/sign-out', async (_request, reply) => {
  reply.setCookie('sid', 'new', { path: '/' });
  reply.clearCookie('sid');
  return { ok: true };
});
app.get('/fails-after-setting', async (_request, reply) => {
  reply.setCookie('csrf_token', 'abc', { path: '/' });
  throw new Error('the handler failed');
});
app.get('/nothing', async () => ({ ok: true }));

beforeAll(() => app.ready());
afterAll(() => app.close());

const setCookies = (headers: Record<string, unknown>) => [headers['set-cookie'] ?? []].flat();

describe('cookies', () => {
  it('reads every cookie of the request, decoded, and none when it sends no Cookie header', async () => {
    const sent = await app.inject({
      url: '/read',
      headers: { cookie: 'sid=abc; lang=uk; name=%C5%BEena; broken=%E0%A4%A' },
    });
    expect(sent.json()).toEqual({
      cookies: { sid: 'abc', lang: 'uk', name: 'žena', broken: '%E0%A4%A' },
    });
    expect((await app.inject({ url: '/read' })).json()).toEqual({ cookies: {} });
  });

  it('sends the last value set for a name and path, one line each, SameSite=Lax unless told', async () => {
    const answer = await app.inject({ url: '/set-twice' });
    expect(setCookies(answer.headers)).toEqual([
      'sid=second; Path=/; HttpOnly; SameSite=Lax',
      'sid=elsewhere; Path=/api/auth; SameSite=Lax',
    ]);
  });

  it('tells the browser to forget a cookie cleared after it was set in the same answer', async () => {
    const answer = await app.inject({ url: '/sign-out' });
    expect(setCookies(answer.headers)).toEqual([
      'sid=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax',
    ]);
  });

  it('keeps a cookie set before the handler failed, and sets none on an answer that set none', async () => {
    const failed = await app.inject({ url: '/fails-after-setting' });
    expect(failed.statusCode).toBe(500);
    expect(setCookies(failed.headers)).toEqual(['csrf_token=abc; Path=/; SameSite=Lax']);
    expect((await app.inject({ url: '/nothing' })).headers['set-cookie']).toBeUndefined();
  });
});
