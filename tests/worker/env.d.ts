import type { D1Migration } from 'cloudflare:test';

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
      MIGRATION_DB: D1Database;
      /** The fake gateways' own keys (vitest.config.ts makes a fresh pair per run for each side). */
      FAKE_WECHAT_PAY_MERCHANT_PUBLIC_KEY: string;
      FAKE_WECHAT_PAY_PRIVATE_KEY: string;
      FAKE_ALIPAY_APP_PUBLIC_KEY: string;
      FAKE_ALIPAY_PRIVATE_KEY: string;
    }
  }
}
