import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import { vi } from 'vitest';
import { sha256 } from '../../worker/lib/encoding';
import { GOOGLE } from '../../worker/services/google';

/**
 * FakeGoogle: stands in for Google's OAuth 2.0 / OpenID Connect endpoints, which cannot be reached from
 * here. It follows their documented contract: the token endpoint checks client id and secret, the
 * redirect URI and the PKCE verifier against the challenge given at authorization, spends each code once,
 * and returns an RS256 ID token whose key is published at the certs URL.
 */
// One signing key for the whole test run, as Google's keys outlive any one sign-in (and the Worker caches them).
const keys = await generateKeyPair('RS256');
const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'fake-google-1', alg: 'RS256', use: 'sig' };

export async function installFakeGoogle(clientId: string, clientSecret: string) {
  const codes = new Map<string, { challenge: string; redirectUri: string; nonce: string; claims: Record<string, unknown>; signer: CryptoKey }>();
  const realFetch = globalThis.fetch;

  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (request.url === GOOGLE.certs) return Response.json({ keys: [jwk] });
    if (request.url !== GOOGLE.token) return realFetch(input, init);
    const form = new URLSearchParams(await request.text());
    const grant = codes.get(form.get('code') ?? '');
    const fail = (error: string) => Response.json({ error }, { status: 400 });
    if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) return fail('invalid_client');
    if (!grant || form.get('grant_type') !== 'authorization_code') return fail('invalid_grant');
    codes.delete(form.get('code')!);
    if (form.get('redirect_uri') !== grant.redirectUri) return fail('redirect_uri_mismatch');
    if ((await sha256(form.get('code_verifier') ?? '')) !== grant.challenge) return fail('invalid_grant');
    const idToken = await new SignJWT({ ...grant.claims, nonce: grant.nonce })
      .setProtectedHeader({ alg: 'RS256', kid: jwk.kid })
      .setIssuer('https://accounts.google.com')
      .setAudience(clientId)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(grant.signer);
    return Response.json({ access_token: 'fake-access', expires_in: 3599, token_type: 'Bearer', scope: 'openid email profile', id_token: idToken });
  });

  return {
    /** What Google does when a person approves the request at `authorizeUrl`: returns the code sent to the redirect URI. */
    /** `forgeWith`: sign the ID token with another key, as an impostor would. */
    async consent(authorizeUrl: string, claims: { sub: string; email?: string; email_verified?: boolean; name?: string }, forgeWith?: CryptoKey) {
      const url = new URL(authorizeUrl);
      const p = url.searchParams;
      if (url.origin + url.pathname !== GOOGLE.authorize || p.get('client_id') !== clientId || p.get('code_challenge_method') !== 'S256') {
        throw new Error('FakeGoogle: malformed authorization request');
      }
      const code = `code-${crypto.randomUUID()}`;
      codes.set(code, {
        challenge: p.get('code_challenge')!,
        redirectUri: p.get('redirect_uri')!,
        nonce: p.get('nonce')!,
        claims,
        signer: forgeWith ?? keys.privateKey,
      });
      return { code, state: p.get('state')! };
    },
  };
}
