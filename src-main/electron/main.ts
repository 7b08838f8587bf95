/**
 * The Electron entry: one instance, deny-by-default permissions and the page CSP set
 * before any window exists, then the core, validated IPC, the window and the menu.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { BrowserWindow, Menu, app, dialog, ipcMain, net, protocol, screen, session, shell } from 'electron';
import { isHttpUrl, type MenuCommand } from '../contract';
import { FleetError, scrubSecrets } from '../core/errors';
import { startFleetDesk } from '../app/core-thread/start-core';
import { EVENT_IPC } from '../core/ipc/channels';
import type { FleetDeskCore, PlatformHooks } from '../core/ports';
import { cspOriginsFromCore, type CspOrigins } from '../core/csp';
import { embedPolicyFromCore } from '../core/embed/embed-policy';
import { appPageHandler, electronCsp } from './csp';
import { createEmbedController } from './embed-view';
import type { EmbedController } from './embed-view';
import { createDesktopNotifier } from './notifications';
import { createPdfPrinter } from './print-pdf';
import { forwardEvents, registerIpc, trustedSender } from './ipc';
import { menuTemplate } from './menu';
import { installTileProtocol, registerTileScheme } from './tile-protocol';
import { userDataOverride } from './user-data';
import { guardNavigation, isAllowedNavigation } from './navigation';
import { WINDOW_STATE_FILE, loadWindowState, mainWindowOptions, rememberWindowState, restorableBounds } from './window';

const here = dirname(fileURLToPath(import.meta.url));
const devServerUrl = !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : undefined;
const appUrl = devServerUrl ?? pathToFileURL(join(here, '..', 'renderer', 'index.html')).href;
const preloadPath = join(here, '..', 'preload', 'index.cjs');

let mainWindow: BrowserWindow | null = null;
let embed: EmbedController | null = null;
let core: FleetDeskCore | null = null;
let cspOrigins: CspOrigins = { images: [], frames: [] };
const notify = createDesktopNotifier(() => mainWindow);
const printPdf = createPdfPrinter({ window: () => mainWindow, downloadsDir: () => app.getPath('downloads') });

function fail(message: string): void {
  const text = scrubSecrets(message);
  console.error(text);
  dialog.showErrorBox('Fleet Desk', text);
}

async function openExternal(url: string): Promise<void> {
  if (!isHttpUrl(url)) throw new FleetError('invalid-argument', 'Fleet Desk only opens http:// and https:// addresses in the browser.');
  await shell.openExternal(url);
}

const MIME_FILTERS: Record<string, Electron.FileFilter> = {
  'text/csv': { name: 'CSV', extensions: ['csv'] },
  'application/geo+json': { name: 'GeoJSON', extensions: ['geojson', 'json'] },
  'application/json': { name: 'JSON', extensions: ['json'] },
};

async function saveFile(suggestedName: string, content: string, mimeType: string): Promise<string | null> {
  const options: Electron.SaveDialogOptions = {
    defaultPath: join(app.getPath('downloads'), suggestedName.replace(/[\\/]/g, '_')),
    filters: [...(MIME_FILTERS[mimeType] ? [MIME_FILTERS[mimeType]] : []), { name: 'All files', extensions: ['*'] }],
  };
  const result = mainWindow ? await dialog.showSaveDialog(mainWindow, options) : await dialog.showSaveDialog(options);
  if (result.canceled || !result.filePath) return null;
  try {
    await writeFile(result.filePath, content, 'utf8');
  } catch (err) {
    throw new FleetError('storage', `Fleet Desk could not write ${result.filePath}: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
  return result.filePath;
}

function platformHooks(): PlatformHooks {
  return {
    shell: 'electron',
    version: app.getVersion(),
    openExternal,
    saveFile,
    showEmbed: async (url, sessionId, bounds) => {
      if (!embed) throw new FleetError('internal', 'The map view is not ready yet.');
      await embed.show(url, sessionId, bounds);
    },
    hideEmbed: async () => {
      await embed?.hide();
    },
    notify,
    printPdf,
  };
}

/** Tile server and service origins for the page CSP; refreshed when settings or profiles change. */
async function refreshCspOrigins(desk: FleetDeskCore): Promise<void> {
  try {
    cspOrigins = await cspOriginsFromCore(desk);
  } catch {
    // Keep the previous origins.
  }
}

/** The page policy for this load: the tile server and services may have changed since the last. */
async function pagePolicy(): Promise<string> {
  if (core) await refreshCspOrigins(core);
  return electronCsp(cspOrigins, devServerUrl);
}

function lockDownDefaultSession(): void {
  const ses = session.defaultSession;
  ses.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  ses.setPermissionCheckHandler(() => false);
  ses.setDevicePermissionHandler(() => false);
  ses.webRequest.onHeadersReceived((details, callback) => {
    if (details.resourceType !== 'mainFrame' || !isAllowedNavigation(details.url, appUrl)) {
      callback({ responseHeaders: details.responseHeaders });
      return;
    }
    void pagePolicy().then((policy) =>
      callback({
        responseHeaders: {
          ...details.responseHeaders,
          'Content-Security-Policy': [policy],
          'X-Content-Type-Options': ['nosniff'],
        },
      }),
    );
  });
  // The packaged page comes from file:, where a response header is not reliably applied:
  // answer it ourselves, with the same policy as its first <head> element (csp.ts).
  if (appUrl.startsWith('file:')) {
    ses.protocol.handle(
      'file',
      appPageHandler({
        appUrl,
        readFile: (path) => readFile(path, 'utf8'),
        policy: pagePolicy,
        forward: (request) => net.fetch(request, { bypassCustomProtocolHandlers: true }),
      }),
    );
  }
}

function sendMenuCommand(command: MenuCommand): void {
  const contents = mainWindow?.webContents;
  if (contents && !contents.isDestroyed()) contents.send(EVENT_IPC, 'menu:command', { command });
}

function createWindow(): BrowserWindow {
  const stateFile = join(app.getPath('userData'), WINDOW_STATE_FILE);
  const saved = loadWindowState(stateFile);
  const bounds = restorableBounds(
    saved,
    screen.getAllDisplays().map((d) => d.workArea),
  );
  const win = new BrowserWindow(mainWindowOptions(preloadPath, bounds));
  if (bounds && saved?.maximized) win.maximize();
  rememberWindowState(win, stateFile);
  guardNavigation(win.webContents, (url) => isAllowedNavigation(url, appUrl), (url) => void openExternal(url).catch(() => {}));
  win.once('ready-to-show', () => win.show());
  win.on('closed', () => {
    embed?.destroy();
    embed = null;
    if (mainWindow === win) mainWindow = null;
  });
  embed = createEmbedController({
    window: win,
    emit: (name, payload) => {
      if (!win.webContents.isDestroyed()) win.webContents.send(EVENT_IPC, name, payload);
    },
    openExternal: (url) => void openExternal(url).catch(() => {}),
    embedPolicy: async () => (core ? embedPolicyFromCore(core) : { site: null, origins: [] }),
  });
  void win.loadURL(appUrl);
  return win;
}

async function start(): Promise<void> {
  lockDownDefaultSession();
  // Defence in depth: no webContents anywhere may open windows or attach webviews.
  app.on('web-contents-created', (_event, contents) => {
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });

  // The core runs in its worker thread (FLEET_CORE_THREAD=main keeps it on this one); this thread relays.
  const desk = await startFleetDesk({ userDataDir: app.getPath('userData'), platform: platformHooks() });
  core = desk;
  // Map tiles through the core (cached for offline use), before the page asks for any.
  installTileProtocol(session.defaultSession, desk.tiles);
  await refreshCspOrigins(desk);
  registerIpc(ipcMain, desk, trustedSender(() => mainWindow, appUrl));
  forwardEvents(desk, () => mainWindow?.webContents ?? null);

  Menu.setApplicationMenu(Menu.buildFromTemplate(menuTemplate(sendMenuCommand, process.platform === 'darwin')));
  mainWindow = createWindow();
  await desk.start();

  app.on('activate', () => {
    if (!mainWindow) mainWindow = createWindow();
  });
}

/**
 * Points userData (and the session data under it) at FLEET_USER_DATA when set. Runs
 * before anything reads the folder: the single-instance lock lives in it too.
 */
function useDataFolderFromEnv(): boolean {
  let dir: string | null;
  try {
    dir = userDataOverride(process.env);
  } catch (err) {
    fail(err instanceof Error ? err.message : String(err));
    return false;
  }
  if (dir) {
    app.setPath('userData', dir);
    app.setPath('sessionData', dir);
  }
  return true;
}

if (!useDataFolderFromEnv()) {
  app.exit(1);
} else if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  registerTileScheme(protocol);
  app.on('second-instance', () => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  let stopped = false;
  app.on('before-quit', (event) => {
    if (stopped || !core) return;
    event.preventDefault();
    stopped = true;
    core
      .stop()
      .catch((err: unknown) => console.error(scrubSecrets(`Fleet Desk: stopping failed: ${err instanceof Error ? err.message : String(err)}`)))
      .finally(() => app.quit());
  });
  app
    .whenReady()
    .then(start)
    .catch((err: unknown) => {
      fail(`Fleet Desk could not start: ${err instanceof Error ? err.message : String(err)}`);
      app.exit(1);
    });
}
