/**
 * An R2 object as an HTTP answer: whole (200), or the byte range the request asked for (206 with its
 * Content-Range), so a browser's player or ffmpeg can seek in it. `object` must have been read with the
 * request's headers as its range (`bucket.get(key, { range: request.headers })`). `extra` overrides the
 * object's stored headers.
 */
export function objectResponse(object: R2ObjectBody, request: Request, extra: Record<string, string> = {}): Response {
  const headers = new Headers({ etag: object.httpEtag });
  headers.set('accept-ranges', 'bytes');
  headers.set('last-modified', object.uploaded.toUTCString());
  object.writeHttpMetadata(headers);
  for (const [name, value] of Object.entries(extra)) headers.set(name, value);
  const range = object.range as { offset?: number; length?: number } | undefined;
  const partial = request.headers.get('range') !== null && range !== undefined;
  const offset = range?.offset ?? 0;
  const length = range?.length ?? object.size - offset;
  headers.set('content-length', String(length));
  if (partial) headers.set('content-range', `bytes ${offset}-${offset + length - 1}/${object.size}`);
  return new Response(request.method === 'HEAD' ? null : object.body, { status: partial ? 206 : 200, headers });
}
