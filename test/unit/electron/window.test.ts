import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => ({}));

const { SECURE_WEB_PREFERENCES } = await import('../../../src-main/electron/secure-web-preferences');
const { loadWindowState, mainWindowOptions, parseWindowState, rememberWindowState, restorableBounds, saveWindowState } = await import('../../../src-main/electron/window');

describe('main window options', () => {
  // Built inside each test, not once while the file loads, so a test sees what the
  // code returns at that moment (mutation testing switches changes on per test).
  const options = () => mainWindowOptions('/app/out/preload/index.cjs');
  const prefs = () => options().webPreferences ?? {};

  it('loads the built CommonJS preload', () => expect(prefs().preload).toBe('/app/out/preload/index.cjs'));
  it('stays hidden until ready-to-show', () => expect(options().show).toBe(false));
  it('is exactly the secure preferences, the preload and the window size, nothing more', () => {
    expect(options()).toEqual({
      width: 1280,
      height: 820,
      minWidth: 800,
      minHeight: 520,
      title: 'Fleet Desk',
      backgroundColor: '#f5f5f2',
      show: false,
      webPreferences: {
        preload: '/app/out/preload/index.cjs',
        ...SECURE_WEB_PREFERENCES,
      },
    });
  });
  it('uses restored bounds when given', () => {
    expect(mainWindowOptions('p', { x: 10, y: 20, width: 900, height: 700 })).toMatchObject({ x: 10, y: 20, width: 900, height: 700 });
  });
});

describe('window state', () => {
  const display = { x: 0, y: 0, width: 1920, height: 1040 };

  it('restores bounds that are on a display', () => {
    expect(restorableBounds({ x: 100, y: 50, width: 1200, height: 800, maximized: false }, [display])).toEqual({ x: 100, y: 50, width: 1200, height: 800 });
  });

  it('does not restore a window left on a display that is gone', () => {
    expect(restorableBounds({ x: 2500, y: 50, width: 1200, height: 800, maximized: false }, [display])).toBeUndefined();
    expect(restorableBounds({ x: 1900, y: 50, width: 1200, height: 800, maximized: false }, [display])).toBeUndefined();
    expect(restorableBounds({ x: 2500, y: 50, width: 1200, height: 800, maximized: false }, [display, { x: 1920, y: 0, width: 2560, height: 1400 }])).toBeDefined();
    expect(restorableBounds(null, [display])).toBeUndefined();
  });

  it('needs 120 × 80 pixels of the window on one display, counting both directions', () => {
    const at = (x: number, y: number) => restorableBounds({ x, y, width: 1200, height: 800, maximized: false }, [display]);
    expect(at(1920 - 120, 0)).toBeDefined(); // exactly 120 wide on screen
    expect(at(1920 - 119, 0)).toBeUndefined();
    expect(at(0, 1040 - 80)).toBeDefined(); // exactly 80 high on screen
    expect(at(0, 1040 - 79)).toBeUndefined();
    expect(at(0, 1000)).toBeUndefined(); // wide enough but only 40 px high
    expect(at(0, -800 + 79)).toBeUndefined(); // above the display
    expect(at(-1200 + 119, 0)).toBeUndefined(); // left of the display
  });

  it('rounds restored bounds to whole pixels', () => {
    expect(restorableBounds({ x: 10.4, y: 20.6, width: 900.5, height: 700.2, maximized: true }, [display])).toEqual({ x: 10, y: 21, width: 901, height: 700 });
  });

  it('ignores damaged or foreign state files', () => {
    expect(parseWindowState('{')).toBeNull();
    expect(parseWindowState('{"x":1,"y":1,"width":"big","height":5}')).toBeNull();
    expect(parseWindowState('{"x":1,"y":1,"width":1e9,"height":600}')).toBeNull();
    expect(parseWindowState('{"x":1,"y":2,"width":800,"height":600}')).toEqual({ x: 1, y: 2, width: 800, height: 600, maximized: false });
  });

  it('round-trips through window-state.json', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fleet-win-'));
    const file = join(dir, 'window-state.json');
    expect(loadWindowState(file)).toBeNull();
    saveWindowState(file, { x: 5, y: 6, width: 1000, height: 700, maximized: true });
    expect(loadWindowState(file)).toEqual({ x: 5, y: 6, width: 1000, height: 700, maximized: true });
    await writeFile(file, 'garbage');
    expect(loadWindowState(file)).toBeNull();
    expect(await readFile(file, 'utf8')).toBe('garbage');
    await rm(dir, { recursive: true, force: true });
  });

  it('writes the state readable by the user only, and never leaves the temp file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fleet-win-'));
    const file = join(dir, 'window-state.json');
    saveWindowState(file, { x: 5, y: 6, width: 1000, height: 700, maximized: false });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    await expect(stat(`${file}.tmp`)).rejects.toThrow();
    saveWindowState(join(dir, 'missing-folder', 'window-state.json'), { x: 5, y: 6, width: 1000, height: 700, maximized: false });
    await rm(dir, { recursive: true, force: true });
  });

  it('saves the normal bounds and the maximized flag when the window closes', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fleet-win-'));
    const file = join(dir, 'window-state.json');
    const handlers = new Map<string, () => void>();
    const win = {
      on: (name: string, fn: () => void) => handlers.set(name, fn),
      getNormalBounds: () => ({ x: 1, y: 2, width: 1000, height: 700 }),
      isMaximized: () => true,
    };
    rememberWindowState(win as never, file);
    expect(loadWindowState(file)).toBeNull();
    handlers.get('close')?.();
    expect(loadWindowState(file)).toEqual({ x: 1, y: 2, width: 1000, height: 700, maximized: true });
    await rm(dir, { recursive: true, force: true });
  });
});
