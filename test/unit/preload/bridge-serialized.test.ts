/** The preload with the core in its worker: answers and events arrive as JSON (bytes or text) and reach the page as objects. */
import { describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => ({ contextBridge: { exposeInMainWorld: vi.fn() }, ipcRenderer: {} }));

const { createPreloadBridge } = await import('../../../src-main/preload/bridge');

const bytesOf = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

function fakeIpc(answer: unknown) {
  const handlers: ((event: unknown, ...args: unknown[]) => void)[] = [];
  return {
    handlers,
    invoke: vi.fn(async () => answer),
    on: vi.fn((_channel: string, fn: (event: unknown, ...args: unknown[]) => void) => void handlers.push(fn)),
    removeListener: vi.fn(),
  };
}

describe('preload with the core in its worker', () => {
  it('parses an answer sent as JSON bytes or JSON text', async () => {
    const value = { ok: true, value: { assets: [{ assetId: 'thing:1' }] } };
    expect(await createPreloadBridge(fakeIpc(bytesOf(value)) as never).invoke('assets:get')).toEqual(value);
    expect(await createPreloadBridge(fakeIpc(JSON.stringify(value)) as never).invoke('assets:get')).toEqual(value);
    const error = { ok: false, error: { kind: 'rate-limited', message: 'Wait 5 s.', status: 429, retryAfterMs: 5000 } };
    expect(await createPreloadBridge(fakeIpc(bytesOf(error)) as never).invoke('assets:get')).toEqual(error);
  });

  it('parses an answer sent as JSON bytes in parts, joined in order (a character may be cut between two parts)', async () => {
    const value = { ok: true, value: { rows: [{ name: 'Zürich depot' }] } };
    const whole = bytesOf(value);
    const cut = whole.indexOf(0xc3) + 1; // inside the two bytes of "ü"
    const parts = [whole.subarray(0, 5), whole.subarray(5, cut), whole.subarray(cut)];
    expect(await createPreloadBridge(fakeIpc(parts) as never).invoke('assets:get')).toEqual(value);
    // Parts that are not JSON together: an error Result, not a throw.
    expect(await createPreloadBridge(fakeIpc([whole.subarray(0, cut)]) as never).invoke('assets:get')).toMatchObject({ ok: false, error: { kind: 'internal' } });
  });

  it('answers a reply that is not JSON with an error Result, not a throw', async () => {
    expect(await createPreloadBridge(fakeIpc(new Uint8Array([0x7b])) as never).invoke('app:info')).toMatchObject({ ok: false, error: { kind: 'internal' } });
  });

  it('hands the page the payload of a serialized event, and objects sent by the main process as they are', () => {
    const ipc = fakeIpc(null);
    const listener = vi.fn();
    createPreloadBridge(ipc as never).on('assets', listener);
    ipc.handlers[0]({}, 'assets', bytesOf({ name: 'assets', payload: { fetchedAt: 't1', assets: [] } }));
    ipc.handlers[0]({}, 'assets', JSON.stringify({ name: 'assets', payload: { fetchedAt: 't2', assets: [] } }));
    ipc.handlers[0]({}, 'assets', { fetchedAt: 't3', assets: [] });
    ipc.handlers[0]({}, 'status', bytesOf({ name: 'status', payload: { state: 'ok' } }));
    ipc.handlers[0]({}, 'assets', new Uint8Array([0x7b]));
    expect(listener.mock.calls).toEqual([[{ fetchedAt: 't1', assets: [] }], [{ fetchedAt: 't2', assets: [] }], [{ fetchedAt: 't3', assets: [] }]]);
  });
});
