import type { ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '../../contracts/constants';

/** A page's code chunk could not be fetched (deploy replaced it, network dropped, or it hung for 120 s). */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'ChunkLoadError';
  }
}

export type PageModule<P = object> = { default: ComponentType<P> };

/**
 * A route `lazy` function for a page module. The import is raced against CHUNK_LOAD_TIMEOUT_MS because a
 * stalled chunk request would otherwise leave the navigation pending forever; either failure becomes a
 * ChunkLoadError, which the route error view offers to reload.
 */
export function lazyPage<P = object>(load: () => Promise<PageModule<P>>, timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS) {
  return async (): Promise<{ Component: ComponentType<P> }> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`chunk load timed out after ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      const module = await Promise.race([load(), timeout]);
      return { Component: module.default };
    } catch (error) {
      throw new ChunkLoadError(error);
    } finally {
      clearTimeout(timer);
    }
  };
}
