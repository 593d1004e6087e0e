import type { Locale } from '../../contracts/locale';
import type { Db } from '../db/client';

/** The Hono environment every sub-app shares: generated bindings plus per-request variables. */
export interface AppEnv {
  Bindings: Env;
  Variables: {
    requestId: string;
    locale: Locale;
    db: Db;
    /** Set by `requireUser` once the bearer token has been verified. */
    userId: number;
    sessionId: string;
  };
}
