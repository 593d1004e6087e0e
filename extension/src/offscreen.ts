import { captureStream } from '../../web/lib/audio-capture';
import type { Capture } from '../../web/lib/audio-capture';
import type { LiveView, OffscreenReport, OffscreenRequest } from './protocol';
import { LiveSession } from './live-session';

/**
 * The offscreen document: holds the captured tab's audio (a service worker cannot), plays it back so the tab
 * keeps sounding, and streams it as 16 kHz PCM16 frames to the live session, the meeting console's way.
 */

/** The panels and the overlay show this many recent lines; the record keeps them all. */
const LINES_SHOWN = 50;

let running: { session: LiveSession; capture: Capture; playback: AudioContext } | null = null;

chrome.runtime.onMessage.addListener((message: OffscreenRequest) => {
  if (message.target !== 'offscreen') return false;
  if (message.type === 'capture') void begin(message).catch((error: unknown) => report({ type: 'captureFailed', message: String(error) }));
  if (message.type === 'end') running?.session.end();
  return false;
});

function report(message: OffscreenReport) {
  void chrome.runtime.sendMessage(message).catch(() => undefined);
}

async function begin(request: Extract<OffscreenRequest, { type: 'capture' }>) {
  const stream = await navigator.mediaDevices.getUserMedia({
    audio: { mandatory: { chromeMediaSource: 'tab', chromeMediaSourceId: request.streamId } } as MediaTrackConstraints,
  });
  // Capturing a tab mutes it: play it back, at the tab's own quality, on a context of the device's rate.
  const playback = new AudioContext();
  playback.createMediaStreamSource(stream).connect(playback.destination);
  const session = new LiveSession({ origin: request.origin, token: request.token }, request.meetingId, request.language, ({ live, phase }) => {
    const view: LiveView = {
      tabId: request.tabId,
      meetingId: request.meetingId,
      title: request.title,
      status: live.status,
      lines: live.lines.slice(-LINES_SHOWN),
      partial: live.partial?.text || null,
      language: request.language,
      problem: live.problem,
      phase,
    };
    report({ type: 'live', view });
    if (phase === 'ended') stopCapture();
  });
  const capture = await captureStream(stream, { onFrame: (frame) => session.sendAudio(frame), onLevel: () => undefined });
  running = { session, capture, playback };
}

function stopCapture() {
  if (!running) return;
  running.capture.stop();
  void running.playback.close();
  running = null;
}
