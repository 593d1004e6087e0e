/**
 * The engine's port, apart from the engine contract's schemas so that the engine's Container class, loaded
 * with the Worker, builds no schema at startup. contracts/engine.ts hands it on.
 */

/** The port the engine listens on unless ENGINE_PORT says otherwise; its container image exposes this one. */
export const ENGINE_PORT = 8790;
