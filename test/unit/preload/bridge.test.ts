import { describe, expect, it, vi } from 'vitest';

const exposeInMainWorld = vi.fn();
const ipcRenderer = { invoke: vi.fn(), on: vi.fn(), removeListener: vi.fn(), send: vi.fn(), sendSync: vi.fn() };
vi.mock('electron', () => ({ contextBridge: { exposeInMainWorld }, ipcRenderer }));

const { createPreloadBridge } = await import('../../../src-main/preload/bridge');

function fakeIpc() {
  const handlers: ((event: unknown, ...args: unknown[]) => void)[] = [];
  return {
    handlers,
    invoke: vi.fn(async () => ({ ok: true, value: 'pong' })),
    on: vi.fn((_channel: string, fn: (event: unknown, ...args: unknown[]) => void) => {
      handlers.push(fn);
    }),
    removeListener: vi.fn((_channel: string, fn: (event: unknown, ...args: unknown[]) => void) => {
      handlers.splice(handlers.indexOf(fn), 1);
    }),
  };
}

describe('preload', () => {
  it('exposes window.fleetDesk with only invoke and on', async () => {
    await import('../../../src-main/preload/index');
    expect(exposeInMainWorld).toHaveBeenCalledTimes(1);
    const [name, api] = exposeInMainWorld.mock.calls[0] as [string, Record<string, unknown>];
    expect(name).toBe('fleetDesk');
    expect(Object.keys(api).sort()).toEqual(['invoke', 'on']);
    expect(Object.values(api).every((v) => typeof v === 'function')).toBe(true);
  });

  it('invokes known channels over fleet:invoke with the argument list', async () => {
    const ipc = fakeIpc();
    const bridge = createPreloadBridge(ipc as never);
    expect(await bridge.invoke('trail:get', 'thing:1', 5)).toEqual({ ok: true, value: 'pong' });
    expect(ipc.invoke).toHaveBeenCalledWith('fleet:invoke', 'trail:get', ['thing:1', 5]);
  });

  it('refuses unknown channels without touching IPC', async () => {
    const ipc = fakeIpc();
    const bridge = createPreloadBridge(ipc as never);
    const result = await (bridge.invoke as (channel: string) => Promise<unknown>)('shell:exec');
    expect(result).toMatchObject({ ok: false, error: { kind: 'invalid-argument' } });
    expect(ipc.invoke).not.toHaveBeenCalled();
  });

  it('turns an IPC failure into an error Result', async () => {
    const ipc = fakeIpc();
    ipc.invoke.mockRejectedValueOnce(new Error('No handler registered'));
    expect(await createPreloadBridge(ipc as never).invoke('app:info')).toMatchObject({ ok: false, error: { kind: 'internal' } });
  });

  it('filters events by name, hides the IPC event and unsubscribes', () => {
    const ipc = fakeIpc();
    const bridge = createPreloadBridge(ipc as never);
    const listener = vi.fn();
    const off = bridge.on('status', listener);
    expect(ipc.on).toHaveBeenCalledWith('fleet:event', expect.any(Function));
    const ipcEvent = { sender: 'secret ipc internals' };
    ipc.handlers[0](ipcEvent, 'assets', { a: 1 });
    ipc.handlers[0](ipcEvent, 'status', { s: 1 });
    expect(listener.mock.calls).toEqual([[{ s: 1 }]]);
    off();
    expect(ipc.handlers).toHaveLength(0);
  });

  it('ignores unknown event names', () => {
    const ipc = fakeIpc();
    const off = createPreloadBridge(ipc as never).on('evil' as never, vi.fn());
    expect(ipc.on).not.toHaveBeenCalled();
    expect(off()).toBeUndefined();
  });
});
