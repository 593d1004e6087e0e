/**
 * Entry point: `node --import tsx engine/main.ts` (`npm start`), or its build `node engine/main.js` in the
 * container image (engine/Dockerfile, scripts/build-engine.mjs). Loads every model before listening, so the first
 * request is as fast as the hundredth and /v1/health answering means the engine is really ready.
 */
import { weakSecretReason } from '../contracts/secrets';
import { loadConfig } from './config';
import { Engine } from './engine';
import { createEngineServer } from './server';

const config = loadConfig();
// An engine on an example or short secret is an open fetcher for anyone who has read the README; only a
// development machine (ENVIRONMENT=development, as `npm start` sets it) may run on one.
const weak = process.env.ENVIRONMENT === 'development' ? (config.secret ? null : 'ENGINE_SECRET is not set') : weakSecretReason('ENGINE_SECRET', config.secret);
if (weak) {
  console.error(`${weak}: refusing to start an engine anyone could call. Set a long random one, e.g. the output of: openssl rand -base64 48`);
  process.exit(1);
}

const engine = await Engine.start(config);
const server = createEngineServer(engine);
server.listen(config.port, config.host, () => {
  const caps = engine.capabilities();
  const asr = caps.asr.batch.filter((l) => l.available).map((l) => l.code);
  console.log(`engine listening on http://${config.host}:${config.port} (asr: ${asr.join(', ') || 'none'}; decoders: ${config.asrWorkers})`);
});

const stop = () => {
  server.close();
  engine.close();
  setTimeout(() => process.exit(0), 500).unref();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
