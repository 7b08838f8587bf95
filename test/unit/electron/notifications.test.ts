import { beforeEach, describe, expect, it, vi } from 'vitest';

type Handler = () => void;
const h = vi.hoisted(() => ({ supported: true, shown: [] as { options: { title: string; body: string }; handlers: Map<string, Handler> }[] }));

vi.mock('electron', () => {
  class Notification {
    static isSupported = () => h.supported;
    readonly handlers = new Map<string, Handler>();
    constructor(readonly options: { title: string; body: string }) {}
    on(name: string, fn: Handler) {
      this.handlers.set(name, fn);
      return this;
    }
    show() {
      h.shown.push(this);
    }
  }
  return { Notification };
});

const { createDesktopNotifier } = await import('../../../src-main/electron/notifications');
const { EVENT_IPC } = await import('../../../src-main/core/ipc/channels');

function fakeWindow(minimized: boolean) {
  return {
    isDestroyed: () => false,
    isMinimized: () => minimized,
    restore: vi.fn(),
    show: vi.fn(),
    focus: vi.fn(),
    webContents: { isDestroyed: () => false, send: vi.fn() },
  };
}

describe('desktop notifications (Electron)', () => {
  beforeEach(() => {
    h.supported = true;
    h.shown.length = 0;
  });

  it('shows the text the core gave, and a click focuses the window and selects the asset', () => {
    const win = fakeWindow(true);
    const notify = createDesktopNotifier(() => win as never);
    notify({ title: 'Low fuel: Truck 001', body: 'Fuel 9 % (below 15 %)', tag: 'fleet-desk-alert-1', assetId: 'thing:1', rule: null });
    expect(h.shown.map((n) => [n.options.title, n.options.body])).toEqual([['Low fuel: Truck 001', 'Fuel 9 % (below 15 %)']]);
    h.shown[0].handlers.get('click')!();
    expect(win.restore).toHaveBeenCalled();
    expect(win.focus).toHaveBeenCalled();
    expect(win.webContents.send).toHaveBeenCalledWith(EVENT_IPC, 'alerts:focus', { assetId: 'thing:1' });
  });

  it('sends a null asset for a grouped notification, and does nothing without a window', () => {
    const win = fakeWindow(false);
    let current: ReturnType<typeof fakeWindow> | null = win;
    const notify = createDesktopNotifier(() => current as never);
    notify({ title: '37 assets stale', body: 'Unit 1, Unit 2, Unit 3 and 34 more', tag: 'fleet-desk-group-stale', assetId: null, rule: 'stale' });
    h.shown[0].handlers.get('click')!();
    expect(win.restore).not.toHaveBeenCalled();
    expect(win.webContents.send).toHaveBeenCalledWith(EVENT_IPC, 'alerts:focus', { assetId: null });
    current = null;
    notify({ title: 'x', body: 'y', tag: 't', assetId: 'thing:2', rule: null });
    expect(() => h.shown[1].handlers.get('click')!()).not.toThrow();
  });

  it('shows nothing where the system has no notifications', () => {
    h.supported = false;
    createDesktopNotifier(() => null)({ title: 'x', body: 'y', tag: 't', assetId: null, rule: null });
    expect(h.shown).toEqual([]);
  });
});
