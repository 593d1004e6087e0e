import { MEETING } from '../../contracts/meeting';
import { PCM_PROCESSOR } from './pcm';
import type { EncodedFrame, FrameEncoderOptions } from './pcm';
import workletUrl from './pcm-worklet.ts?worker&url';

/**
 * The meeting host's microphone (spec §1 meetings, §8 "no microphone permission"): opens it, and an
 * AudioWorklet turns it into the socket's audio frames.
 */

export type MicrophoneErrorKind = 'denied' | 'unavailable';

export class MicrophoneError extends Error {
  constructor(
    readonly kind: MicrophoneErrorKind,
    options?: ErrorOptions,
  ) {
    super(`microphone ${kind}`, options);
    this.name = 'MicrophoneError';
  }
}

export interface Capture {
  stop(): void;
  /** The rate the microphone is captured at (16000 where the browser resamples, else the device's). */
  readonly sampleRate: number;
}

const FRAME_SAMPLES = (MEETING.sampleRate * MEETING.frameMs) / 1000;

// Recognition wants the voice as it is: echo cancellation and noise suppression smear words, while automatic
// gain keeps a quiet or distant speaker audible.
const CONSTRAINTS: MediaTrackConstraints = {
  channelCount: 1,
  echoCancellation: false,
  noiseSuppression: false,
  autoGainControl: true,
};

/**
 * Opens the microphone, resamples to 16 kHz mono, emits 100 ms PCM16 LE frames (1600 samples, an ArrayBuffer
 * of 3200 bytes) and a level 0..1 (the frame's RMS, ~10×/s). Throws MicrophoneError('denied') on
 * NotAllowedError/SecurityError, ('unavailable') when there is no usable device.
 */
export async function startCapture(opts: FrameSink): Promise<Capture> {
  return captureStream(await openMicrophone(), opts);
}

export interface FrameSink {
  onFrame(frame: ArrayBuffer): void;
  onLevel(level: number): void;
}

/** The same frames from any audio stream (the browser plugin's captured tab); its tracks stop with the capture. */
export async function captureStream(stream: MediaStream, opts: FrameSink): Promise<Capture> {
  let context: AudioContext | null = null;
  try {
    const graph = connectSource(stream);
    context = graph.context;
    // Insecure pages and very old browsers have no AudioWorklet: as good as no microphone.
    if (!context.audioWorklet) throw new MicrophoneError('unavailable');
    await context.audioWorklet.addModule(workletUrl);
    const processorOptions: FrameEncoderOptions = {
      inputRate: context.sampleRate,
      outputRate: MEETING.sampleRate,
      frameSamples: FRAME_SAMPLES,
    };
    const node = new AudioWorkletNode(context, PCM_PROCESSOR, {
      channelCount: 1,
      channelCountMode: 'explicit',
      channelInterpretation: 'speakers',
      processorOptions,
    });
    node.port.onmessage = (event: MessageEvent<EncodedFrame>) => {
      opts.onFrame(event.data.pcm);
      opts.onLevel(event.data.level);
    };
    graph.source.connect(node);
    // The node outputs silence; being connected to the destination is what keeps every browser pulling it.
    node.connect(context.destination);
    // Not awaited: without a user gesture Chrome keeps the promise pending, and the page learns of it anyway
    // from the level staying at zero.
    void context.resume();

    const running = context;
    let stopped = false;
    return {
      sampleRate: running.sampleRate,
      stop() {
        if (stopped) return;
        stopped = true;
        node.port.onmessage = null;
        node.disconnect();
        graph.source.disconnect();
        stopTracks(stream);
        void running.close();
      },
    };
  } catch (error) {
    stopTracks(stream);
    void context?.close();
    throw error;
  }
}

async function openMicrophone(): Promise<MediaStream> {
  // Absent on insecure origins.
  if (!navigator.mediaDevices?.getUserMedia) throw new MicrophoneError('unavailable');
  try {
    return await navigator.mediaDevices.getUserMedia({ audio: CONSTRAINTS });
  } catch (error) {
    const name = error instanceof DOMException ? error.name : '';
    const kind = name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'unavailable';
    throw new MicrophoneError(kind, { cause: error });
  }
}

/**
 * Chromium resamples the microphone itself into a 16 kHz context, better than a worklet can. Firefox refuses
 * to connect a stream to a context whose rate differs from the device's; then the context runs at the
 * device's rate and the worklet resamples.
 */
function connectSource(stream: MediaStream): { context: AudioContext; source: MediaStreamAudioSourceNode } {
  let context: AudioContext | null = null;
  try {
    context = new AudioContext({ sampleRate: MEETING.sampleRate });
    return { context, source: context.createMediaStreamSource(stream) };
  } catch {
    void context?.close();
  }
  const fallback = new AudioContext();
  try {
    return { context: fallback, source: fallback.createMediaStreamSource(stream) };
  } catch (error) {
    void fallback.close();
    throw error;
  }
}

function stopTracks(stream: MediaStream): void {
  for (const track of stream.getTracks()) track.stop();
}
