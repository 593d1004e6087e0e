/**
 * Reading server-sent events (text/event-stream) as their text arrives, in whatever pieces the network cuts it
 * into. Shared by everything that reads a stream: the Worker reading a model's streamed reply (Workers AI, or an
 * OpenAI-compatible `stream: true` answer through the engine), the engine reading its upstream, and the web app
 * reading the Worker's `/ai/ask/stream`.
 */

export interface ServerEvent {
  /** The `event:` field; 'message' when the event names none. */
  event: string;
  /** The `data:` lines joined with newlines. */
  data: string;
}

/** Fed the stream's text piece by piece, gives back the events each piece completes. */
export function serverEventReader() {
  let buffer = '';
  return (piece: string): ServerEvent[] => {
    buffer += piece;
    const blocks = buffer.split(/\r?\n\r?\n/);
    buffer = blocks.pop() ?? '';
    const events: ServerEvent[] = [];
    for (const block of blocks) {
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split(/\r?\n/)) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
      }
      if (data.length) events.push({ event, data: data.join('\n') });
    }
    return events;
  };
}

/** The events of a byte stream, as they complete (read with a reader: not every runtime's stream is iterable). */
export async function* serverEvents(body: ReadableStream<Uint8Array>): AsyncIterable<ServerEvent> {
  const decoder = new TextDecoder();
  const read = serverEventReader();
  const reader = body.getReader();
  try {
    for (let next = await reader.read(); !next.done; next = await reader.read()) yield* read(decoder.decode(next.value, { stream: true }));
  } finally {
    // A reader that stops early ([DONE], or its consumer gone) lets the connection go.
    await reader.cancel().catch(() => {});
  }
  yield* read(`${decoder.decode()}\n\n`);
}

type ChatStreamEvent = { response?: string; choices?: { delta?: { content?: string | null } }[] };

/**
 * The text pieces of a streamed chat reply, until `[DONE]` or its end: Workers AI's `{"response": "…"}` events
 * or OpenAI's `{"choices": [{"delta": {"content": "…"}}]}` chunks.
 */
export async function* chatStreamTexts(body: ReadableStream<Uint8Array>): AsyncIterable<string> {
  for await (const { data } of serverEvents(body)) {
    if (data === '[DONE]') return;
    const parsed = JSON.parse(data) as ChatStreamEvent;
    const text = parsed.response ?? parsed.choices?.[0]?.delta?.content ?? '';
    if (text) yield text;
  }
}
