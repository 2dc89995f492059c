import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { App } from '../../src/server/app';
import {
  SESSION_COOKIE,
  SESSION_MARKER_COOKIE,
} from '../../src/features/accounts/server/session-cookies';
import { LANGUAGE_COOKIE } from '../../src/shared/languages';
import { injectReadingHead } from './inject-head';

/**
 * One browser as the server sees it: keeps cookies, sends the CSRF header on writes like the
 * real page does, and comes from its own address.
 */
export class Agent {
  readonly cookies = new Map<string, string>();
  private static nextAddress = 1;
  readonly address: string;

  constructor(
    private readonly app: App,
    address?: string,
  ) {
    this.address =
      address ?? `10.1.${Math.floor(Agent.nextAddress / 250)}.${(Agent.nextAddress++ % 250) + 1}`;
  }

  async request(options: InjectOptions & { csrf?: boolean }): Promise<LightMyRequestResponse> {
    const method = (options.method ?? 'GET').toUpperCase();
    if (method !== 'GET' && !this.cookies.has('csrf_token'))
      await this.request({ url: '/api/auth/session' });
    const headers: Record<string, string> = { ...(options.headers as Record<string, string>) };
    const cookieHeader = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (cookieHeader) headers.cookie = cookieHeader;
    if (method !== 'GET' && options.csrf !== false)
      headers['x-csrf-token'] = this.cookies.get('csrf_token') ?? '';
    const response = await injectReadingHead(this.app, {
      ...options,
      method: method as InjectOptions['method'],
      headers,
      remoteAddress: this.address,
    });
    for (const cookie of response.cookies) {
      const expired =
        cookie.expires !== undefined && new Date(cookie.expires).getTime() <= Date.now();
      if (expired || cookie.maxAge === 0 || cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  /** Holds the cookies a sign-in would have set, for a session made without one. */
  useSession(token: string, language: string) {
    this.cookies.set(SESSION_COOKIE, token);
    this.cookies.set(SESSION_MARKER_COOKIE, '1');
    this.cookies.set(LANGUAGE_COOKIE, language);
  }

  get(url: string) {
    return this.request({ method: 'GET', url });
  }
  post(url: string, payload?: object, extra: Partial<InjectOptions> & { csrf?: boolean } = {}) {
    return this.request({ method: 'POST', url, ...(payload ? { payload } : {}), ...extra });
  }
  put(url: string, payload?: object) {
    return this.request({ method: 'PUT', url, ...(payload ? { payload } : {}) });
  }
  patch(url: string, payload?: object) {
    return this.request({ method: 'PATCH', url, ...(payload ? { payload } : {}) });
  }
  delete(url: string) {
    return this.request({ method: 'DELETE', url });
  }

  /** Sends a multipart form the way a browser does. */
  async form(method: 'POST' | 'PUT', url: string, form: FormData) {
    const encoded = new Request('http://local', { method, body: form });
    return this.request({
      method,
      url,
      headers: { 'content-type': encoded.headers.get('content-type')! },
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
  }

  /** Fetches a question and answers it correctly, as a person would. */
  async solveChallenge(): Promise<{ math_answer: number; challenge_token: string }> {
    const { question, token } = (await this.get('/api/challenge')).json() as {
      question: string;
      token: string;
    };
    const [a, op, b] = question.split(' ');
    const x = Number(a);
    const y = Number(b);
    return { math_answer: op === '+' ? x + y : op === '-' ? x - y : x * y, challenge_token: token };
  }
}
