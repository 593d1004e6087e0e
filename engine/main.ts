/**
 * Entry point: `node --import tsx engine/main.ts` (`npm start`), or its build `node engine/main.js` in the
 * container image (engine/Dockerfile, scripts/build-engine.mjs). Loads every model before listening, so the first
 * request is as fast as the hundredth and /v1/health answering means the engine is really ready.
 *
 * SIGTERM (a rollout on Cloudflare, which then allows 15 minutes) or SIGINT drains: no new work, running jobs,
 * requests and live streams finish (streams are asked to move), for ENGINE_DRAIN_SECONDS at most, then the engine
 * exits. A second signal exits at once.
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

let stopping = false;
async function stop(signal: NodeJS.Signals) {
  if (stopping) {
    console.log(`engine: ${signal} again, exiting now`);
    process.exit(1);
  }
  stopping = true;
  console.log(`engine: ${signal}, draining (new work refused; up to ${config.drainSeconds} s for running work)`);
  const drained = await server.drain(config.drainSeconds * 1000);
  console.log(drained ? 'engine: drained, exiting' : `engine: work still running after ${config.drainSeconds} s, exiting anyway`);
  server.closeAllConnections();
  server.close();
  engine.close();
  process.exitCode = drained ? 0 : 1;
  // The speech cache's folder is removed on close; exit regardless once that had its moment.
  setTimeout(() => process.exit(), 500).unref();
}
process.on('SIGINT', (signal) => void stop(signal));
process.on('SIGTERM', (signal) => void stop(signal));
