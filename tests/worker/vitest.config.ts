import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers';
import { defineConfig } from 'vitest/config';
import { freePort } from '../../scripts/services.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** A fresh RSA key pair per run, as a merchant or a gateway holds it. */
const rsaPair = () =>
  generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
// Payment providers configured as a merchant would (the Worker's side) against fakes holding the other halves.
const wechatMerchant = rsaPair();
const wechatPlatform = rsaPair();
const alipayApp = rsaPair();
const alipayPlatform = rsaPair();
const paymentBindings = {
  WECHAT_PAY_MCH_ID: '1900000109',
  WECHAT_PAY_APP_ID: 'wxd678efh567hg6787',
  WECHAT_PAY_MCH_SERIAL: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
  WECHAT_PAY_PRIVATE_KEY: wechatMerchant.privateKey,
  WECHAT_PAY_API_V3_KEY: randomBytes(16).toString('hex'),
  WECHAT_PAY_PUBLIC_KEY: wechatPlatform.publicKey,
  WECHAT_PAY_PUBLIC_KEY_ID: 'PUB_KEY_ID_0119000001092026112500000000',
  FAKE_WECHAT_PAY_MERCHANT_PUBLIC_KEY: wechatMerchant.publicKey,
  FAKE_WECHAT_PAY_PRIVATE_KEY: wechatPlatform.privateKey,
  ALIPAY_APP_ID: '2021000000000001',
  ALIPAY_PRIVATE_KEY: alipayApp.privateKey,
  ALIPAY_PUBLIC_KEY: alipayPlatform.publicKey,
  FAKE_ALIPAY_APP_PUBLIC_KEY: alipayApp.publicKey,
  FAKE_ALIPAY_PRIVATE_KEY: alipayPlatform.privateKey,
  PAYPAL_CLIENT_ID: 'AeTingyiSandboxClient',
  PAYPAL_CLIENT_SECRET: randomBytes(24).toString('hex'),
  PAYPAL_WEBHOOK_ID: '1JE4291016473214C',
};

export default defineConfig(async () => {
  // global-setup.ts starts the real engine on this port and the Worker under test calls it there — unless
  // TINGYI_TEST_ENGINE_URL names an engine already running (the engine's container image, tests/engine/container.test.ts).
  let engineUrl = process.env.TINGYI_TEST_ENGINE_URL;
  if (!engineUrl) {
    process.env.TINGYI_TEST_ENGINE_PORT = String(await freePort());
    engineUrl = `http://127.0.0.1:${process.env.TINGYI_TEST_ENGINE_PORT}`;
  }
  // An engine of the caller's (TINGYI_TEST_ENGINE_URL) comes with the secret it runs on.
  process.env.TINGYI_TEST_ENGINE_SECRET ??= randomBytes(32).toString('base64');
  const engineSecret = process.env.TINGYI_TEST_ENGINE_SECRET;
  // Read once per run, not once per runtime.
  const migrations = await readD1Migrations(`${root}/migrations`);
  // Fresh and long, as production requires (tests/worker/api.ts calls the app as production).
  const jwtSecret = randomBytes(32).toString('base64');
  return {
    root,
    plugins: [
      // A function, so each runtime (one per test file, two files at a time) gets a port of its own: the Worker
      // under test also listens there, as `npm start`'s does, and the engine fetches and stores media through its
      // development S3 route by presigned URL.
      cloudflareTest(async () => {
        const workerPort = await freePort();
        return {
          wrangler: { configPath: `${root}/wrangler.toml` },
          // Workers AI (the [ai] binding) has no local simulation; tests that use it hand in a fake.
          remoteBindings: false,
          miniflare: {
            bindings: {
              TEST_MIGRATIONS: migrations,
              JWT_SECRET: jwtSecret,
              // The engine's key is held to the same rule: fresh, and handed to the engine global-setup.ts starts.
              ENGINE_SECRET: engineSecret,
              // wrangler.toml defaults to production; tests that are about production pass it explicitly.
              ENVIRONMENT: 'development',
              ENGINE_URL: engineUrl,
              DEV_ORIGIN: `http://127.0.0.1:${workerPort}`,
              // The deployment's address, when wrangler.toml has one, is not this test Worker's.
              PUBLIC_ORIGIN: '',
              // Short pieces, so the test meeting (about 25 s) fans out into several.
              TRANSCRIBE_PIECE_SECONDS: '8',
              // A host gone for a second pauses the meeting, so the grace-period test need not wait a minute.
              MEETING_HOST_GRACE_SECONDS: '1',
              // Webhook retries after a second each, so a test sees the schedule run instead of waiting hours.
              WEBHOOK_RETRY_SECONDS: '1,1,1',
              // No internet here: names resolve through the fake resolver the webhook tests install.
              WEBHOOK_DOH_URL: 'https://fake-doh.test/dns-query',
              ...paymentBindings,
            },
            unsafeDirectSockets: [{ host: '127.0.0.1', port: workerPort }],
            // An empty database of its own for tests that migrate an old schema holding data (relations-migration.test.ts).
            d1Databases: { MIGRATION_DB: 'migration-test' },
          },
        };
      }),
    ],
    test: {
      include: ['tests/worker/**/*.test.ts'],
      // Most calls sign a user up first and go through workerd's D1 and R2: well under a second on a quiet
      // machine, several on one whose cores are busy. The bound catches a hang, not a slow machine.
      testTimeout: 30_000,
      maxWorkers: 2,
      setupFiles: ['tests/worker/apply-migrations.ts'],
      globalSetup: ['tests/worker/global-setup.ts'],
    },
  };
});
