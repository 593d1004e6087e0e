/**
 * The `zod` the Worker is bundled with (wrangler.toml [alias]): zod's classic API as `zod` exports it, less
 * its `locales` and `core` namespaces. Handing out `z` as one object keeps every export alive, and those two
 * bring in all 64 of zod's message translations; the Worker only ever shows English ones (its own envelope
 * translates what users read), which `z` still registers by default. Type checks and tests use zod itself,
 * so `z.core` and `z.locales`, which no Worker code uses, would type-check there yet be missing in a deploy.
 */
import * as z from './zod-without-locales-api';

export * from './zod-without-locales-api';
export { z, z as default };
