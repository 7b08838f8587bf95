/**
 * The Electron embed view: a locked-down view on its own in-memory partition, maps only
 * from the allowed sites, links opened only on a press, expiry reported once, and the
 * view placed, replaced and closed as the dispatcher moves between maps.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventSink } from '../../../src-main/contract';
import { embedPolicy, type EmbedPolicy } from '../../../src-main/core/embed/embed-policy';

vi.mock('electron', () => ({ WebContentsView: vi.fn(), session: { fromPartition: vi.fn() } }));

const electron = await import('electron');
const { SECURE_WEB_PREFERENCES } = await import('../../../src-main/electron/secure-web-preferences');
const { EMBED_PARTITION, EMBED_SESSION_MS, createEmbedController, embedViewOptions, lockDownEmbedSession, looksExpired } = await import(
  '../../../src-main/electron/embed-view'
);

type Listener = (...args: unknown[]) => unknown;
const MAP = 'http://127.0.0.1:7000/embed/map';
const FRACTIONAL_BOUNDS = { x: 10.4, y: 20.6, width: 400, height: 300 };
const BOUNDS_AT_ORIGIN = { x: 0, y: 0, width: 400, height: 300 };

/** A view's webContents that records its listeners and can be destroyed. */
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

/** The active profile: the demo service on 127.0.0.1:7000. */
const DEMO_POLICY = embedPolicy({ baseUrl: 'http://127.0.0.1:7000/v1' });

function setup(policy: EmbedPolicy = DEMO_POLICY, now?: () => number) {
  const contents = fakeContents();
  const view = { webContents: contents, setBounds: vi.fn(), setVisible: vi.fn() };
  const ses = fakeSession();
  const window = { contentView: { addChildView: vi.fn(), removeChildView: vi.fn() }, webContents: { getZoomFactor: () => 1.25 } };
  const emit = vi.fn() as unknown as EventSink & ReturnType<typeof vi.fn>;
  const timers: { fn: () => void; ms: number; cancelled: boolean }[] = [];
  const openExternal = vi.fn();
  const createView = vi.fn(() => view);
  const getSession = vi.fn(() => ses);
  const controller = createEmbedController({
    window: window as never,
    emit,
    openExternal,
    createView: createView as never,
    getSession: getSession as never,
    embedPolicy: async () => policy,
    now,
    setTimer: (fn, ms) => {
      const t = { fn, ms, cancelled: false };
      timers.push(t);
      return { cancel: () => (t.cancelled = true) };
    },
  });
  return { controller, contents, view, ses, window, emit, timers, openExternal, createView, getSession };
}

const setupAt = (now: () => number) => setup(DEMO_POLICY, now);

const URL1 = 'http://127.0.0.1:7000/embed/auth?req=%2Fembed%2Fmap%23assets%3Dthing%3A1&jws=a.b.c';
const bounds = { x: 10, y: 20, width: 400, height: 300 };

/** A controller that makes a new view each time, at window zoom `zoom`; `withDefaults` leaves views and sessions to Electron's own. */
function setupViews(zoom = 1.25, withDefaults = false) {
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

/** A fresh copy of the module, so its top-level constants are read as the test runs. */
async function setupFreshModule() {
  vi.resetModules();
  const mod = await import('../../../src-main/electron/embed-view');
  const contents = fakeContents();
  const view = { webContents: contents, setBounds: vi.fn(), setVisible: vi.fn() };
  const ses = fakeSession();
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

afterEach(() => {
  vi.useRealTimers();
});

describe('embedViewOptions and lockDownEmbedSession lock the view down', () => {
  const prefs = () => embedViewOptions().webPreferences ?? {};
  it('uses its own in-memory partition', () => {
    expect(prefs().partition).toBe(EMBED_PARTITION);
    expect(EMBED_PARTITION.startsWith('persist:')).toBe(false);
  });
  it('has no preload', () => {
    expect(prefs().preload).toBeUndefined();
  });
  it('denies every permission request and check on its session, and downloads', () => {
    const ses = fakeSession();
    lockDownEmbedSession(ses as never);
    const request = ses.setPermissionRequestHandler.mock.calls[0][0] as (c: unknown, p: string, cb: (ok: boolean) => void) => void;
    for (const permission of ['geolocation', 'media', 'notifications', 'clipboard-read']) {
      const cb = vi.fn();
      request({}, permission, cb);
      expect(cb).toHaveBeenCalledWith(false);
    }
    const check = ses.setPermissionCheckHandler.mock.calls[0][0] as () => boolean;
    expect(check()).toBe(false);
    const download = ses.on.mock.calls.find((c) => c[0] === 'will-download')?.[1] as (e: { preventDefault: () => void }) => void;
    const preventDefault = vi.fn();
    download({ preventDefault });
    expect(preventDefault).toHaveBeenCalled();
  });

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

describe('looksExpired reads the wording of an ended session', () => {
  it.each(['Session expired', 'fleet-embed-expired', 'EMBED EXPIRED', 'embed_expired', 'embed-expired', 'embedexpired'])('reads "%s" as an ended session', (text) => {
    expect(looksExpired(text)).toBe(true);
  });
  it.each(['Fleet map', 'session active', 'expired', 'embedded'])('does not read "%s" as one', (text) => {
    expect(looksExpired(text)).toBe(false);
  });
});

describe('createEmbedController shows maps only from the allowed sites and reports expiry once', () => {
  it('creates the view on the locked-down partition, places it at zoomed bounds and loads the URL', async () => {
    const { controller, view, contents, createView, getSession, ses, window } = setup();
    await controller.show(URL1, 's1', bounds);
    expect(getSession).toHaveBeenCalledWith(EMBED_PARTITION);
    expect(ses.setPermissionRequestHandler).toHaveBeenCalled();
    expect(createView).toHaveBeenCalledWith(embedViewOptions());
    expect(window.contentView.addChildView).toHaveBeenCalledWith(view);
    expect(view.setBounds).toHaveBeenCalledWith({ x: 13, y: 25, width: 500, height: 375 });
    expect(view.setVisible).toHaveBeenLastCalledWith(true);
    expect(contents.loadURL).toHaveBeenCalledWith(URL1);
  });

  it('does not reload the same session, and hides on request', async () => {
    const { controller, view, contents } = setup();
    await controller.show(URL1, 's1', bounds);
    await controller.show(URL1, 's1', { ...bounds, width: 100 });
    expect(contents.loadURL).toHaveBeenCalledTimes(1);
    await controller.hide();
    expect(view.setVisible).toHaveBeenLastCalledWith(false);
  });

  it('refuses non-http(s) map URLs', async () => {
    const { controller, contents } = setup();
    await expect(controller.show('file:///etc/passwd', 's1', bounds)).rejects.toMatchObject({ kind: 'invalid-argument' });
    expect(contents.loadURL).not.toHaveBeenCalled();
  });

  /** Fires a navigation or redirect in the view; true when it was let through. */
  const allows = (contents: ReturnType<typeof fakeContents>, event: string, url: string) => {
    const preventDefault = vi.fn();
    contents.fire(event, { url, preventDefault });
    return preventDefault.mock.calls.length === 0;
  };

  it('refuses to show a map from another site, naming its host, and loads nothing', async () => {
    const { controller, contents } = setup();
    await expect(controller.show('https://collector.evil.example/embed?jws=x', 's1', bounds)).rejects.toMatchObject({
      message: expect.stringContaining('collector.evil.example'),
    });
    expect(contents.loadURL).not.toHaveBeenCalled();
  });

  it.each(['will-navigate', 'will-redirect'])('keeps %s inside the service’s own site or the added origins', async (event) => {
    const { controller, contents } = setup(embedPolicy({ baseUrl: 'https://api.example.com/v1', embedOrigins: ['https://maps.partner.net'] }));
    await controller.show('https://example.com/embed/auth?jws=x', 's1', bounds);
    expect(allows(contents, event, 'https://maps.example.com/embed/map')).toBe(true);
    expect(allows(contents, event, 'https://maps.partner.net/view')).toBe(true);
    expect(allows(contents, event, 'https://example.com.evil.net/embed/map')).toBe(false);
    expect(allows(contents, event, 'https://maps.partner.net.evil.net/view')).toBe(false);
    expect(allows(contents, event, 'http://127.0.0.1:7000/embed/map')).toBe(false);
    expect(allows(contents, event, 'javascript:alert(1)')).toBe(false);
  });

  it('limits navigation to the demo host and sends new windows to the browser (http(s) only)', async () => {
    const { controller, contents, openExternal } = setup();
    await controller.show(URL1, 's1', bounds);
    const nav = (url: string) => allows(contents, 'will-navigate', url);
    expect(nav('http://127.0.0.1:7000/embed/map')).toBe(true);
    expect(nav('http://127.0.0.2:7000/embed/map')).toBe(false);
    expect(nav('http://localhost:7000/embed/map')).toBe(false);
    expect(nav('https://evil.example/')).toBe(false);
    const open = contents.setWindowOpenHandler.mock.calls[0][0] as (d: { url: string }) => unknown;
    contents.fire('input-event', {}, { type: 'mouseDown' });
    expect(open({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
    expect(open({ url: 'https://www.openstreetmap.org/copyright' })).toEqual({ action: 'deny' });
    expect(openExternal.mock.calls).toEqual([['https://www.openstreetmap.org/copyright']]);
  });

  describe('links the map page opens', () => {
    async function shown() {
      let clock = 5_000_000;
      const s = setupAt(() => clock);
      await s.controller.show(URL1, 's1', bounds);
      const open = s.contents.setWindowOpenHandler.mock.calls[0][0] as (d: { url: string }) => unknown;
      return { ...s, open, tick: (ms: number) => (clock += ms) };
    }

    it('opens nothing a script asks for without the dispatcher pressing anything', async () => {
      const { open, openExternal, tick } = await shown();
      for (let i = 0; i < 106; i++) {
        expect(open({ url: `https://ads.example/${i}` })).toEqual({ action: 'deny' });
        tick(1500);
      }
      expect(openExternal).not.toHaveBeenCalled();
    });

    it('opens one link for a mouse press or a key press in the view, and not for a move or a release', async () => {
      const { open, openExternal, contents, tick } = await shown();
      contents.fire('input-event', {}, { type: 'mouseMove' });
      contents.fire('input-event', {}, { type: 'mouseUp' });
      contents.fire('before-input-event', {}, { type: 'keyUp' });
      open({ url: 'https://a.example/' });
      expect(openExternal).not.toHaveBeenCalled();
      contents.fire('input-event', {}, { type: 'mouseDown' });
      tick(200);
      open({ url: 'https://b.example/' });
      open({ url: 'https://c.example/' });
      tick(1500);
      contents.fire('before-input-event', {}, { type: 'keyDown' });
      tick(100);
      open({ url: 'https://d.example/' });
      expect(openExternal.mock.calls).toEqual([['https://b.example/'], ['https://d.example/']]);
    });

    it('forgets a press after a second', async () => {
      const { open, openExternal, contents, tick } = await shown();
      contents.fire('input-event', {}, { type: 'mouseDown' });
      tick(1001);
      open({ url: 'https://late.example/' });
      expect(openExternal).not.toHaveBeenCalled();
    });

    it('opens at most one link a second, however fast the presses come', async () => {
      const { open, openExternal, contents, tick } = await shown();
      for (let i = 0; i < 10; i++) {
        contents.fire('input-event', {}, { type: 'mouseDown' });
        open({ url: `https://burst.example/${i}` });
        tick(250);
      }
      expect(openExternal.mock.calls).toEqual([['https://burst.example/0'], ['https://burst.example/4'], ['https://burst.example/8']]);
    });
  });

  it('reports expiry once, from the page title, the console or the hour running out', async () => {
    const a = setup();
    await a.controller.show(URL1, 's1', bounds);
    a.contents.fire('page-title-updated', {}, 'Fleet map');
    expect(a.emit).not.toHaveBeenCalled();
    a.contents.fire('page-title-updated', {}, 'Map session expired');
    a.contents.fire('console-message', { message: 'Map session expired' });
    expect(a.emit.mock.calls).toEqual([['embed:expired', { sessionId: 's1' }]]);

    const b = setup();
    await b.controller.show(URL1, 's2', bounds);
    expect(b.timers[0].ms).toBe(EMBED_SESSION_MS);
    b.timers[0].fn();
    expect(b.emit.mock.calls).toEqual([['embed:expired', { sessionId: 's2' }]]);
    await b.controller.show(`${URL1}x`, 's3', bounds);
    expect(b.timers[0].cancelled).toBe(true);
  });

  it('reports expiry when the embed origin answers 401 to this view', async () => {
    const { controller, ses, emit } = setup();
    await controller.show(URL1, 's1', bounds);
    const completed = ses.webRequest.onCompleted.mock.calls[0][0] as (d: { statusCode: number; webContentsId: number; url: string }) => void;
    completed({ statusCode: 200, webContentsId: 42, url: 'http://127.0.0.1:7000/embed/data' });
    completed({ statusCode: 401, webContentsId: 7, url: 'http://127.0.0.1:7000/embed/data' });
    completed({ statusCode: 401, webContentsId: 42, url: 'http://other.example/embed/data' });
    expect(emit).not.toHaveBeenCalled();
    completed({ statusCode: 401, webContentsId: 42, url: 'http://127.0.0.1:7000/embed/data' });
    expect(emit.mock.calls).toEqual([['embed:expired', { sessionId: 's1' }]]);
  });

  it('recognises expiry wording', () => {
    expect(looksExpired('Map session expired — request a new map')).toBe(true);
    expect(looksExpired('fleet-embed-expired')).toBe(true);
    expect(looksExpired('Fleet map')).toBe(false);
  });

  it('removes the view on destroy', async () => {
    const { controller, view, window, contents } = setup();
    await controller.show(URL1, 's1', bounds);
    controller.destroy();
    expect(window.contentView.removeChildView).toHaveBeenCalledWith(view);
    expect(contents.close).toHaveBeenCalled();
  });
});

describe('createEmbedController places, reloads, replaces and closes its view', () => {
  it('places the view in window pixels, rounded, never negative, and at zoom 1 when the zoom is unknown', async () => {
    const zoomed = setupViews(2);
    await zoomed.controller.show(MAP, 's1', { x: 10.4, y: 20.6, width: -5, height: 300.2 });
    expect(zoomed.views[0].setBounds).toHaveBeenCalledWith({ x: 21, y: 41, width: 0, height: 600 });
    const unknown = setupViews(0);
    await unknown.controller.show(MAP, 's1', FRACTIONAL_BOUNDS);
    expect(unknown.views[0].setBounds).toHaveBeenCalledWith({ x: 10, y: 21, width: 400, height: 300 });
  });

  it('adds the view hidden, then shows it when the map loads', async () => {
    const { controller, views, window } = setupViews();
    await controller.show(MAP, 's1', FRACTIONAL_BOUNDS);
    expect(window.contentView.addChildView).toHaveBeenCalledWith(views[0]);
    expect(views[0].setVisible.mock.calls.map((c) => c[0])).toEqual([false, true]);
    expect(views[0].webContents.loadURL).toHaveBeenCalledWith(MAP);
  });

  it('loads again for another session of the same URL and for another URL', async () => {
    const { controller, views } = setupViews();
    await controller.show(MAP, 's1', FRACTIONAL_BOUNDS);
    await controller.show(MAP, 's2', FRACTIONAL_BOUNDS);
    await controller.show(`${MAP}?v=2`, 's2', FRACTIONAL_BOUNDS);
    expect(views[0].webContents.loadURL).toHaveBeenCalledTimes(3);
  });

  it('names the reason when the map cannot be loaded', async () => {
    const { controller, views } = setupViews();
    await controller.show(MAP, 's1', FRACTIONAL_BOUNDS);
    views[0].webContents.loadURL.mockRejectedValueOnce(new Error('ERR_CONNECTION_REFUSED'));
    await expect(controller.show(MAP, 's2', FRACTIONAL_BOUNDS)).rejects.toMatchObject({ kind: 'network', message: 'The map could not be loaded (ERR_CONNECTION_REFUSED).' });
    views[0].webContents.loadURL.mockRejectedValueOnce('plain');
    await expect(controller.show(MAP, 's3', FRACTIONAL_BOUNDS)).rejects.toMatchObject({ message: 'The map could not be loaded (plain).' });
  });

  it('refuses a non-http(s) map address with a message', async () => {
    const { controller, createView } = setupViews();
    await expect(controller.show('file:///etc/passwd', 's1', FRACTIONAL_BOUNDS)).rejects.toMatchObject({ kind: 'invalid-argument', message: 'The map address is not an http(s) address.' });
    expect(createView).not.toHaveBeenCalled();
  });

  it('makes a new view when the old one was destroyed, and closes a live one on destroy', async () => {
    const { controller, views, window } = setupViews();
    await controller.show(MAP, 's1', FRACTIONAL_BOUNDS);
    views[0].webContents.destroy();
    await controller.show(MAP, 's2', FRACTIONAL_BOUNDS);
    expect(views).toHaveLength(2);
    controller.destroy();
    expect(window.contentView.removeChildView).toHaveBeenCalledWith(views[1]);
    expect(views[1].webContents.close).toHaveBeenCalled();
    controller.destroy();
    expect(window.contentView.removeChildView).toHaveBeenCalledTimes(1);
  });

  it('does not close a view that is already destroyed', async () => {
    const { controller, views } = setupViews();
    await controller.show(MAP, 's1', FRACTIONAL_BOUNDS);
    views[0].webContents.destroy();
    controller.destroy();
    expect(views[0].webContents.close).not.toHaveBeenCalled();
  });

  it('reports expiry only for a 401 from an allowed address to this very view, and for an expired page address', async () => {
    const { controller, ses, emit, views } = setupViews();
    await controller.show(MAP, 's1', FRACTIONAL_BOUNDS);
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
    const { controller, emit, views } = setupViews();
    await controller.show(MAP, 's1', FRACTIONAL_BOUNDS);
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
    const { controller, emit } = setupViews(1, true);
    await controller.show(MAP, 's1', FRACTIONAL_BOUNDS);
    expect(electron.session.fromPartition).toHaveBeenCalledWith('embed-maps');
    await vi.advanceTimersByTimeAsync(EMBED_SESSION_MS - 1);
    expect(emit).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(emit).toHaveBeenCalledWith('embed:expired', { sessionId: 's1' });
    await controller.show(MAP, 's2', FRACTIONAL_BOUNDS);
    controller.destroy();
    expect(vi.getTimerCount()).toBe(0);
  });
});

/** Its partition name and session length are top-level constants: each test loads a fresh copy of the module so a change to them is seen. */
describe('createEmbedController runs each session on its named partition for an hour, from a freshly loaded module', () => {
  it('checks a copy of its own, not the one every other module shares', async () => {
    const { mod } = await setupFreshModule();
    expect(mod.createEmbedController).not.toBe(createEmbedController);
  });

  it('runs on its named in-memory partition, for one hour per session', async () => {
    const { mod, controller, partitions, timers } = await setupFreshModule();
    await controller.show(MAP, 's1', BOUNDS_AT_ORIGIN);
    expect(partitions).toEqual(['embed-maps']);
    expect(mod.embedViewOptions().webPreferences?.partition).toBe('embed-maps');
    expect(timers).toEqual([60 * 60 * 1000]);
  });

  it('reports expiry from the page title alone', async () => {
    const { controller, contents, emit } = await setupFreshModule();
    await controller.show(MAP, 's1', BOUNDS_AT_ORIGIN);
    contents.fire('page-title-updated', {}, 'Fleet map');
    expect(emit).not.toHaveBeenCalled();
    contents.fire('page-title-updated', {}, 'Map session expired');
    expect(emit.mock.calls).toEqual([['embed:expired', { sessionId: 's1' }]]);
  });

  it('keeps the load failure as the cause of the error it throws', async () => {
    const { controller, contents } = await setupFreshModule();
    const failure = new Error('ERR_NAME_NOT_RESOLVED');
    contents.loadURL.mockRejectedValueOnce(failure);
    const err = await controller.show(MAP, 's1', BOUNDS_AT_ORIGIN).catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'network', message: 'The map could not be loaded (ERR_NAME_NOT_RESOLVED).', cause: failure });
  });

  it('shows the same session again after a hide without reloading it', async () => {
    const { controller, view, contents } = await setupFreshModule();
    await controller.show(MAP, 's1', BOUNDS_AT_ORIGIN);
    await controller.hide();
    await controller.show(MAP, 's1', BOUNDS_AT_ORIGIN);
    expect(view.setVisible.mock.calls.map((c) => c[0])).toEqual([false, true, false, true]);
    expect(contents.loadURL).toHaveBeenCalledTimes(1);
  });

  it('hides without error before any map was shown', async () => {
    const { controller } = await setupFreshModule();
    await expect(controller.hide()).resolves.toBeUndefined();
  });
});
