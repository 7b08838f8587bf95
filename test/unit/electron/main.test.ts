import { beforeEach, describe, expect, it, vi } from 'vitest';
import { INVOKE_CHANNELS } from '../../../src-main/contract';
import type { FleetDeskOptions } from '../../../src-main/core/ports';

/** Everything main.ts does to Electron, in order. */
const order: string[] = [];
type Fn = (...args: unknown[]) => unknown;

const h = vi.hoisted(() => {
  const state = {
    lock: true,
    appListeners: new Map<string, Fn[]>(),
    windows: [] as FakeWin[],
    headersHandler: null as null | Fn,
    permissionHandler: null as null | Fn,
    coreOptions: null as null | FleetDeskOptions,
  };
  interface FakeWin {
    options: Record<string, unknown>;
    loadURL: ReturnType<typeof vi.fn>;
    focus: ReturnType<typeof vi.fn>;
    restore: ReturnType<typeof vi.fn>;
    webContents: Record<string, unknown>;
  }
  return { state };
});

vi.mock('electron', () => {
  const { state } = h;
  const on = (name: string, fn: Fn) => state.appListeners.set(name, [...(state.appListeners.get(name) ?? []), fn]);
  class BrowserWindow {
    options: Record<string, unknown>;
    loadURL = vi.fn(async () => {});
    focus = vi.fn();
    restore = vi.fn();
    maximize = vi.fn();
    isMinimized = () => true;
    isDestroyed = () => false;
    once = vi.fn();
    on = vi.fn();
    contentView = { addChildView: vi.fn(), removeChildView: vi.fn() };
    webContents = { on: vi.fn(), setWindowOpenHandler: vi.fn(), send: vi.fn(), isDestroyed: () => false, getZoomFactor: () => 1 };
    constructor(options: Record<string, unknown>) {
      order.push('BrowserWindow');
      this.options = options;
      state.windows.push(this as never);
    }
  }
  return {
    app: {
      isPackaged: true,
      requestSingleInstanceLock: () => state.lock,
      quit: vi.fn(() => order.push('quit')),
      exit: vi.fn(),
      on,
      whenReady: vi.fn(() => Promise.resolve()),
      getPath: (name: string) => `/tmp/fleet-desk-test-${name}`,
      getVersion: () => '9.9.9',
    },
    BrowserWindow,
    Menu: { buildFromTemplate: vi.fn((t: unknown) => t), setApplicationMenu: vi.fn(() => order.push('menu')) },
    dialog: { showErrorBox: vi.fn(), showSaveDialog: vi.fn() },
    ipcMain: { handle: vi.fn((name: string) => order.push(`handle ${name}`)), removeHandler: vi.fn() },
    screen: { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] },
    shell: { openExternal: vi.fn(async () => {}) },
    session: {
      defaultSession: {
        setPermissionRequestHandler: vi.fn((fn: Fn) => {
          order.push('permissions');
          state.permissionHandler = fn;
        }),
        setPermissionCheckHandler: vi.fn(),
        setDevicePermissionHandler: vi.fn(),
        webRequest: {
          onHeadersReceived: vi.fn((fn: Fn) => {
            order.push('csp');
            state.headersHandler = fn;
          }),
        },
      },
      fromPartition: vi.fn(),
    },
    WebContentsView: vi.fn(),
  };
});

vi.mock('../../../src-main/core/fleet-desk', () => ({
  createFleetDesk: vi.fn(async (options: FleetDeskOptions) => {
    order.push('core');
    h.state.coreOptions = options;
    const handlers: Record<string, unknown> = Object.fromEntries(INVOKE_CHANNELS.map((c) => [c, vi.fn(async () => null)]));
    handlers['settings:get'] = vi.fn(async () => ({ tileUrl: 'https://tiles.example/{z}/{x}/{y}.png' }));
    handlers['profiles:list'] = vi.fn(async () => ({ activeId: 'demo', profiles: [{ baseUrl: 'https://fleet.example/v1', aempUrl: '' }] }));
    return { handlers, subscribe: () => () => {}, start: vi.fn(async () => order.push('start')), stop: vi.fn(async () => {}) };
  }),
}));

async function loadMain(): Promise<void> {
  await import('../../../src-main/electron/main');
  // Let whenReady().then(start) run to the end.
  for (let i = 0; i < 20; i += 1) await new Promise((r) => setTimeout(r, 0));
}

beforeEach(() => {
  vi.resetModules();
  order.length = 0;
  h.state.lock = true;
  h.state.appListeners.clear();
  h.state.windows.length = 0;
  h.state.coreOptions = null;
});

describe('Electron main', () => {
  it('quits at once when another instance holds the lock', async () => {
    h.state.lock = false;
    await loadMain();
    expect(order).toEqual(['quit']);
    expect(h.state.windows).toHaveLength(0);
  });

  it('denies permissions and sets the CSP before any window, then wires core, IPC, menu and window', async () => {
    await loadMain();
    expect(order).toEqual(['permissions', 'csp', 'core', 'handle fleet:invoke', 'menu', 'BrowserWindow', 'start']);
    const cb = vi.fn();
    h.state.permissionHandler!({}, 'geolocation', cb);
    expect(cb).toHaveBeenCalledWith(false);
  });

  it('creates a sandboxed window with the built preload and loads the packaged page', async () => {
    await loadMain();
    const win = h.state.windows[0];
    const prefs = win.options.webPreferences as Record<string, unknown>;
    expect(prefs).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true });
    expect(String(prefs.preload)).toMatch(/[/\\]preload[/\\]index\.cjs$/);
    expect(win.options.show).toBe(false);
    expect(String(win.loadURL.mock.calls[0][0])).toMatch(/^file:\/\/.*\/renderer\/index\.html$/);
  });

  it('gives the core electron hooks that only open http(s) URLs', async () => {
    const electron = await import('electron');
    await loadMain();
    const platform = h.state.coreOptions!.platform;
    expect(platform.shell).toBe('electron');
    expect(platform.version).toBe('9.9.9');
    expect(platform.saveFile).toBeTypeOf('function');
    expect(platform.showEmbed).toBeTypeOf('function');
    await expect(platform.openExternal('file:///etc/passwd')).rejects.toMatchObject({ kind: 'invalid-argument' });
    await expect(platform.openExternal('javascript:alert(1)')).rejects.toMatchObject({ kind: 'invalid-argument' });
    await platform.openExternal('https://example.com/');
    expect(vi.mocked(electron.shell.openExternal).mock.calls).toEqual([['https://example.com/']]);
  });

  it('adds the CSP to the app page only', async () => {
    await loadMain();
    const win = h.state.windows[0];
    const appUrl = String(win.loadURL.mock.calls[0][0]);
    const run = (details: Record<string, unknown>) =>
      new Promise<Record<string, string[]>>((resolve) => h.state.headersHandler!(details, (r: { responseHeaders: Record<string, string[]> }) => resolve(r.responseHeaders)));
    const page = await run({ resourceType: 'mainFrame', url: appUrl, responseHeaders: {} });
    expect(page['Content-Security-Policy'][0]).toContain("script-src 'self'");
    expect(page['Content-Security-Policy'][0]).toContain('https://tiles.example');
    const other = await run({ resourceType: 'mainFrame', url: 'https://elsewhere.example/', responseHeaders: { a: ['b'] } });
    expect(other).toEqual({ a: ['b'] });
  });

  it('focuses the existing window when a second instance starts', async () => {
    await loadMain();
    for (const fn of h.state.appListeners.get('second-instance') ?? []) fn();
    expect(h.state.windows[0].restore).toHaveBeenCalled();
    expect(h.state.windows[0].focus).toHaveBeenCalled();
  });
});
