import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsHarness, type AccountsHarness } from '../../tests/support/accounts-app';
import { PNG } from '../../tests/factories/files';

let h: AccountsHarness;
beforeAll(async () => {
  h = await accountsHarness();
});
afterAll(async () => h.close());

const BOUNDARY = 'majstri-form-boundary';
const WELL_FORMED = Buffer.concat([
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="title"\r\n\r\nOprava strechy\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="attachments"; filename="a.png"\r\n` +
      'Content-Type: image/png\r\n\r\n',
  ),
  PNG,
  Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
]);
const multipart = (boundary: string) => `multipart/form-data; boundary=${boundary}`;

/** Broken forms a client can send, each with the content type it claims. */
const BROKEN_FORMS: [string, string, Buffer][] = [
  ['no boundary', 'multipart/form-data', WELL_FORMED],
  ['another boundary than the body uses', multipart('something-else'), WELL_FORMED],
  ['a body cut off inside a file', multipart(BOUNDARY), WELL_FORMED.subarray(0, -40)],
  [
    'a body cut off inside a part header',
    multipart(BOUNDARY),
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-da`),
  ],
  ['a body that is not multipart at all', multipart(BOUNDARY), Buffer.from('hello world')],
  ['a boundary longer than the parser takes', multipart('b'.repeat(300)), WELL_FORMED],
  [
    'a text field sent as JSON',
    multipart(BOUNDARY),
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="title"\r\n` +
        `Content-Type: application/json\r\n\r\n{"toString":0}\r\n--${BOUNDARY}--\r\n`,
    ),
  ],
];

describe('a malformed multipart form', () => {
  it.each(BROKEN_FORMS)(
    'with %s is refused with 400 invalid_form_data when posting a request and saving a profile',
    async (_case, contentType, payload) => {
      const client = await h.signedIn('client');
      const provider = await h.signedIn('provider');
      for (const [agent, method, url] of [
        [client.agent, 'POST', '/api/work-requests'],
        [provider.agent, 'PUT', '/api/users/profile'],
      ] as const) {
        const response = await agent.request({
          method,
          url,
          headers: { 'content-type': contentType },
          payload,
        });
        expect(response.statusCode, `${method} ${url}`).toBe(400);
        expect(response.json().error).toBe('invalid_form_data');
      }
      expect((await client.agent.get('/api/work-requests/my')).json()).toMatchObject({
        work_requests: [],
      });
      expect(h.storedFiles()).toEqual([]);
    },
  );

  it('in another content type is refused with 415 unsupported_media_type', async () => {
    const client = await h.signedIn('client');
    const provider = await h.signedIn('provider');
    for (const contentType of ['text/plain', 'application/json']) {
      const response = await client.agent.request({
        method: 'POST',
        url: '/api/work-requests',
        headers: { 'content-type': contentType },
        payload: contentType === 'text/plain' ? 'hello' : '{"title":"Oprava"}',
      });
      expect(response.statusCode).toBe(415);
      expect(response.json().error).toBe('unsupported_media_type');
    }
    for (const [agent, method, url] of [
      [client.agent, 'POST', '/api/work-requests'],
      [provider.agent, 'PUT', '/api/users/profile'],
    ] as const) {
      const response = await agent.request({
        method,
        url,
        headers: { 'content-type': `multipart/mixed; boundary=${BOUNDARY}` },
        payload: WELL_FORMED,
      });
      expect(response.statusCode).toBe(415);
      expect(response.json().error).toBe('unsupported_media_type');
    }
  });

  it('sent to a route that takes no form is refused with 415 before it is read', async () => {
    const client = await h.signedIn('client');
    const provider = await h.signedIn('provider');
    for (const [agent, method, url] of [
      [client.agent, 'POST', '/api/auth/logout'],
      [provider.agent, 'PUT', '/api/users/password'],
      [client.agent, 'POST', '/api/contact'],
    ] as const) {
      const response = await agent.request({
        method,
        url,
        headers: { 'content-type': multipart(BOUNDARY) },
        payload: WELL_FORMED,
      });
      expect(response.statusCode, `${method} ${url}`).toBe(415);
      expect(response.json().error).toBe('unsupported_media_type');
    }
    expect(h.storedFiles()).toEqual([]);
  });
});
