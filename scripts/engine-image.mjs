// The engine's container image on this machine, for the tests that run it (tests/engine/container.test.ts):
// a Docker engine (Debian's docker.io, started here when none answers and this is root), a Debian base image
// made from Debian's packages (no image registry is reachable from the test machines), and the image built
// from engine/Dockerfile once per content: its tag is a hash of everything that goes into it, so an unchanged
// engine is never rebuilt.
import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const exec = promisify(execFile);
export const BASE_IMAGE = 'tingyi-base:bookworm';
const IMAGE = 'tingyi-engine';
/** What the image is built from (engine/Dockerfile's COPY lines and .dockerignore). */
const INPUTS = [
  'engine/Dockerfile',
  '.dockerignore',
  'package.json',
  'package-lock.json',
  'scripts/build-engine.mjs',
  'contracts',
  'engine',
  'node_modules/@ricky0123/vad-web/dist/silero_vad_v5.onnx',
];
/** Where a Docker daemon started here logs. */
const DOCKER_LOG = join(tmpdir(), 'tingyi-dockerd.log');

/** @param {string} command @param {string[]} args */
const run = (command, args, timeout = 60_000) => exec(command, args, { timeout, maxBuffer: 64 << 20 });

async function dockerAnswers() {
  try {
    await run('docker', ['info', '--format', '{{.ServerVersion}}'], 20_000);
    return true;
  } catch {
    return false;
  }
}

/**
 * A Docker engine that answers, or why there is none. When none answers and this is root with Debian's
 * dockerd installed, one is started the way a build machine without its own network can run it: no bridge, no
 * iptables (containers use the host's network), the vfs storage driver (works on any file system).
 * @returns {Promise<{ started: (() => void) | null } | { missing: string }>}
 */
export async function docker() {
  if (await dockerAnswers()) return { started: null };
  const which = await run('sh', ['-c', 'command -v docker && command -v dockerd']).catch(() => null);
  if (!which) return { missing: 'Docker is not installed (`apt-get install docker.io`, which `npm test` does as root)' };
  if (process.getuid?.() !== 0) return { missing: 'no Docker engine answers, and only root may start one here' };
  const daemon = spawn('dockerd', ['--iptables=false', '--ip6tables=false', '--bridge=none', '--storage-driver=vfs'], {
    stdio: ['ignore', openSync(DOCKER_LOG, 'a'), openSync(DOCKER_LOG, 'a')],
    detached: true,
  });
  daemon.unref();
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
    if (await dockerAnswers()) return { started: () => daemon.kill('SIGTERM') };
    if (daemon.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  daemon.kill('SIGTERM');
  return { missing: `dockerd did not start (its log: ${DOCKER_LOG})` };
}

/**
 * Certificate authorities this machine added to Debian's store (a TLS-inspecting proxy's, where the registry
 * is reached through one), which the build's npm must trust as this machine's does.
 */
function localCertificates() {
  const dir = '/usr/local/share/ca-certificates';
  if (!existsSync(dir)) return '';
  return files(dir)
    .filter((path) => path.endsWith('.crt'))
    .map((path) => readFileSync(path, 'utf8').trim())
    .join('\n');
}

/** @param {string} image */
async function imageExists(image) {
  return run('docker', ['image', 'inspect', '--format', '{{.Id}}', image]).then(
    () => true,
    () => false,
  );
}

/**
 * The Debian bookworm base image, made once from Debian's packages with mmdebstrap when not there yet.
 * @returns {Promise<string>}
 */
export async function baseImage() {
  if (await imageExists(BASE_IMAGE)) return BASE_IMAGE;
  const dir = mkdtempSync(join(tmpdir(), 'tingyi-base-'));
  try {
    await run('mmdebstrap', ['--quiet', '--variant=minbase', 'bookworm', join(dir, 'base.tar')], 20 * 60_000);
    await run('docker', ['import', join(dir, 'base.tar'), BASE_IMAGE], 10 * 60_000);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return BASE_IMAGE;
}

/** @param {string} path @returns {string[]} */
function files(path) {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => (path === 'engine' && name === 'bench' ? [] : files(join(path, name))));
}

/** The tag of the image these sources and this base make. @param {string} base */
export function imageTag(base) {
  const hash = createHash('sha256').update(base);
  for (const file of INPUTS.flatMap(files)) hash.update(`\0${file}\0`).update(readFileSync(file));
  return `${IMAGE}:${hash.digest('hex').slice(0, 16)}`;
}

/**
 * The engine image for the current sources, built only when no image of that content exists.
 * @param {string} base the BASE_IMAGE build argument
 * @returns {Promise<{ image: string, buildSeconds: number | null }>} buildSeconds null: it was already built
 */
export async function engineImage(base) {
  const image = imageTag(base);
  if (await imageExists(image)) return { image, buildSeconds: null };
  const started = performance.now();
  const args = ['build', '--network', 'host', '-f', 'engine/Dockerfile', '--build-arg', `BASE_IMAGE=${base}`, '-t', image];
  const proxyCerts = localCertificates();
  if (proxyCerts) args.push('--build-arg', `EXTRA_CA_CERTS=${proxyCerts}`);
  await run('docker', [...args, '.'], 40 * 60_000);
  const buildSeconds = (performance.now() - started) / 1000;
  // Images of earlier sources only take disk (each layer a full copy on the vfs driver); the build stage's
  // layers stay, as the next build's cache.
  const { stdout } = await run('docker', ['images', IMAGE, '--format', '{{.Repository}}:{{.Tag}}']);
  const stale = stdout.split('\n').filter((name) => name && name !== image);
  if (stale.length) await run('docker', ['rmi', ...stale]).catch(() => null);
  return { image, buildSeconds };
}
