import type { Configuration } from 'openid-client';
import type { ServerContext } from '../../../server/context';
import type { Db } from '../../../server/db/database';
import { AppError } from '../../../server/errors';
import { onFirstUse } from '../../../server/on-first-use';
import type { Language } from '../../../shared/languages';
import {
  findUserByEmail,
  findUserByGoogleId,
  insertAccount,
  lockUnlinkedAccount,
  writeGoogleLink,
  type UserRow,
} from './accounts.repo';
import type { Browser, NewSession } from './sessions';
import { openSignInSession } from './sign-in-device';
import { endAllSessions } from './sessions.repo';
import { afterFirstFactor, type FirstFactorOutcome } from './sign-in.service';
import { hasTwoFactor } from './two-factor.repo';

export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
  issuerUrl: string;
}

/** The OpenID Connect client, loaded with the first sign-in with Google (on-first-use.ts). */
const openId = onFirstUse(() => import('openid-client'));

const FLOW_PURPOSE = 'google-flow';
const FLOW_SECONDS = 10 * 60;
const PENDING_PURPOSE = 'google-pending';

interface GoogleIdentity {
  sub: string;
  email: string;
  name: string;
}

/** How a return from Google ended; the route turns it into cookies and a redirect. */
export type GoogleOutcome =
  | FirstFactorOutcome
  | { kind: 'needs_role'; email: string; pendingToken: string }
  | { kind: 'failed'; reason: unknown };

/**
 * Sign-in with Google through OpenID Connect: authorization code with PKCE, state and nonce.
 * The browser only ever sees a marker or a short-lived signed registration token in a URL,
 * never a session secret. Plain values in, outcomes out: cookies and redirects are the routes'.
 */
export function googleSignIn(ctx: ServerContext, google: GoogleConfig) {
  const redirectUri = `${ctx.publicUrl}/api/auth/google/callback`;
  let configuration: Promise<Configuration> | undefined;
  const discover = async () => {
    const oidc = await openId();
    const issuer = new URL(google.issuerUrl);
    // Plain http is allowed only for a provider on this machine (the tests' OpenID provider).
    const local =
      issuer.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname);
    configuration ??= oidc
      .discovery(
        issuer,
        google.clientId,
        google.clientSecret,
        undefined,
        local ? { execute: [oidc.allowInsecureRequests] } : {},
      )
      .catch((error) => {
        configuration = undefined;
        throw error;
      });
    return configuration;
  };

  /** An account Google vouched for: the steps after a first factor, in Google's words. */
  async function signInExisting(
    user: UserRow,
    how: string,
    browser: Browser,
  ): Promise<GoogleOutcome> {
    const secondFactor = await hasTwoFactor(ctx.db, user.id);
    return afterFirstFactor(
      ctx,
      user,
      { via: 'google', secondFactor, signedIn: how, codeRequired: `${how}; code required` },
      browser,
    );
  }

  /** The code exchange: who Google says this is, with a verified email. */
  async function identify(
    flowToken: string | undefined,
    callbackUrl: URL,
  ): Promise<GoogleIdentity> {
    const flow = ctx.signer.verify<{ verifier: string; state: string; nonce: string }>(
      FLOW_PURPOSE,
      flowToken,
    );
    if (!flow) throw new Error('no sign-in in progress in this browser');
    const oidc = await openId();
    const tokens = await oidc.authorizationCodeGrant(await discover(), callbackUrl, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims?.sub || typeof claims.email !== 'string' || claims.email_verified !== true) {
      throw new Error('Google did not confirm an email address');
    }
    return {
      sub: claims.sub,
      email: claims.email,
      name:
        typeof claims.name === 'string' && claims.name.trim().length >= 2
          ? claims.name.trim().slice(0, 100)
          : claims.email.split('@')[0]!,
    };
  }

  return {
    /** Where to send the browser, and the flow secret it must keep (in a cookie) until it returns. */
    async start(): Promise<{
      authorizationUrl: string;
      flow: { token: string; maxAgeSeconds: number };
    }> {
      const config = await discover();
      const oidc = await openId();
      const verifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return {
        authorizationUrl: url.href,
        flow: {
          token: ctx.signer.sign(FLOW_PURPOSE, { verifier, state, nonce }, FLOW_SECONDS),
          maxAgeSeconds: FLOW_SECONDS,
        },
      };
    },

    /**
     * The browser came back from Google (`callbackPath` is the path and query it came back to).
     * A known Google id signs in; an account with the same email is linked first; a new person
     * must choose a role.
     */
    async finish(
      flowToken: string | undefined,
      callbackPath: string,
      browser: Browser,
    ): Promise<GoogleOutcome> {
      let identity: GoogleIdentity;
      try {
        identity = await identify(flowToken, new URL(callbackPath, ctx.publicUrl));
      } catch (error) {
        await ctx.writeAudit({
          action: 'auth.google.failure',
          outcome: 'failure',
          actorType: 'anonymous',
          message: 'Google sign-in did not complete',
        });
        return { kind: 'failed', reason: error };
      }

      const known = await findUserByGoogleId(ctx.db, identity.sub);
      if (known) return signInExisting(known, 'signed in with Google', browser);

      const sameEmail = await findUserByEmail(ctx.db, identity.email);
      if (sameEmail) {
        const linked = await linkGoogle(ctx.db, sameEmail.id, identity.sub);
        if (!linked) {
          return {
            kind: 'failed',
            reason: new Error('the account is linked to another Google id'),
          };
        }
        await ctx.writeAudit({
          action: 'auth.google.link',
          outcome: 'success',
          actorType: linked.user.role,
          actorId: linked.user.id,
          targetUserId: linked.user.id,
          ...(linked.tookOver
            ? {
                message:
                  'linked an unverified account: its password was removed and its sessions ended',
              }
            : {}),
        });
        return signInExisting(linked.user, 'linked Google and signed in', browser);
      }

      const pendingToken = ctx.signer.sign(PENDING_PURPOSE, { ...identity }, 15 * 60);
      return { kind: 'needs_role', email: identity.email, pendingToken };
    },

    /** A new person chose client or provider: the account is created verified, and signed in. */
    async completeRegistration(
      pendingToken: string,
      role: 'client' | 'provider',
      language: Language,
      browser: Browser,
    ): Promise<{ user: UserRow; session: NewSession }> {
      const identity = ctx.signer.verify<GoogleIdentity>(PENDING_PURPOSE, pendingToken);
      if (!identity)
        throw new AppError('invalid_token', 'The Google sign-up has expired. Please start again.');
      const created = await ctx.db.transaction((tx) =>
        insertAccount(tx, {
          email: identity.email,
          name: identity.name,
          role,
          googleId: identity.sub,
          emailVerified: true,
          preferredLanguage: language,
        }),
      );
      if (!created)
        throw new AppError('email_exists', 'An account with this email address already exists.');
      await ctx.writeAudit({
        action: 'auth.google.register',
        outcome: 'success',
        actorType: role,
        actorId: created.id,
        targetUserId: created.id,
      });
      const session = await ctx.db.transaction((tx) =>
        openSignInSession(ctx, tx, created, browser),
      );
      return { user: created, session };
    },
  };
}

export type GoogleSignIn = ReturnType<typeof googleSignIn>;

/**
 * Links a Google id to the account with the same email: Google vouches for the address, so the
 * account counts as verified from now on. When the address was not verified before, whoever set
 * the password never proved they own it (anyone can register someone else's address), so the
 * password goes and every session of the account ends: only the owner, through Google or a reset
 * link, gets in from here on (docs/security.md "Linking Google to an unverified account").
 * Answers undefined when the account is already linked to another Google id.
 */
async function linkGoogle(
  db: Db,
  userId: string,
  googleId: string,
): Promise<{ user: UserRow; tookOver: boolean } | undefined> {
  return db.transaction(async (tx) => {
    const before = await lockUnlinkedAccount(tx, userId);
    if (!before) return undefined;
    const tookOver = !before.emailVerified;
    const user = await writeGoogleLink(tx, userId, googleId, tookOver);
    if (tookOver) await endAllSessions(tx, userId);
    return { user, tookOver };
  });
}
