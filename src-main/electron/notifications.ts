/**
 * Desktop notifications for new alerts (Electron's `Notification`). The core has already
 * grouped them and made their text plain; here a click brings the window forward and asks
 * the renderer to select the asset ('alerts:focus').
 */
import { Notification, type BrowserWindow } from 'electron';
import type { FleetEvents } from '../contract';
import { EVENT_IPC } from '../core/ipc/channels';
import type { DesktopNotification } from '../core/ports';

/** Notifications kept referenced until clicked or closed (a collected one loses its click). */
export const MAX_LIVE_NOTIFICATIONS = 20;

export type Notify = (notification: DesktopNotification) => void;

/** Builds the shell's `notify` hook; Electron is asked about notifications only when one is shown. */
export function createDesktopNotifier(getWindow: () => BrowserWindow | null): Notify {
  const live = new Set<Notification>();
  return (n) => {
    if (!Notification.isSupported()) return;
    const note = new Notification({ title: n.title, body: n.body, silent: false });
    live.add(note);
    if (live.size > MAX_LIVE_NOTIFICATIONS) live.delete(live.values().next().value as Notification);
    note.on('click', () => {
      live.delete(note);
      const win = getWindow();
      if (!win || win.isDestroyed()) return;
      if (win.isMinimized()) win.restore();
      win.show();
      win.focus();
      const payload: FleetEvents['alerts:focus'] = { assetId: n.assetId };
      if (!win.webContents.isDestroyed()) win.webContents.send(EVENT_IPC, 'alerts:focus', payload);
    });
    note.on('close', () => live.delete(note));
    note.show();
  };
}
