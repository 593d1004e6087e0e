/**
 * The shared secrets a deployment runs on (JWT_SECRET signs sessions and tickets, ENGINE_SECRET is the
 * Worker ↔ engine key) and when one is too weak to run on. The example values are public, they are in this
 * repository (.dev.vars.example, older tests), so outside development the Worker and the engine refuse
 * them, and anything shorter than 32 bytes, rather than run forgeable or as an open fetcher.
 * scripts/deploy-check.mjs reads .dev.vars.example itself; tests keep it and this list in step.
 */
export const MIN_SECRET_BYTES = 32;

/** Secrets anyone who has read the repository knows. */
export const EXAMPLE_SECRETS: ReadonlySet<string> = new Set([
  'development-only-jwt-secret',
  'development-only-engine-secret',
  'worker-test-secret',
  'test-engine-secret',
  'change-me',
  'secret',
]);

/** Why the secret called `name` must not be used outside development, or null when it may. */
export function weakSecretReason(name: string, secret: string | undefined): string | null {
  if (!secret) return `${name} is not set`;
  if (EXAMPLE_SECRETS.has(secret)) return `${name} is the example value from this repository`;
  if (new TextEncoder().encode(secret).length < MIN_SECRET_BYTES) return `${name} is shorter than ${MIN_SECRET_BYTES} bytes`;
  return null;
}
