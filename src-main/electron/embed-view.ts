/**
 * The embed map in Electron: a `WebContentsView` over the renderer's map area, on its
 * own in-memory session partition, with no preload, no permissions, navigation and
 * redirects kept to the active profile's embed policy (the service's own site or an
 * origin added to the profile: core/embed/embed-policy) and new windows sent to the
 * system browser only when the dispatcher asked for them (core/embed/external-links).
 */
import { WebContentsView, session as electronSession } from 'electron';
import type { BrowserWindow, Session, WebContentsViewConstructorOptions } from 'electron';
import type { EmbedBounds, EventSink } from '../contract';
import { checkEmbedUrl, isEmbedUrlAllowed, type EmbedPolicy } from '../core/embed/embed-policy';
import { FleetError } from '../core/errors';
import { externalOpenVerdict, isPress, type ExternalOpenHistory } from '../core/embed/external-links';
import { isHttpUrl } from '../contract';
import { guardNavigation } from './navigation';
import { SECURE_WEB_PREFERENCES } from './secure-web-preferences';

/** Not `persist:`: embed cookies live in memory and go with the app. */
export const EMBED_PARTITION = 'embed-maps';
/** Opening an embed URL starts a one-hour session on the service. */
export const EMBED_SESSION_MS = 60 * 60 * 1000;

export function embedViewOptions(): WebContentsViewConstructorOptions {
  return {
    // The shared set, its own partition, and no preload: embed pages get no bridge.
    webPreferences: { ...SECURE_WEB_PREFERENCES, partition: EMBED_PARTITION },
  };
}

/** Deny-by-default: embed pages get no camera, location, notifications, downloads… */
export function lockDownEmbedSession(ses: Session): void {
  ses.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  ses.setPermissionCheckHandler(() => false);
  ses.setDevicePermissionHandler(() => false);
  ses.on('will-download', (event) => event.preventDefault());
}

/** Signs that the embed page says its session ran out (title, console, the expired page); 401 answers count too. */
export function looksExpired(text: string): boolean {
  return /session expired|fleet-embed-expired|embed[-_ ]?expired/i.test(text);
}

export interface EmbedControllerDeps {
  window: BrowserWindow;
  emit: EventSink;
  openExternal: (url: string) => void;
  /** Where the active profile's embed maps may come from (read at every show). */
  embedPolicy: () => Promise<EmbedPolicy>;
  /** Test seams. */
  createView?: (options: WebContentsViewConstructorOptions) => WebContentsView;
  getSession?: (partition: string) => Session;
  setTimer?: (fn: () => void, ms: number) => { cancel(): void };
  now?: () => number;
}

export interface EmbedController {
  show(url: string, sessionId: string, bounds: EmbedBounds): Promise<void>;
  hide(): Promise<void>;
  destroy(): void;
}

export function createEmbedController(deps: EmbedControllerDeps): EmbedController {
  const createView = deps.createView ?? ((o) => new WebContentsView(o));
  const getSession = deps.getSession ?? ((p) => electronSession.fromPartition(p));
  const setTimer =
    deps.setTimer ??
    ((fn, ms) => {
      const t = setTimeout(fn, ms);
      t.unref?.();
      return { cancel: () => clearTimeout(t) };
    });

  const now = deps.now ?? Date.now;
  let view: WebContentsView | null = null;
  let current: { url: string; sessionId: string; policy: EmbedPolicy; expiry: { cancel(): void }; expired: boolean } | null = null;
  const allowed = (url: string) => !!current && isEmbedUrlAllowed(url, current.policy);

  function expire(): void {
    if (!current || current.expired) return;
    current.expired = true;
    deps.emit('embed:expired', { sessionId: current.sessionId });
  }

  function ensureView(): WebContentsView {
    if (view && !view.webContents.isDestroyed()) return view;
    const ses = getSession(EMBED_PARTITION);
    lockDownEmbedSession(ses);
    const created = createView(embedViewOptions());
    const contents = created.webContents;
    // An ended session shows as 401 answers to the page (its data polls or the link itself).
    ses.webRequest.onCompleted((details) => {
      if (details.statusCode === 401 && details.webContentsId === contents.id && allowed(details.url)) expire();
    });
    // The dispatcher's presses in this view: a link the page opens without one is dropped.
    const links: ExternalOpenHistory = { lastGestureAt: null, lastOpenedAt: null };
    const notePress = (type: unknown) => {
      if (isPress(type)) links.lastGestureAt = now();
    };
    contents.on('before-input-event', (_event, input) => notePress(input.type));
    contents.on('input-event', (_event, input) => notePress(input.type));
    guardNavigation(contents, allowed, (url) => {
      const at = now();
      if (externalOpenVerdict(url, at, links) !== 'open') return;
      links.lastOpenedAt = at;
      deps.openExternal(url);
    });
    contents.on('page-title-updated', (_event, title) => {
      if (looksExpired(title)) expire();
    });
    contents.on('console-message', (event) => {
      if (looksExpired(String(event.message ?? ''))) expire();
    });
    contents.on('did-navigate', (_event, url) => {
      if (/\/expired\b/i.test(url)) expire();
    });
    created.setVisible(false);
    deps.window.contentView.addChildView(created);
    view = created;
    return created;
  }

  function place(target: WebContentsView, bounds: EmbedBounds): void {
    // The renderer reports CSS pixels; the view is placed in window DIPs.
    const zoom = deps.window.webContents.getZoomFactor() || 1;
    target.setBounds({
      x: Math.round(bounds.x * zoom),
      y: Math.round(bounds.y * zoom),
      width: Math.max(0, Math.round(bounds.width * zoom)),
      height: Math.max(0, Math.round(bounds.height * zoom)),
    });
  }

  return {
    async show(url, sessionId, bounds) {
      if (!isHttpUrl(url)) throw new FleetError('invalid-argument', 'The map address is not an http(s) address.');
      const policy = await deps.embedPolicy();
      checkEmbedUrl(url, policy);
      const target = ensureView();
      place(target, bounds);
      if (!current || current.sessionId !== sessionId || current.url !== url) {
        current?.expiry.cancel();
        current = { url, sessionId, policy, expired: false, expiry: setTimer(() => expire(), EMBED_SESSION_MS) };
        target.setVisible(true);
        try {
          await target.webContents.loadURL(url);
        } catch (err) {
          throw new FleetError('network', `The map could not be loaded (${err instanceof Error ? err.message : String(err)}).`, { cause: err });
        }
        return;
      }
      target.setVisible(true);
    },
    async hide() {
      view?.setVisible(false);
    },
    destroy() {
      current?.expiry.cancel();
      current = null;
      if (view) {
        deps.window.contentView.removeChildView(view);
        if (!view.webContents.isDestroyed()) view.webContents.close();
        view = null;
      }
    },
  };
}
