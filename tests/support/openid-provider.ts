import net, { type AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import Provider from 'oidc-provider';

export interface TestAccount {
  email: string;
  name: string;
  email_verified?: boolean;
}

export interface OpenIdProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The person who signs in with this login at the provider's (development) sign-in form. */
  addAccount(login: string, account: TestAccount): void;
  /** Walks the provider's sign-in form as `login` and answers the URL it sends the browser back to. */
  authorize(authorizationUrl: string, login: string): Promise<string>;
  close(): Promise<void>;
}

/** A real OpenID Connect provider (oidc-provider) on 127.0.0.1, standing in for Google. */
export async function startOpenIdProvider(redirectUris: string[]): Promise<OpenIdProvider> {
  const accounts = new Map<string, TestAccount>();
  const clientId = 'majstri-test';
  const clientSecret = 'majstri-test-secret-that-is-long-enough';
  const listening = new Promise<number>((resolve) => {
    const probe = net.createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
  const port = await listening;
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    scopes: ['openid', 'email', 'profile'],
    pkce: { required: () => true },
    // Like Google, put email and name in the ID token itself.
    conformIdTokenClaims: false,
    cookies: { keys: ['majstri-test-cookie-key'] },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx, sub) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email: account.email,
          email_verified: account.email_verified ?? true,
          name: account.name,
        }),
      };
    },
    // Consent is taken as given, as Google does for an app the person used before.
    async loadExistingGrant(ctx) {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId!,
      });
      grant.addOIDCScope('openid email profile');
      grant.addOIDCClaims(['email', 'email_verified', 'name']);
      await grant.save();
      return grant;
    },
  });
  const server = provider.listen(port, '127.0.0.1') as unknown as Server;

  return {
    issuer,
    clientId,
    clientSecret,
    addAccount: (login, account) => accounts.set(login, account),
    async authorize(authorizationUrl, login) {
      const jar = new Map<string, string>();
      const remember = (response: Response) => {
        for (const line of response.headers.getSetCookie()) {
          const [pair] = line.split(';');
          const [name, ...value] = pair!.split('=');
          jar.set(name!.trim(), value.join('='));
        }
      };
      const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
      let url = authorizationUrl;
      for (let step = 0; step < 12; step++) {
        if (redirectUris.some((uri) => url.startsWith(uri))) return url;
        const response = await fetch(url, { redirect: 'manual', headers: { cookie: cookie() } });
        remember(response);
        if (response.status >= 300 && response.status < 400) {
          url = new URL(response.headers.get('location')!, url).href;
          continue;
        }
        const html = await response.text();
        const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
        const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
        if (!prompt || !action) throw new Error(`unexpected provider page: ${html.slice(0, 200)}`);
        const form = new URLSearchParams({
          prompt,
          ...(prompt === 'login' ? { login, password: 'any' } : {}),
        });
        const submitted = await fetch(new URL(action, url), {
          method: 'POST',
          redirect: 'manual',
          headers: { cookie: cookie(), 'content-type': 'application/x-www-form-urlencoded' },
          body: form,
        });
        remember(submitted);
        url = new URL(submitted.headers.get('location')!, url).href;
      }
      throw new Error('the provider did not send the browser back');
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
