/**
 * The colour theme: `data-theme="light|dark"` on <html> pins the CSS variables in app.css
 * to one scheme; no attribute follows the operating system. The last choice is also
 * remembered in this browser so the next start paints in it before the settings arrive.
 */
import { THEMES, type Theme } from '@contract';

export const THEME_STORAGE_KEY = 'fleet-desk.theme';

type Store = Pick<Storage, 'getItem' | 'setItem'>;

function safeStorage(): Store | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled
  }
}

export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement, storage: Store | null = safeStorage()): void {
  if (theme === 'light' || theme === 'dark') root.dataset.theme = theme;
  else delete root.dataset.theme;
  try {
    storage?.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Not remembered: the settings still apply it at the next start.
  }
}

/** Applies the theme remembered from the last run, if any (before the settings are known). */
export function restoreTheme(root: HTMLElement = document.documentElement, storage: Store | null = safeStorage()): void {
  let kept: string | null = null;
  try {
    kept = storage?.getItem(THEME_STORAGE_KEY) ?? null;
  } catch {
    kept = null;
  }
  if (kept && (THEMES as readonly string[]).includes(kept)) applyTheme(kept as Theme, root, storage);
}
