import type { Context } from 'hono';
import type { AppEnv } from './types';

/**
 * The `file` field of a multipart form, or null when the body is not a well-formed form holding a file
 * (a broken boundary, no boundary, another content type): the caller answers that as its own bad request.
 */
export async function formFile(c: Context<AppEnv>): Promise<File | null> {
  const file = (await c.req.formData().catch(() => null))?.get('file');
  return file instanceof File ? file : null;
}
