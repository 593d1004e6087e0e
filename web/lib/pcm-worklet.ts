/**
 * The AudioWorklet side of audio-capture.ts: turns the microphone's render quanta into socket-ready frames off
 * the main thread, so a busy page never drops audio, and posts one message per 100 ms frame.
 * Loaded with `?worker&url`: Vite bundles it (and pcm.ts) into one file for `audioWorklet.addModule`.
 */
import { FrameEncoder, PCM_PROCESSOR } from './pcm';
import type { FrameEncoderOptions } from './pcm';

// The AudioWorkletGlobalScope is in no TypeScript lib; these are the parts used here.
declare class AudioWorkletProcessor {
  readonly port: MessagePort;
  constructor(options?: AudioWorkletNodeOptions);
}
declare function registerProcessor(name: string, processor: new (options: AudioWorkletNodeOptions) => AudioWorkletProcessor): void;

class PcmCaptureProcessor extends AudioWorkletProcessor {
  private readonly encoder: FrameEncoder;

  constructor(options: AudioWorkletNodeOptions) {
    super(options);
    this.encoder = new FrameEncoder(options.processorOptions as FrameEncoderOptions);
  }

  process(inputs: Float32Array[][]): boolean {
    // The node downmixes to one channel (channelCount 1, explicit); no input means the track ended or muted.
    const channel = inputs[0]?.[0];
    if (channel) {
      for (const { pcm, level } of this.encoder.push(channel)) this.port.postMessage({ pcm, level }, [pcm]);
    }
    return true;
  }
}

registerProcessor(PCM_PROCESSOR, PcmCaptureProcessor);
