/**
 * The part of `node:zlib` the Worker uses (nodejs_compat serves it natively in workerd), declared here so the
 * Worker's types stay free of the rest of Node's.
 */
declare module 'node:zlib' {
  export function crc32(data: Uint8Array | string, value?: number): number;
  export function deflateRawSync(data: Uint8Array): Uint8Array;
}
