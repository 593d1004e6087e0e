import { and, eq, gt, isNull } from 'drizzle-orm';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { Code } from '../../contracts/errors';
import type { Db } from '../db/client';
import { oauthStates } from '../db/schema';
import { randomToken, sha256 } from '../lib/encoding';
import { ApiError } from '../lib/errors';

/**
 * Google sign-in: OAuth 2.0 authorization code flow with state and PKCE (S256), per Google's OpenID
 * Connect documentation. The ID token from the token endpoint is verified with Google's published keys
 * (issuer, audience, expiry, nonce) before anything about it is trusted.
 */
export const GOOGLE = {
  authorize: 'https://accounts.google.com/o/oauth2/v2/auth',
  token: 'https://oauth2.googleapis.com/token',
  certs: 'https://www.googleapis.com/oauth2/v3/certs',
  issuers: ['https://accounts.google.com', 'accounts.google.com'],
} as const;
const STATE_LIFETIME_MS = 10 * 60_000;
const googleKeys = createRemoteJWKSet(new URL(GOOGLE.certs));

export const googleConfigured = (env: Env) => Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET);

export function requireGoogle(env: Env) {
  if (!googleConfigured(env)) throw new ApiError(Code.NOT_FOUND, 'providerNotConfigured');
}

/** `bindUserId`: the flow links Google to that signed-in user instead of signing in, and only that user may finish it. */
export async function authorizationUrl(env: Env, db: Db, redirectUri: string, bindUserId: number | null, now = Date.now()) {
  const state = randomToken(24);
  const verifier = randomToken(48);
  const nonce = randomToken(16);
  await db.insert(oauthStates).values({ state, provider: 'google', verifier, nonce, redirectUri, bindUserId, expiresAt: now + STATE_LIFETIME_MS });
  const url = new URL(GOOGLE.authorize);
  url.search = new URLSearchParams({
    client_id: env.GOOGLE_CLIENT_ID ?? '',
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid email profile',
    state,
    nonce,
    code_challenge: await sha256(verifier),
    code_challenge_method: 'S256',
    prompt: 'select_account',
  }).toString();
  return url.toString();
}

export interface GoogleIdentity {
  sub: string;
  email?: string;
  emailVerified: boolean;
  name?: string;
  picture?: string;
}

/**
 * Exchanges the code for tokens and returns the verified identity, or null for any failure. The state
 * must have been started for the same purpose: signing in (`bindUserId` null) or binding for that user.
 */
export async function redeemCode(env: Env, db: Db, code: string, state: string, bindUserId: number | null, now = Date.now()): Promise<GoogleIdentity | null> {
  const [pending] = await db
    .update(oauthStates)
    .set({ usedAt: now })
    .where(
      and(
        eq(oauthStates.state, state),
        bindUserId === null ? isNull(oauthStates.bindUserId) : eq(oauthStates.bindUserId, bindUserId),
        isNull(oauthStates.usedAt),
        gt(oauthStates.expiresAt, now),
      ),
    )
    .returning();
  if (!pending) return null;
  const response = await fetch(GOOGLE.token, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      code,
      client_id: env.GOOGLE_CLIENT_ID ?? '',
      client_secret: env.GOOGLE_CLIENT_SECRET ?? '',
      redirect_uri: pending.redirectUri,
      grant_type: 'authorization_code',
      code_verifier: pending.verifier,
    }),
  });
  if (!response.ok) return null;
  const { id_token: idToken } = (await response.json()) as { id_token?: string };
  if (!idToken) return null;
  try {
    const { payload } = await jwtVerify<{ nonce?: string; email?: string; email_verified?: boolean; name?: string; picture?: string }>(idToken, googleKeys, {
      issuer: [...GOOGLE.issuers],
      audience: env.GOOGLE_CLIENT_ID,
      algorithms: ['RS256'],
    });
    if (payload.nonce !== pending.nonce || !payload.sub) return null;
    return { sub: payload.sub, email: payload.email, emailVerified: payload.email_verified === true, name: payload.name, picture: payload.picture };
  } catch {
    return null;
  }
}
