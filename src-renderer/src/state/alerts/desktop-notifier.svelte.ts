/**
 * The web shell's desktop notifications for new alerts: the browser's permission, asking
 * for it, and showing what the main side built. In Electron the main side shows them.
 */
import type { AlertNotification } from '@contract';
import { browserNotificationApi, permissionOf, showNotifications, type NotificationApi, type PermissionState } from '../../lib/alerts/notifications';

export class DesktopNotifier {
  permission = $state<PermissionState>('unsupported');

  #api: NotificationApi | null;
  #focusWindow: () => void;

  constructor(api: NotificationApi | null | undefined, focusWindow: (() => void) | undefined) {
    this.#api = api === undefined ? browserNotificationApi() : api;
    this.#focusWindow = focusWindow ?? (() => window.focus());
    this.permission = permissionOf(this.#api);
  }

  /** Which Notification class and window focus to use (tests; the app keeps the browser's). */
  use(api: NotificationApi | null, focusWindow?: () => void): void {
    this.#api = api;
    if (focusWindow) this.#focusWindow = focusWindow;
    this.permission = permissionOf(api);
  }

  /** Reads the permission again: the dispatcher may have changed it in the browser. */
  refreshPermission(): void {
    this.permission = permissionOf(this.#api);
  }

  /** Asks the browser for permission; call only from a click (browsers ignore it otherwise). */
  async requestPermission(): Promise<void> {
    const api = this.#api;
    if (!api) return;
    try {
      this.permission = await api.requestPermission();
    } catch {
      this.permission = api.permission;
    }
  }

  /** Shows the notifications; a click brings the window to the front, then runs `onClick`. */
  show(notifications: readonly AlertNotification[], onClick: (spec: AlertNotification) => void): void {
    if (notifications.length === 0) return;
    this.refreshPermission();
    showNotifications(this.#api, notifications, (spec) => {
      this.#focusWindow();
      onClick(spec);
    });
  }
}
