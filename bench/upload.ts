/**
 * Upload throughput: a 500 MB file through the app's path (presigned 10 MB parts, 5 at a time, each
 * reported) as a ratio to one plain PUT of the same bytes to a local sink, and the Worker's memory while
 * it happens (it should stay flat: parts stream through to R2). Locally the parts go through the Worker's
 * development S3 route; in production they go to R2 directly.
 * Run: npm run bench:upload   (quick check of the figures, as `npm test` runs it: -- --quick: 20 MB)
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { QUICK, requireFigures } from '../engine/bench/figures';
import { startApp, upload, userWithHours, workerdRssMb } from './app';

const MB = 1024 * 1024;
const SIZE_MB = QUICK ? 20 : 500;
const bytes = randomBytes(SIZE_MB * MB);

const sink = createServer((req, res) => {
  req.on('data', () => {});
  req.on('end', () => res.writeHead(200).end());
});
await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));

const app = await startApp('upload');
try {
  const body = new Uint8Array(bytes);
  let started = performance.now();
  await fetch(`http://127.0.0.1:${(sink.address() as AddressInfo).port}/`, { method: 'PUT', body });
  const plain = (performance.now() - started) / 1000;

  const token = await userWithHours(app, 1);
  const before = workerdRssMb(app.workerPid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, workerdRssMb(app.workerPid))), 200);
  started = performance.now();
  const { uploadUrls } = await upload(app, token, 'big.mp4', bytes);
  const viaApp = (performance.now() - started) / 1000;
  clearInterval(sampler);
  requireFigures('bench:upload', { 'plain PUT time': plain, 'app path time': viaApp, 'parts uploaded': uploadUrls.length, 'workerd memory': before });

  console.log(`${SIZE_MB} MB, random bytes`);
  console.log(`plain PUT to a local sink:     ${(SIZE_MB / plain).toFixed(0)} MB/s`);
  console.log(
    `app path (${uploadUrls.length} presigned parts): ${(SIZE_MB / viaApp).toFixed(0)} MB/s  (throughput ratio app / plain ${(plain / viaApp).toFixed(2)})`,
  );
  console.log(`workerd memory: ${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB at peak (+${(peak - before).toFixed(0)} MB)`);
} finally {
  sink.close();
  await app.stop();
}
