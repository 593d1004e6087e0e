import { randomToken } from '../../lib/encoding';

/**
 * A multipart/form-data body written as it is read, so a video of gigabytes goes from R2 to the engine
 * without being held in the Worker's memory (Workers' FormData would buffer it).
 */
export interface Part {
  name: string;
  filename?: string;
  type: string;
  body: string | ReadableStream<Uint8Array>;
}

export function multipartBody(parts: Part[]): { body: ReadableStream<Uint8Array>; contentType: string } {
  const boundary = `tingyi-${randomToken(12)}`;
  const encoder = new TextEncoder();
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const write = async () => {
    const writer = writable.getWriter();
    try {
      for (const part of parts) {
        const file = part.filename ? `; filename="${part.filename.replace(/["\r\n]/g, '_')}"` : '';
        await writer.write(encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${file}\r\nContent-Type: ${part.type}\r\n\r\n`));
        if (typeof part.body === 'string') await writer.write(encoder.encode(part.body));
        else {
          const reader = part.body.getReader();
          for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) await writer.write(chunk.value);
        }
        await writer.write(encoder.encode('\r\n'));
      }
      await writer.write(encoder.encode(`--${boundary}--\r\n`));
      await writer.close();
    } catch (err) {
      await writer.abort(err).catch(() => undefined);
    }
  };
  void write();
  return { body: readable, contentType: `multipart/form-data; boundary=${boundary}` };
}
