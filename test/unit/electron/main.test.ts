import { beforeEach, describe, expect, it, vi } from 'vitest';
import { INVOKE_CHANNELS } from '../../../src-main/contract';
import type * as FsPromises from 'node:fs/promises';
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
    fileHandler: null as null | ((request: Request) => Promise<Response>),
    permissionHandler: null as null | Fn,
    coreOptions: null as null | FleetDeskOptions,
    paths: new Map<string, string>(),
    coreHandlers: null as null | Record<string, ReturnType<typeof vi.fn>>,
    schemeHandlers: new Map<string, (request: Request) => Promise<Response>>(),
    privileged: [] as unknown[],
    tileRoute: '',
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
    webContents = {
      on: vi.fn(),
      setWindowOpenHandler: vi.fn(),
      send: vi.fn(),
      isDestroyed: () => false,
      getZoomFactor: () => 1,
      mainFrame: { url: '', parent: null },
    };
    constructor(options: Record<string, unknown>) {
      order.push('BrowserWindow');
      this.options = options;
      state.windows.push(this as never);
    }
  }
  return {
    app: {
      isPackaged: true,
      requestSingleInstanceLock: () => {
        order.push('lock');
        return state.lock;
      },
      quit: vi.fn(() => order.push('quit')),
      exit: vi.fn(),
      on,
      whenReady: vi.fn(() => Promise.resolve()),
      getPath: (name: string) => state.paths.get(name) ?? `/tmp/fleet-desk-test-${name}`,
      setPath: vi.fn((name: string, path: string) => {
        order.push(`setPath ${name}`);
        state.paths.set(name, path);
      }),
      getVersion: () => '9.9.9',
    },
    BrowserWindow,
    protocol: {
      registerSchemesAsPrivileged: vi.fn((schemes: unknown[]) => {
        order.push('tile scheme');
        state.privileged.push(...schemes);
      }),
    },
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
        protocol: {
          handle: vi.fn((scheme: string, fn: (request: Request) => Promise<Response>) => {
            order.push(`page ${scheme}`);
            state.schemeHandlers.set(scheme, fn);
            if (scheme === 'file') state.fileHandler = fn;
          }),
        },
      },
      fromPartition: vi.fn(),
    },
    WebContentsView: vi.fn(),
    net: { fetch: vi.fn(async () => new Response('forwarded')) },
  };
});

/** The built page, as out/renderer/index.html holds it (the build writes no policy into it). */
const { BUILT_PAGE } = vi.hoisted(() => ({
  BUILT_PAGE: '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Fleet Desk</title></head><body></body></html>',
}));
vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof FsPromises>();
  const readFile = async (path: unknown, options: unknown) =>
    /[/\\]renderer[/\\]index\.html$/.test(String(path)) ? BUILT_PAGE : real.readFile(path as string, options as BufferEncoding);
  return { ...real, default: { ...real, readFile }, readFile };
});

vi.mock('../../../src-main/app/fleet-desk', () => ({
  createFleetDesk: vi.fn(async (options: FleetDeskOptions) => {
    order.push('core');
    h.state.coreOptions = options;
    const handlers: Record<string, unknown> = Object.fromEntries(INVOKE_CHANNELS.map((c) => [c, vi.fn(async () => null)]));
    handlers['settings:get'] = vi.fn(async () => ({ tileUrl: 'https://tiles.example/{z}/{x}/{y}.png' }));
    handlers['profiles:list'] = vi.fn(async () => ({ activeId: 'demo', profiles: [{ id: 'demo', baseUrl: 'https://api.fleet.example/v1', aempUrl: '', embedOrigins: [] }] }));
    h.state.coreHandlers = handlers as Record<string, ReturnType<typeof vi.fn>>;
    const tiles = {
      tile: vi.fn(async () => ({ status: 200, body: Buffer.from('\x89PNG\r\n\x1a\npng', 'latin1'), contentType: 'image/png', maxAgeSec: 60, source: 'cache' })),
      setRoute: vi.fn((route: string) => (h.state.tileRoute = route)),
    };
    return { handlers, tiles, subscribe: () => () => {}, start: vi.fn(async () => order.push('start')), stop: vi.fn(async () => {}) };
  }),
}));

// The shell starts its core through the core-thread starter (a worker by default); here it
// builds the fake above in-thread, so the shell's wiring is what is tested.
vi.mock('../../../src-main/app/core-thread/start-core', async () => {
  const { createFleetDesk } = await import('../../../src-main/app/fleet-desk');
  return { startFleetDesk: vi.fn((options: FleetDeskOptions) => createFleetDesk(options)) };
});

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
  h.state.coreHandlers = null;
  h.state.paths.clear();
  h.state.schemeHandlers.clear();
  h.state.privileged.length = 0;
  h.state.tileRoute = '';
  vi.unstubAllEnvs();
  vi.stubEnv('FLEET_USER_DATA', '');
});

describe('Electron main', () => {
  it('quits at once when another instance holds the lock', async () => {
    h.state.lock = false;
    await loadMain();
    expect(order).toEqual(['lock', 'quit']);
    expect(h.state.windows).toHaveLength(0);
  });

  it('denies permissions and sets the CSP before any window, then wires core, IPC, menu and window', async () => {
    await loadMain();
    expect(order).toEqual(['lock', 'tile scheme', 'permissions', 'csp', 'page file', 'core', 'page fleet-tiles', 'handle fleet:invoke', 'menu', 'BrowserWindow', 'start']);
    const cb = vi.fn();
    h.state.permissionHandler!({}, 'geolocation', cb);
    expect(cb).toHaveBeenCalledWith(false);
  });

  it('serves map tiles from the core on its own scheme of the app session, and tells the core that route', async () => {
    await loadMain();
    expect(h.state.privileged).toEqual([{ scheme: 'fleet-tiles', privileges: { standard: true, secure: true } }]);
    expect(h.state.tileRoute).toBe('fleet-tiles://tiles/{z}/{x}/{y}.png');
    const res = await h.state.schemeHandlers.get('fleet-tiles')!(new Request('fleet-tiles://tiles/3/1/2.png'));
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).toString('latin1')).toBe('\x89PNG\r\n\x1a\npng');
    expect((await h.state.schemeHandlers.get('fleet-tiles')!(new Request('fleet-tiles://tiles/3/9/2.png'))).status).toBe(404);
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
    expect(platform.printPdf).toBeTypeOf('function');
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
    // Map tiles come through the app's own scheme, not from the tile server of the settings.
    expect(page['Content-Security-Policy'][0]).toMatch(/img-src [^;]*fleet-tiles:/);
    expect(page['Content-Security-Policy'][0]).not.toContain('https://tiles.example');
    const other = await run({ resourceType: 'mainFrame', url: 'https://elsewhere.example/', responseHeaders: { a: ['b'] } });
    expect(other).toEqual({ a: ['b'] });
  });

  it('hands the embed view the active profile’s embed policy', async () => {
    const electron = await import('electron');
    await loadMain();
    const platform = h.state.coreOptions!.platform;
    const bounds = { x: 0, y: 0, width: 10, height: 10 };
    await expect(platform.showEmbed!('https://collector.evil.example/embed?jws=x', 's1', bounds)).rejects.toMatchObject({
      message: expect.stringContaining('collector.evil.example'),
    });
    expect(electron.session.fromPartition).not.toHaveBeenCalled();
    // On the service's own site the view is set up (the fake session stops it there).
    await platform.showEmbed!('https://maps.fleet.example/embed?jws=x', 's1', bounds).catch(() => undefined);
    expect(electron.session.fromPartition).toHaveBeenCalled();
  });

  it('serves the packaged page itself with the one policy as header and first meta, and forwards other files', async () => {
    const electron = await import('electron');
    const { electronCsp, withCspMeta } = await import('../../../src-main/electron/csp');
    const { cspOriginsFromCore } = await import('../../../src-main/core/csp');
    await loadMain();
    const appUrl = String(h.state.windows[0].loadURL.mock.calls[0][0]);
    const page = await h.state.fileHandler!(new Request(appUrl));
    const policy = electronCsp(await cspOriginsFromCore({ handlers: h.state.coreHandlers } as never));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe(policy);
    expect(await page.text()).toBe(withCspMeta(BUILT_PAGE, policy));
    expect(policy).toContain('fleet-tiles:');
    expect(policy).toContain('https://*.fleet.example:*');
    const asset = new Request(appUrl.replace(/index\.html$/, 'assets/index.js'));
    expect(await (await h.state.fileHandler!(asset)).text()).toBe('forwarded');
    expect(vi.mocked(electron.net.fetch).mock.calls).toEqual([[asset, { bypassCustomProtocolHandlers: true }]]);
  });

  it('focuses the existing window when a second instance starts', async () => {
    await loadMain();
    for (const fn of h.state.appListeners.get('second-instance') ?? []) fn();
    expect(h.state.windows[0].restore).toHaveBeenCalled();
    expect(h.state.windows[0].focus).toHaveBeenCalled();
  });

  describe('IPC sender check', () => {
    type Invoke = (event: unknown, channel: unknown, args: unknown) => Promise<{ ok: boolean; error?: { kind: string } }>;

    /** The handler main.ts registered, and the app window with its page loaded. */
    async function wiredIpc() {
      const electron = await import('electron');
      await loadMain();
      const win = h.state.windows[0];
      const appUrl = String(win.loadURL.mock.calls[0][0]);
      const contents = win.webContents as { mainFrame: { url: string; parent: unknown } };
      contents.mainFrame.url = appUrl;
      const [channel, handler] = vi.mocked(electron.ipcMain.handle).mock.calls.at(-1) as unknown as [string, Invoke];
      expect(channel).toBe('fleet:invoke');
      return { handler, contents, appUrl };
    }

    it('answers the main frame of its own window on the app page', async () => {
      const { handler, contents } = await wiredIpc();
      const result = await handler({ sender: contents, senderFrame: contents.mainFrame }, 'app:info', []);
      expect(result.ok).toBe(true);
    });

    it('refuses a subframe, a stray frame and another webContents, even on the app page', async () => {
      const { handler, contents, appUrl } = await wiredIpc();
      const otherContents = { mainFrame: { url: appUrl, parent: null } };
      const events = {
        'a subframe on the app page': { sender: contents, senderFrame: { url: appUrl, parent: contents.mainFrame } },
        'a frame that is not the main frame': { sender: contents, senderFrame: { url: appUrl, parent: null } },
        'another webContents': { sender: otherContents, senderFrame: otherContents.mainFrame },
      };
      for (const [what, event] of Object.entries(events)) {
        expect(await handler(event, 'app:info', []), what).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
      }
      expect(h.state.coreHandlers!['app:info']).not.toHaveBeenCalled();
    });

    it('refuses its own main frame once it shows a foreign page', async () => {
      const { handler, contents } = await wiredIpc();
      contents.mainFrame.url = 'https://evil.example/';
      expect(await handler({ sender: contents, senderFrame: contents.mainFrame }, 'app:info', [])).toMatchObject({
        ok: false,
        error: { kind: 'forbidden' },
      });
      expect(h.state.coreHandlers!['app:info']).not.toHaveBeenCalled();
    });
  });

  describe('FLEET_USER_DATA', () => {
    it('moves the data folder before the single-instance lock and anything else reads it', async () => {
      vi.stubEnv('FLEET_USER_DATA', '/tmp/fleet-desk-e2e-data');
      await loadMain();
      expect(order.slice(0, 3)).toEqual(['setPath userData', 'setPath sessionData', 'lock']);
      expect(h.state.paths.get('userData')).toBe('/tmp/fleet-desk-e2e-data');
      expect(h.state.paths.get('sessionData')).toBe('/tmp/fleet-desk-e2e-data');
      expect(h.state.coreOptions!.userDataDir).toBe('/tmp/fleet-desk-e2e-data');
    });

    it('leaves the real data folder alone when unset', async () => {
      await loadMain();
      expect(order.filter((step) => step.startsWith('setPath'))).toEqual([]);
      expect(h.state.coreOptions!.userDataDir).toBe('/tmp/fleet-desk-test-userData');
    });

    it('refuses to start on a relative path rather than guess a folder', async () => {
      const electron = await import('electron');
      vi.stubEnv('FLEET_USER_DATA', 'test-data');
      await loadMain();
      expect(vi.mocked(electron.app.exit)).toHaveBeenCalledWith(1);
      expect(vi.mocked(electron.dialog.showErrorBox).mock.calls.at(-1)?.[1]).toMatch(/FLEET_USER_DATA must be an absolute folder path, not "test-data"/);
      expect(order).toEqual([]);
      expect(h.state.coreOptions).toBeNull();
    });
  });
});
