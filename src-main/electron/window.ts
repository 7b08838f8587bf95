/**
 * The main window: its options (the shared secure web preferences plus the preload;
 * pure, so tests can check them) and the
 * size/position remembered in userData `window-state.json`.
 */
import { readFileSync, writeFileSync, renameSync } from 'node:fs';
import * as v from 'valibot';
import type { BrowserWindow, BrowserWindowConstructorOptions, Rectangle } from 'electron';
import { SECURE_WEB_PREFERENCES } from './secure-web-preferences';

export const WINDOW_STATE_FILE = 'window-state.json';
const DEFAULT_SIZE = { width: 1280, height: 820 };
/** How much of a saved window must lie on a display for it to be restored there. */
const MIN_VISIBLE = { width: 120, height: 80 };

export interface WindowState extends Rectangle {
  maximized: boolean;
}

export function mainWindowOptions(preloadPath: string, bounds?: Rectangle): BrowserWindowConstructorOptions {
  return {
    ...DEFAULT_SIZE,
    ...bounds,
    minWidth: 800,
    minHeight: 520,
    title: 'Fleet Desk',
    backgroundColor: '#f5f5f2',
    show: false,
    webPreferences: { ...SECURE_WEB_PREFERENCES, preload: preloadPath },
  };
}

const finite = v.pipe(v.number(), v.finite());
const stateSchema = v.object({
  x: finite,
  y: finite,
  width: v.pipe(finite, v.minValue(200), v.maxValue(20_000)),
  height: v.pipe(finite, v.minValue(150), v.maxValue(20_000)),
  maximized: v.optional(v.boolean(), false),
});

/** The saved state, or null when the file is missing or not what we wrote. */
export function parseWindowState(text: string): WindowState | null {
  try {
    const result = v.safeParse(stateSchema, JSON.parse(text));
    return result.success ? result.output : null;
  } catch {
    return null;
  }
}

function overlap(a: Rectangle, b: Rectangle): { width: number; height: number } {
  return {
    width: Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x),
    height: Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y),
  };
}

/** The saved bounds when enough of them lie on one of today's displays (monitors change). */
export function restorableBounds(state: WindowState | null, workAreas: Rectangle[]): Rectangle | undefined {
  if (!state) return undefined;
  const visible = workAreas.some((area) => {
    const o = overlap(state, area);
    return o.width >= MIN_VISIBLE.width && o.height >= MIN_VISIBLE.height;
  });
  if (!visible) return undefined;
  return { x: Math.round(state.x), y: Math.round(state.y), width: Math.round(state.width), height: Math.round(state.height) };
}

export function loadWindowState(file: string): WindowState | null {
  try {
    return parseWindowState(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** Writes atomically (temp file + rename) so a crash never leaves half a file. */
export function saveWindowState(file: string, state: WindowState): void {
  try {
    const temp = `${file}.tmp`;
    writeFileSync(temp, JSON.stringify(state), { mode: 0o600 });
    renameSync(temp, file);
  } catch {
    // Losing the window position is harmless.
  }
}

/** Saves the window's normal bounds and maximized flag when it closes. */
export function rememberWindowState(win: BrowserWindow, file: string): void {
  win.on('close', () => {
    saveWindowState(file, { ...win.getNormalBounds(), maximized: win.isMaximized() });
  });
}
