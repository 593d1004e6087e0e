import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { API_BASE } from '../contracts/constants';
import { Code } from '../contracts/errors';
import type { Envelope } from '../contracts/errors';
import { ApiError, notFound } from './lib/errors';
import { translate } from './lib/i18n';
import type { AppEnv } from './lib/types';
import { requestBodyLimit } from './middleware/body-limit';
import { requestContext } from './middleware/context';
import { requireSafeSecrets, securityHeaders } from './middleware/deployment';
import { redirectRefusedDownload } from './middleware/refused-download';
import { aiRoutes } from './routes/ai';
import { auth } from './routes/auth';
import { dev } from './routes/dev';
import { developerRoutes } from './routes/developer';
import { dubbingRoutes } from './routes/dubbing';
import { expense } from './routes/expense';
import { folderRoutes } from './routes/folders';
import { languages } from './routes/languages';
import { meetingRoutes } from './routes/meetings';
import { openApiRoutes } from './routes/openapi';
import { payNotify } from './routes/pay-notify';
import { pluginMediaRoutes } from './routes/plugin-media';
import { recordRoutes } from './routes/records';
import { summaryRoutes } from './routes/summaries';
import { synthesisRoutes } from './routes/synthesis';
import { system } from './routes/system';
import { transcriptionRoutes } from './routes/transcription';
import { uploadRoutes } from './routes/uploads';
import { vocabularyRoutes } from './routes/vocabulary';
import { webhookRoutes } from './routes/webhooks';
import { voiceRoutes } from './routes/voices';

/**
 * The API root without its routes: security headers, request context, the refusal to run on an unsafe
 * secret, the not-found envelope and the error mapping (a refused ticketed download opened by the browser
 * goes back to the app instead).
 * Exported so tests can mount extra routes on exactly the production error handling.
 */
export function createApi() {
  const api = new Hono<AppEnv>().basePath(API_BASE);
  api.use(securityHeaders);
  api.use(requestContext);
  api.use(redirectRefusedDownload);
  api.use(requireSafeSecrets);
  api.use(requestBodyLimit);

  api.notFound((c) => {
    const e = notFound(new URL(c.req.url).pathname);
    return c.json<Envelope<null>>({ code: e.code, msg: translate(c.var.locale, e.key, e.params), data: null }, 404);
  });

  api.onError((err, c) => {
    const locale = c.var.locale ?? 'en-US';
    if (err instanceof ApiError) {
      return c.json<Envelope<unknown>>({ code: err.code, msg: translate(locale, err.key, err.params), data: err.data }, err.status);
    }
    if (err instanceof HTTPException && err.status < 500) {
      // Framework-raised client errors (malformed JSON bodies and the like) keep their status.
      return c.json<Envelope<null>>({ code: err.status, msg: translate(locale, 'badRequest', { detail: err.message }), data: null }, err.status);
    }
    const requestId = c.var.requestId ?? 'unknown';
    console.error(JSON.stringify({ level: 'error', requestId, path: c.req.path, error: String(err), stack: err.stack }));
    return c.json<Envelope<null>>({ code: Code.INTERNAL, msg: translate(locale, 'internal', { requestId }), data: null }, 500);
  });

  return api;
}

/**
 * The map: one route file per domain, each declaring its full paths from contracts/api-paths.ts, so every
 * file mounts at the API root. Order matters only where an area's check covers a later file's path: the
 * dubbing area's sign-in comes before the language lists, whose dubbing list lies below it.
 */
const routed = createApi()
  .route('/', auth)
  .route('/', system)
  .route('/', expense) // with pay (routes/pay.ts) behind the expense area's sign-in
  .route('/', pluginMediaRoutes)
  .route('/', payNotify)
  .route('/', dev) // with the S3 stand-in and the payment confirm page
  .route('/', folderRoutes)
  .route('/', recordRoutes)
  .route('/', meetingRoutes)
  .route('/', vocabularyRoutes)
  .route('/', uploadRoutes)
  .route('/', transcriptionRoutes)
  .route('/', dubbingRoutes)
  .route('/', synthesisRoutes)
  .route('/', summaryRoutes)
  .route('/', aiRoutes)
  .route('/', webhookRoutes)
  .route('/', voiceRoutes)
  .route('/', languages)
  .route('/', developerRoutes);
/** The OpenAPI document reads the routes above, the key routes among them, when first asked for. */
export const app = routed.route('/', openApiRoutes(routed.routes));
