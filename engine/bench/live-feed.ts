/**
 * Feeding recorded speech live, as a browser sends it, shared by the live benches (bench:stream here, and
 * bench:meeting and bench:extension in bench/): 100 ms frames of 16 kHz PCM16 at real-time pace, the time each
 * frame actually went out, and the engine's own stream on that audio (the baseline the app's live paths are
 * measured against).
 */
import WebSocket from 'ws';
import type { StreamServerMessage } from '../../contracts/engine';

export const FRAME_MS = 100;
const FRAME_BYTES = 3200;

/** The recording cut into 100 ms frames. */
export const framesOf = (pcm: Buffer) =>
  Array.from({ length: Math.ceil(pcm.length / FRAME_BYTES) }, (_, i) => pcm.subarray(i * FRAME_BYTES, (i + 1) * FRAME_BYTES));

/**
 * Feeds the frames at real-time pace, frame i due at `t0` + i × 100 ms, and returns when each frame was
 * actually sent (seconds from t0): under load the feed itself may fall behind, and lag counts from the send.
 */
export async function feed(frames: readonly Buffer[], send: (pcm: Buffer) => void, t0: number): Promise<number[]> {
  const sentAt: number[] = [];
  for (const [i, pcm] of frames.entries()) {
    await new Promise((r) => setTimeout(r, Math.max(0, t0 + i * FRAME_MS - performance.now())));
    send(pcm);
    sentAt.push((performance.now() - t0) / 1000);
  }
  return sentAt;
}

/** Seconds from sending the frame that holds `endSeconds` of audio to `arrivedAt` (both from t0). */
export const lag = (sentAt: readonly number[], arrivedAt: number, endSeconds: number) =>
  arrivedAt - sentAt[Math.min(sentAt.length - 1, Math.max(0, Math.ceil((endSeconds * 1000) / FRAME_MS) - 1))]!;

export function open(url: string, headers: Record<string, string> = {}) {
  const ws = new WebSocket(url, { headers });
  return new Promise<WebSocket>((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

/**
 * The engine's own stream (no Worker, no room) fed the frames live: every message with its arrival (seconds
 * from the first frame), and when each frame was sent. Without `language` the engine's default model hears it.
 */
export async function engineStream(engineUrl: string, secret: string, frames: readonly Buffer[], language?: string) {
  const query = language ? `?language=${language}` : '';
  const ws = await open(`${engineUrl.replace('http', 'ws')}/v1/asr/stream${query}`, { authorization: `Bearer ${secret}` });
  const messages: { at: number; message: StreamServerMessage }[] = [];
  const t0 = performance.now();
  const closed = new Promise<void>((resolve) =>
    ws.on('message', (d) => {
      const message = JSON.parse(String(d)) as StreamServerMessage;
      messages.push({ at: (performance.now() - t0) / 1000, message });
      if (message.type === 'closed') resolve();
    }),
  );
  const sentAt = await feed(frames, (pcm) => ws.send(pcm), t0);
  ws.send(JSON.stringify({ type: 'end' }));
  await closed;
  ws.close();
  return { messages, sentAt };
}
