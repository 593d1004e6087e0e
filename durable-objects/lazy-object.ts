import { DurableObject } from 'cloudflare:workers';

/**
 * A Durable Object class whose code loads on the object's first event rather than with the Worker: the
 * meeting room and pay orders reach nearly all of the Worker's code (services, the database schema, the
 * contracts' request schemas), and a class the main module exports is evaluated at startup, which Cloudflare
 * limits (bench:startup). The class this makes is what the runtime instantiates; it builds the real object
 * while no other event may reach it (the real constructor's own setup waits its turn behind this) and hands
 * each call, socket event and alarm to it. `methods` lists what the runtime and the Worker call: RPC methods
 * must be on the prototype, so each gets its own forwarder.
 */
export type LazyObject<T> = T & {
  /** The real object, for tests that reach into it (runInDurableObject gives the stand-in). */
  readonly loaded: Promise<T>;
};

export function lazyDurableObject<T extends DurableObject<Env>>(
  load: () => Promise<new (ctx: DurableObjectState, env: Env) => T>,
  methods: readonly (keyof T & string)[],
): new (
  ctx: DurableObjectState,
  env: Env,
) => LazyObject<T> {
  class Lazy extends DurableObject<Env> {
    readonly loaded: Promise<T>;
    constructor(ctx: DurableObjectState, env: Env) {
      super(ctx, env);
      // Loaded from inside the callback: what is started outside it would wait for the callback to end (where
      // loading a module is I/O, as under the tests' module runner), and the callback for it.
      this.loaded = ctx.blockConcurrencyWhile(async () => new (await load())(ctx, env));
    }
  }
  for (const name of methods) {
    Object.defineProperty(Lazy.prototype, name, {
      async value(this: Lazy, ...args: unknown[]) {
        const real = (await this.loaded) as unknown as Record<string, (...a: unknown[]) => unknown>;
        return real[name]!(...args);
      },
    });
  }
  return Lazy as unknown as new (
    ctx: DurableObjectState,
    env: Env,
  ) => LazyObject<T>;
}
