// `npm start`: prepares the local setup, then runs the engine and `wrangler dev` side by side until
// Ctrl-C, which stops both. The engine is supervised as the container platform does: if it dies, it is started
// again (the Worker's queued jobs then resume on it). PORT (default 8787) and ENGINE_PORT (default 8790) override the ports;
// TRIAL_MINUTES (default 60 here, none in production) the minutes each new account gets to try things with.
import { prepare } from './prepare.mjs';
import { supervise } from './process.mjs';
import { startEngine, startWorker } from './services.mjs';

const port = Number(process.env.PORT ?? 8787);
const enginePort = Number(process.env.ENGINE_PORT ?? 8790);
const trialMinutes = process.env.TRIAL_MINUTES ?? '60';

await prepare();

/** @type {{ stop: () => Promise<void> }[]} */
const services = [];
let stopping = false;
async function stopAll(code = 0) {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping Tingyi…');
  await Promise.all(services.map((s) => s.stop()));
  process.exit(code);
}
process.on('SIGINT', () => void stopAll());
process.on('SIGTERM', () => void stopAll());

try {
  services.push(await supervise('engine', () => startEngine({ port: enginePort })));
  services.push(await startWorker({ port, enginePort, vars: { TRIAL_MINUTES: trialMinutes } }));
  console.log(`\nTingyi is running at http://127.0.0.1:${port}  (Ctrl-C to stop)\n`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await stopAll(1);
}
