/** The Electron embed view at its edges (mutation survivors of embed-view.ts). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventSink } from '../../../src-main/contract';
import { embedPolicy } from '../../../src-main/core/embed/embed-policy';

vi.mock('electron', () => ({ WebContentsView: vi.fn(), session: { fromPartition: vi.fn() } }));

const electron = await import('electron');
const { SECURE_WEB_PREFERENCES } = await import('../../../src-main/electron/secure-web-preferences');
const { EMBED_PARTITION, EMBED_SESSION_MS, createEmbedController, embedViewOptions, lockDownEmbedSession, looksExpired } = await import(
  '../../../src-main/electron/embed-view'
);

type Listener = (...args: unknown[]) => unknown;
const MAP = 'http://127.0.0.1:7000/embed/map';
const BOUNDS = { x: 10.4, y: 20.6, width: 400, height: 300 };

function fakeContents() {
  const listeners = new Map<string, Listener[]>();
  let destroyed = false;
  return {
    listeners,
    fire: (name: string, ...args: unknown[]) => (listeners.get(name) ?? []).map((fn) => fn(...args)),
    on: vi.fn((name: string, fn: Listener) => {
      listeners.set(name, [...(listeners.get(name) ?? []), fn]);
    }),
    setWindowOpenHandler: vi.fn(),
    loadURL: vi.fn(async (_url: string) => {}),
    isDestroyed: () => destroyed,
    destroy: () => (destroyed = true),
    close: vi.fn(),
    id: 42,
  };
}

function fakeSession() {
  return {
    setPermissionRequestHandler: vi.fn(),
    setPermissionCheckHandler: vi.fn(),
    setDevicePermissionHandler: vi.fn(),
    on: vi.fn(),
    webRequest: { onCompleted: vi.fn() },
  };
}

function setup(zoom = 1.25, withDefaults = false) {
  const views: Array<{ webContents: ReturnType<typeof fakeContents>; setBounds: ReturnType<typeof vi.fn>; setVisible: ReturnType<typeof vi.fn> }> = [];
  const ses = fakeSession();
  const window = { contentView: { addChildView: vi.fn(), removeChildView: vi.fn() }, webContents: { getZoomFactor: () => zoom } };
  const emit = vi.fn() as unknown as EventSink & ReturnType<typeof vi.fn>;
  const createView = vi.fn(() => {
    const view = { webContents: fakeContents(), setBounds: vi.fn(), setVisible: vi.fn() };
    views.push(view);
    return view;
  });
  const controller = createEmbedController({
    window: window as never,
    emit,
    openExternal: vi.fn(),
    embedPolicy: async () => embedPolicy({ baseUrl: 'http://127.0.0.1:7000/v1' }),
    ...(withDefaults ? {} : { createView: createView as never, getSession: (() => ses) as never }),
  });
  return { controller, views, ses, window, emit, createView };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('embed view options and session', () => {
  it('are exactly the locked-down set', () => {
    expect(embedViewOptions()).toEqual({
      webPreferences: {
        partition: 'embed-maps',
        ...SECURE_WEB_PREFERENCES,
      },
    });
    expect(EMBED_PARTITION).toBe('embed-maps');
    expect(EMBED_SESSION_MS).toBe(3_600_000);
  });

  it('denies device permissions and cancels downloads', () => {
    const ses = fakeSession();
    lockDownEmbedSession(ses as never);
    expect((ses.setDevicePermissionHandler.mock.calls[0][0] as () => boolean)()).toBe(false);
    const [name, onDownload] = ses.on.mock.calls[0] as [string, (e: { preventDefault: () => void }) => void];
    expect(name).toBe('will-download');
    const event = { preventDefault: vi.fn() };
    onDownload(event);
    expect(event.preventDefault).toHaveBeenCalled();
  });
});

describe('looksExpired', () => {
  it.each(['Session expired', 'fleet-embed-expired', 'EMBED EXPIRED', 'embed_expired', 'embed-expired', 'embedexpired'])('reads "%s" as an ended session', (text) => {
    expect(looksExpired(text)).toBe(true);
  });
  it.each(['Fleet map', 'session active', 'expired', 'embedded'])('does not read "%s" as one', (text) => {
    expect(looksExpired(text)).toBe(false);
  });
});

describe('createEmbedController', () => {
  it('places the view in window pixels, rounded, never negative, and at zoom 1 when the zoom is unknown', async () => {
    const zoomed = setup(2);
    await zoomed.controller.show(MAP, 's1', { x: 10.4, y: 20.6, width: -5, height: 300.2 });
    expect(zoomed.views[0].setBounds).toHaveBeenCalledWith({ x: 21, y: 41, width: 0, height: 600 });
    const unknown = setup(0);
    await unknown.controller.show(MAP, 's1', BOUNDS);
    expect(unknown.views[0].setBounds).toHaveBeenCalledWith({ x: 10, y: 21, width: 400, height: 300 });
  });

  it('adds the view hidden, then shows it when the map loads', async () => {
    const { controller, views, window } = setup();
    await controller.show(MAP, 's1', BOUNDS);
    expect(window.contentView.addChildView).toHaveBeenCalledWith(views[0]);
    expect(views[0].setVisible.mock.calls.map((c) => c[0])).toEqual([false, true]);
    expect(views[0].webContents.loadURL).toHaveBeenCalledWith(MAP);
  });

  it('loads again for another session of the same URL and for another URL', async () => {
    const { controller, views } = setup();
    await controller.show(MAP, 's1', BOUNDS);
    await controller.show(MAP, 's2', BOUNDS);
    await controller.show(`${MAP}?v=2`, 's2', BOUNDS);
    expect(views[0].webContents.loadURL).toHaveBeenCalledTimes(3);
  });

  it('names the reason when the map cannot be loaded', async () => {
    const { controller, views } = setup();
    await controller.show(MAP, 's1', BOUNDS);
    views[0].webContents.loadURL.mockRejectedValueOnce(new Error('ERR_CONNECTION_REFUSED'));
    await expect(controller.show(MAP, 's2', BOUNDS)).rejects.toMatchObject({ kind: 'network', message: 'The map could not be loaded (ERR_CONNECTION_REFUSED).' });
    views[0].webContents.loadURL.mockRejectedValueOnce('plain');
    await expect(controller.show(MAP, 's3', BOUNDS)).rejects.toMatchObject({ message: 'The map could not be loaded (plain).' });
  });

  it('refuses a non-http(s) map address with a message', async () => {
    const { controller, createView } = setup();
    await expect(controller.show('file:///etc/passwd', 's1', BOUNDS)).rejects.toMatchObject({ kind: 'invalid-argument', message: 'The map address is not an http(s) address.' });
    expect(createView).not.toHaveBeenCalled();
  });

  it('makes a new view when the old one was destroyed, and closes a live one on destroy', async () => {
    const { controller, views, window } = setup();
    await controller.show(MAP, 's1', BOUNDS);
    views[0].webContents.destroy();
    await controller.show(MAP, 's2', BOUNDS);
    expect(views).toHaveLength(2);
    controller.destroy();
    expect(window.contentView.removeChildView).toHaveBeenCalledWith(views[1]);
    expect(views[1].webContents.close).toHaveBeenCalled();
    controller.destroy();
    expect(window.contentView.removeChildView).toHaveBeenCalledTimes(1);
  });

  it('does not close a view that is already destroyed', async () => {
    const { controller, views } = setup();
    await controller.show(MAP, 's1', BOUNDS);
    views[0].webContents.destroy();
    controller.destroy();
    expect(views[0].webContents.close).not.toHaveBeenCalled();
  });

  it('reports expiry only for a 401 from an allowed address to this very view, and for an expired page address', async () => {
    const { controller, ses, emit, views } = setup();
    await controller.show(MAP, 's1', BOUNDS);
    const completed = ses.webRequest.onCompleted.mock.calls[0][0] as (d: { statusCode: number; webContentsId: number; url: string }) => void;
    completed({ statusCode: 200, webContentsId: 42, url: MAP });
    completed({ statusCode: 401, webContentsId: 7, url: MAP });
    completed({ statusCode: 401, webContentsId: 42, url: 'https://evil.example/x' });
    views[0].webContents.fire('did-navigate', {}, 'http://127.0.0.1:7000/embed/map');
    views[0].webContents.fire('did-navigate', {}, 'http://127.0.0.1:7000/expiredness');
    expect(emit).not.toHaveBeenCalled();
    views[0].webContents.fire('did-navigate', {}, 'http://127.0.0.1:7000/embed/Expired?x=1');
    expect(emit).toHaveBeenCalledWith('embed:expired', { sessionId: 's1' });
  });

  it('ignores a console message without text', async () => {
    const { controller, emit, views } = setup();
    await controller.show(MAP, 's1', BOUNDS);
    views[0].webContents.fire('console-message', {});
    expect(emit).not.toHaveBeenCalled();
    views[0].webContents.fire('console-message', { message: 'fleet-embed-expired' });
    expect(emit).toHaveBeenCalledTimes(1);
  });

  it('by default runs the hour on a timer that does not keep the app alive, cancelled by destroy', async () => {
    vi.useFakeTimers();
    const view = { webContents: fakeContents(), setBounds: vi.fn(), setVisible: vi.fn() };
    const ses = fakeSession();
    vi.mocked(electron.session.fromPartition).mockReturnValue(ses as never);
    vi.mocked(electron.WebContentsView).mockImplementation(function () {
      return view;
    } as never);
    const { controller, emit } = setup(1, true);
    await controller.show(MAP, 's1', BOUNDS);
    expect(electron.session.fromPartition).toHaveBeenCalledWith('embed-maps');
    await vi.advanceTimersByTimeAsync(EMBED_SESSION_MS - 1);
    expect(emit).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(emit).toHaveBeenCalledWith('embed:expired', { sessionId: 's1' });
    await controller.show(MAP, 's2', BOUNDS);
    controller.destroy();
    expect(vi.getTimerCount()).toBe(0);
  });
});
