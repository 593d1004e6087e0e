// `npm start`: prepares the local setup, then runs the engine and `wrangler dev` side by side until
// Ctrl-C, which stops both. PORT (default 8787) and ENGINE_PORT (default 8790) override the ports.
import { existsSync, readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { prepare, wranglerEnv } from './prepare.mjs';
import { startService } from './process.mjs';

const port = Number(process.env.PORT ?? 8787);
const enginePort = Number(process.env.ENGINE_PORT ?? 8790);

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
  const secrets = parseEnv(readFileSync('.dev.vars', 'utf8'));
  if (existsSync('engine/main.ts')) {
    services.push(
      await startService({
        name: 'engine',
        command: process.execPath,
        args: ['--import', 'tsx', 'engine/main.ts'],
        env: { ...process.env, ENGINE_PORT: String(enginePort), ENGINE_SECRET: secrets.ENGINE_SECRET ?? '' },
        readyUrl: `http://127.0.0.1:${enginePort}/v1/health`,
        timeoutMs: 120_000,
      }),
    );
  }
  services.push(
    await startService({
      name: 'worker',
      command: 'npx',
      args: ['wrangler', 'dev', '--ip', '127.0.0.1', '--port', String(port), '--var', `ENGINE_URL:http://127.0.0.1:${enginePort}`],
      env: wranglerEnv,
      readyUrl: `http://127.0.0.1:${port}/`,
    }),
  );
  console.log(`\nTingyi is running at http://127.0.0.1:${port}  (Ctrl-C to stop)\n`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await stopAll(1);
}
