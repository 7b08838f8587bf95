/** A fake `window.fleetDesk` for component tests: handlers per channel, events pushed by hand. */
import type { AppError, EventChannel, Bridge, FleetEvents, InvokeArgs, InvokeChannel, InvokeResult, Result } from '../../../../../src-main/contract';

type Handler<C extends InvokeChannel> = (...args: InvokeArgs<C>) => Promise<InvokeResult<C>> | InvokeResult<C>;

export class FakeFailure extends Error {
  constructor(readonly error: AppError) {
    super(error.message);
  }
}

export function createFakeBridge(handlers: { [C in InvokeChannel]?: Handler<C> }) {
  const listeners = new Map<EventChannel, Set<(payload: unknown) => void>>();
  const calls: { channel: InvokeChannel; args: unknown[] }[] = [];
  const bridge: Bridge = {
    async invoke<C extends InvokeChannel>(channel: C, ...args: InvokeArgs<C>): Promise<Result<InvokeResult<C>>> {
      calls.push({ channel, args });
      const handler = handlers[channel] as Handler<C> | undefined;
      if (!handler) return { ok: false, error: { kind: 'internal', message: `no fake for ${channel}` } };
      try {
        return { ok: true, value: await handler(...args) };
      } catch (err) {
        if (err instanceof FakeFailure) return { ok: false, error: err.error };
        throw err;
      }
    },
    on<E extends EventChannel>(name: E, listener: (payload: FleetEvents[E]) => void) {
      const set = listeners.get(name) ?? new Set();
      set.add(listener as (payload: unknown) => void);
      listeners.set(name, set);
      return () => set.delete(listener as (payload: unknown) => void);
    },
  };
  function emit<E extends EventChannel>(name: E, payload: FleetEvents[E]) {
    for (const l of listeners.get(name) ?? []) l(payload);
  }
  return { bridge, emit, calls };
}
