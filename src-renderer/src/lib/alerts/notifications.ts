/**
 * Desktop notifications for new alerts in the web shell, through the browser's
 * Notification API (in Electron the main side shows them). The main side builds them,
 * grouped and as plain text, in the 'alerts:new' event; this shows exactly those.
 */
import type { AlertNotification } from '@contract';

// ---------------------------------------------------------------- the browser API

export type PermissionState = NotificationPermission | 'unsupported';

export interface NotificationLike {
  onclick: ((this: unknown, ev: Event) => unknown) | null;
  close(): void;
}

/** The part of the browser's `Notification` class used here (tests pass a fake). */
export interface NotificationApi {
  readonly permission: NotificationPermission;
  requestPermission(): Promise<NotificationPermission>;
  new (title: string, options?: NotificationOptions): NotificationLike;
}

export function browserNotificationApi(): NotificationApi | null {
  return typeof Notification === 'undefined' ? null : (Notification as unknown as NotificationApi);
}

export function permissionOf(api: NotificationApi | null): PermissionState {
  return api ? api.permission : 'unsupported';
}

/**
 * Shows the notifications when permission was granted; returns how many were shown. A click
 * calls `onClick` with the spec and closes the notification.
 */
export function showNotifications(api: NotificationApi | null, specs: readonly AlertNotification[], onClick: (spec: AlertNotification) => void): number {
  if (!api || api.permission !== 'granted') return 0;
  let shown = 0;
  for (const spec of specs) {
    try {
      const n = new api(spec.title, { body: spec.body, tag: spec.tag });
      n.onclick = () => {
        onClick(spec);
        n.close();
      };
      shown++;
    } catch {
      // Some browsers only allow notifications from a service worker: the panel still lists the alert.
    }
  }
  return shown;
}
