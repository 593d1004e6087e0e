// sherpa-onnx-node ships JSDoc, not declarations: this covers the part of its API the engine uses.
declare module 'sherpa-onnx-node' {
  export interface SileroVadConfig {
    model: string;
    threshold?: number;
    minSilenceDuration?: number;
    minSpeechDuration?: number;
    windowSize?: number;
    maxSpeechDuration?: number;
  }
  export interface VadConfig {
    sileroVad: SileroVadConfig;
    sampleRate?: number;
    numThreads?: number;
    provider?: string;
    debug?: boolean | number;
  }
  export interface SpeechSegment {
    /** Sample index of the first sample. */
    start: number;
    samples: Float32Array;
  }
  export class Vad {
    constructor(config: VadConfig, bufferSizeInSeconds: number);
    acceptWaveform(samples: Float32Array): void;
    isEmpty(): boolean;
    isDetected(): boolean;
    pop(): void;
    clear(): void;
    front(enableExternalBuffer?: boolean): SpeechSegment;
    reset(): void;
    flush(): void;
  }
  export const version: string;
  const sherpa: { Vad: typeof Vad; version: string };
  export default sherpa;
}
