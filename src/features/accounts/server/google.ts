import * as oidc from 'openid-client';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import type { ServerContext } from '../../../server/context';
import { clientProfiles, providerProfiles, users } from '../../../server/db/schema';
import { AppError } from '../../../server/errors';
import { findUserByEmail, findUserByGoogleId, type UserRow } from './accounts.repo';
import { grantReenable } from './accounts.service';
import { startSession } from './sessions';

export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
  issuerUrl: string;
}

const FLOW_COOKIE = 'google_flow';
const FLOW_PURPOSE = 'google-flow';
const PENDING_PURPOSE = 'google-pending';
const CALLBACK_PAGE = '/auth/callback';

interface GoogleIdentity {
  sub: string;
  email: string;
  name: string;
}

/**
 * Sign-in with Google through OpenID Connect: authorization code with PKCE, state and nonce.
 * The browser only ever sees a marker or a short-lived signed registration token in a URL,
 * never a session secret.
 */
export function googleSignIn(ctx: ServerContext, google: GoogleConfig) {
  const redirectUri = `${ctx.publicUrl}/api/auth/google/callback`;
  let configuration: Promise<oidc.Configuration> | undefined;
  const discover = () => {
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

  const toCallback = (reply: FastifyReply, query: Record<string, string>) =>
    reply.redirect(`${CALLBACK_PAGE}?${new URLSearchParams(query).toString()}`, 302);

  async function signInExisting(
    request: FastifyRequest,
    reply: FastifyReply,
    user: UserRow,
    how: string,
  ) {
    const audit = (outcome: 'success' | 'failure', message: string) =>
      ctx.writeAudit({
        action: `auth.google.${outcome === 'success' ? 'login' : 'failure'}`,
        outcome,
        actorType: user.role,
        actorId: user.id,
        targetUserId: user.id,
        requestId: request.id,
        message,
      });
    if (user.accountStatus === 'disabled' && user.disabledBy === 'self') {
      await audit('failure', 'account disabled by its owner');
      grantReenable(ctx, reply, user.id);
      return toCallback(reply, { error: 'account_disabled_by_self' });
    }
    if (user.accountStatus !== 'active') {
      await audit('failure', `account ${user.accountStatus}`);
      return toCallback(reply, { error: 'account_disabled' });
    }
    await startSession(ctx.db, request, reply, user, ctx.secureCookies);
    await audit('success', how);
    return toCallback(reply, { token: 'google' });
  }

  return {
    async start(request: FastifyRequest, reply: FastifyReply) {
      const config = await discover();
      const verifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      reply.setCookie(
        FLOW_COOKIE,
        ctx.signer.sign(FLOW_PURPOSE, { verifier, state, nonce }, 10 * 60),
        {
          path: '/api/auth/google',
          httpOnly: true,
          sameSite: 'lax',
          secure: ctx.secureCookies,
          maxAge: 10 * 60,
        },
      );
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return reply.redirect(url.href, 302);
    },

    async callback(request: FastifyRequest, reply: FastifyReply) {
      const flow = ctx.signer.verify<{ verifier: string; state: string; nonce: string }>(
        FLOW_PURPOSE,
        request.cookies[FLOW_COOKIE],
      );
      reply.clearCookie(FLOW_COOKIE, { path: '/api/auth/google' });
      let identity: GoogleIdentity;
      try {
        if (!flow) throw new Error('no sign-in in progress in this browser');
        const tokens = await oidc.authorizationCodeGrant(
          await discover(),
          new URL(request.url, ctx.publicUrl),
          {
            pkceCodeVerifier: flow.verifier,
            expectedState: flow.state,
            expectedNonce: flow.nonce,
            idTokenExpected: true,
          },
        );
        const claims = tokens.claims();
        if (!claims?.sub || typeof claims.email !== 'string' || claims.email_verified !== true) {
          throw new Error('Google did not confirm an email address');
        }
        identity = {
          sub: claims.sub,
          email: claims.email,
          name:
            typeof claims.name === 'string' && claims.name.trim().length >= 2
              ? claims.name.trim().slice(0, 100)
              : claims.email.split('@')[0]!,
        };
      } catch (error) {
        request.log.warn({ err: error }, 'Google sign-in failed');
        await ctx.writeAudit({
          action: 'auth.google.failure',
          outcome: 'failure',
          actorType: 'anonymous',
          requestId: request.id,
          message: 'Google sign-in did not complete',
        });
        return toCallback(reply, { error: 'google_failed' });
      }

      const known = await findUserByGoogleId(ctx.db, identity.sub);
      if (known) return signInExisting(request, reply, known, 'signed in with Google');

      const sameEmail = await findUserByEmail(ctx.db, identity.email);
      if (sameEmail) {
        // Google vouches for the address, so the account is linked to it and counts as verified.
        const [linked] = await ctx.db
          .update(users)
          .set({ googleId: identity.sub, emailVerified: true })
          .where(and(eq(users.id, sameEmail.id), isNull(users.googleId)))
          .returning();
        if (!linked) return toCallback(reply, { error: 'google_failed' });
        await ctx.writeAudit({
          action: 'auth.google.link',
          outcome: 'success',
          actorType: linked.role,
          actorId: linked.id,
          targetUserId: linked.id,
          requestId: request.id,
        });
        return signInExisting(request, reply, linked, 'linked Google and signed in');
      }

      const pendingToken = ctx.signer.sign(PENDING_PURPOSE, { ...identity }, 15 * 60);
      return toCallback(reply, { needsRole: 'true', email: identity.email, pendingToken });
    },

    /** A new person chose client or provider: the account is created verified, and signed in. */
    async completeRegistration(
      request: FastifyRequest,
      reply: FastifyReply,
      token: string,
      role: 'client' | 'provider',
    ) {
      const identity = ctx.signer.verify<GoogleIdentity>(PENDING_PURPOSE, token);
      if (!identity)
        throw new AppError('invalid_token', 'The Google sign-up has expired. Please start again.');
      const created = await ctx.db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({
            email: identity.email,
            name: identity.name,
            role,
            googleId: identity.sub,
            emailVerified: true,
            preferredLanguage: request.language,
          })
          .onConflictDoNothing()
          .returning();
        if (!user) return undefined;
        if (role === 'client') await tx.insert(clientProfiles).values({ userId: user.id });
        else
          await tx.insert(providerProfiles).values({ userId: user.id, contactEmail: user.email });
        return user;
      });
      if (!created)
        throw new AppError('email_exists', 'An account with this email address already exists.');
      await ctx.writeAudit({
        action: 'auth.google.register',
        outcome: 'success',
        actorType: role,
        actorId: created.id,
        targetUserId: created.id,
        requestId: request.id,
      });
      await startSession(ctx.db, request, reply, created, ctx.secureCookies);
      return created;
    },
  };
}

export type GoogleSignIn = ReturnType<typeof googleSignIn>;
