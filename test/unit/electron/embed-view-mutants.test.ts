/** The Electron embed view: expiry from the title alone, load errors, showing again, hiding early (mutation survivors of embed-view.ts). */
import { describe, expect, it, vi } from 'vitest';
import type { EventSink } from '../../../src-main/contract';
import { embedPolicy } from '../../../src-main/core/embed/embed-policy';

vi.mock('electron', () => ({ WebContentsView: vi.fn(), session: { fromPartition: vi.fn() } }));

type Listener = (...args: unknown[]) => unknown;
const MAP = 'http://127.0.0.1:7000/embed/map';
const BOUNDS = { x: 0, y: 0, width: 400, height: 300 };

/** A fresh copy of the module, so its top-level constants are read as the test runs. */
async function setup() {
  vi.resetModules();
  const mod = await import('../../../src-main/electron/embed-view');
  const listeners = new Map<string, Listener[]>();
  const contents = {
    fire: (name: string, ...args: unknown[]) => (listeners.get(name) ?? []).forEach((fn) => fn(...args)),
    on: (name: string, fn: Listener) => listeners.set(name, [...(listeners.get(name) ?? []), fn]),
    setWindowOpenHandler: vi.fn(),
    loadURL: vi.fn(async (_url: string) => {}),
    isDestroyed: () => false,
    close: vi.fn(),
    id: 42,
  };
  const view = { webContents: contents, setBounds: vi.fn(), setVisible: vi.fn() };
  const ses = { setPermissionRequestHandler: vi.fn(), setPermissionCheckHandler: vi.fn(), setDevicePermissionHandler: vi.fn(), on: vi.fn(), webRequest: { onCompleted: vi.fn() } };
  const partitions: string[] = [];
  const timers: number[] = [];
  const emit = vi.fn() as unknown as EventSink & ReturnType<typeof vi.fn>;
  const controller = mod.createEmbedController({
    window: { contentView: { addChildView: vi.fn(), removeChildView: vi.fn() }, webContents: { getZoomFactor: () => 1 } } as never,
    emit,
    openExternal: vi.fn(),
    embedPolicy: async () => embedPolicy({ baseUrl: 'http://127.0.0.1:7000/v1' }),
    createView: (() => view) as never,
    getSession: ((p: string) => (partitions.push(p), ses)) as never,
    setTimer: (_fn, ms) => (timers.push(ms), { cancel: () => {} }),
  });
  return { mod, controller, view, contents, emit, partitions, timers };
}

describe('embed view', () => {
  it('runs on its named in-memory partition, for one hour per session', async () => {
    const { mod, controller, partitions, timers } = await setup();
    await controller.show(MAP, 's1', BOUNDS);
    expect(partitions).toEqual(['embed-maps']);
    expect(mod.embedViewOptions().webPreferences?.partition).toBe('embed-maps');
    expect(timers).toEqual([60 * 60 * 1000]);
  });

  it('reports expiry from the page title alone', async () => {
    const { controller, contents, emit } = await setup();
    await controller.show(MAP, 's1', BOUNDS);
    contents.fire('page-title-updated', {}, 'Fleet map');
    expect(emit).not.toHaveBeenCalled();
    contents.fire('page-title-updated', {}, 'Map session expired');
    expect(emit.mock.calls).toEqual([['embed:expired', { sessionId: 's1' }]]);
  });

  it('keeps the load failure as the cause of the error it throws', async () => {
    const { controller, contents } = await setup();
    const failure = new Error('ERR_NAME_NOT_RESOLVED');
    contents.loadURL.mockRejectedValueOnce(failure);
    const err = await controller.show(MAP, 's1', BOUNDS).catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'network', message: 'The map could not be loaded (ERR_NAME_NOT_RESOLVED).', cause: failure });
  });

  it('shows the same session again after a hide without reloading it', async () => {
    const { controller, view, contents } = await setup();
    await controller.show(MAP, 's1', BOUNDS);
    await controller.hide();
    await controller.show(MAP, 's1', BOUNDS);
    expect(view.setVisible.mock.calls.map((c) => c[0])).toEqual([false, true, false, true]);
    expect(contents.loadURL).toHaveBeenCalledTimes(1);
  });

  it('hides without error before any map was shown', async () => {
    const { controller } = await setup();
    await expect(controller.hide()).resolves.toBeUndefined();
  });
});
