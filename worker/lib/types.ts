import type { Locale } from '../../contracts/locale';

/** The Hono environment every sub-app shares: generated bindings plus per-request variables. */
export interface AppEnv {
  Bindings: Env;
  Variables: {
    requestId: string;
    locale: Locale;
    /** Set by `requireUser` once the bearer token has been verified. */
    userId: number;
  };
}
