/**
 * The shortcut table is the one list of keys: the window's handler runs what it says,
 * and every Electron menu accelerator is the table's key for the same command (and the
 * table names no key for a menu command that the menu leaves without one).
 */
import { describe, expect, it, vi } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import type { MenuCommand } from '../../../../src-main/contract';
import { SHORTCUTS, WINDOW_SHORTCUTS, chordAccelerator, chordLabel, isTypingTarget, keysFor, shortcutFor } from '../../../../src-renderer/src/lib/shortcuts';

vi.mock('electron', () => ({}));
const { menuTemplate } = await import('../../../../src-main/electron/menu');

function items(template: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return template.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? items(item.submenu) : [])]);
}

/** Each menu command with the accelerator its item carries (or null). */
function menuAccelerators(isMac: boolean): Map<MenuCommand, string | null> {
  const found = new Map<MenuCommand, string | null>();
  for (const item of items(menuTemplate(() => {}, isMac))) {
    if (typeof item.click !== 'function' || item.role) continue;
    let sent: MenuCommand | null = null;
    const template = menuTemplate((c) => (sent = c), isMac);
    const same = items(template).find((i) => i.label === item.label && typeof i.click === 'function');
    (same?.click as () => void)();
    if (sent) found.set(sent, typeof item.accelerator === 'string' ? item.accelerator : null);
  }
  return found;
}

const press = (key: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }> = {}, target: EventTarget | null = null) =>
  shortcutFor({ key, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods, target });

describe('the shortcut table and the Electron menu', () => {
  it.each([false, true])('every menu accelerator is the table key of its command (macOS: %s)', (isMac) => {
    const menu = menuAccelerators(isMac);
    expect(menu.size).toBeGreaterThan(5);
    for (const [command, accelerator] of menu) {
      const row = WINDOW_SHORTCUTS.find((s) => s.command === command);
      const tableKeys = row ? row.keys.map(chordAccelerator) : [];
      if (accelerator === null) expect(tableKeys, `${command} has no menu key, so the table shows none`).toEqual([]);
      else expect(tableKeys, `${command}: menu ${accelerator}`).toContain(accelerator);
    }
  });

  it('every table key with a menu command is on that command\'s menu item', () => {
    const menu = menuAccelerators(false);
    for (const row of WINDOW_SHORTCUTS) {
      if (!menu.has(row.command as MenuCommand)) continue;
      expect(row.keys.map(chordAccelerator), row.command).toEqual([menu.get(row.command as MenuCommand)]);
    }
  });
});

describe('the window handler follows the table', () => {
  it('runs every key the table lists, with Ctrl or Cmd', () => {
    for (const row of WINDOW_SHORTCUTS) {
      for (const chord of row.keys) {
        const key = chord.key === 'Escape' || chord.key === 'F1' ? chord.key : chord.key.toLowerCase();
        expect(press(key, { ctrlKey: !!chord.mod, shiftKey: !!chord.shift }), chordLabel(chord)).toBe(row.command);
        if (chord.mod) expect(press(key, { metaKey: true, shiftKey: !!chord.shift })).toBe(row.command);
      }
    }
  });

  it('switches views with Ctrl+1, Ctrl+2 and Ctrl+3, in the browser as in the app window', () => {
    expect(press('1', { ctrlKey: true })).toBe('show-assets');
    expect(press('2', { metaKey: true })).toBe('show-aemp');
    expect(press('3', { ctrlKey: true })).toBe('show-utilization');
    expect(press('3')).toBeNull();
    expect(press('1')).toBeNull();
  });

  it('opens the keyboard help on F1 or ?, but a ? typed in a field stays text', () => {
    expect(press('F1')).toBe('keyboard-help');
    expect(press('?', { shiftKey: true })).toBe('keyboard-help');
    const search = document.createElement('input');
    search.type = 'search';
    expect(press('?', { shiftKey: true }, search)).toBeNull();
    expect(press('?', { shiftKey: true }, document.createElement('textarea'))).toBeNull();
    const checkbox = document.createElement('input');
    checkbox.type = 'checkbox';
    expect(press('?', { shiftKey: true }, checkbox)).toBe('keyboard-help');
  });

  it('keeps Shift, Alt and missing modifiers apart', () => {
    expect(press('m', { ctrlKey: true })).toBe('open-branch-map');
    expect(press('M', { ctrlKey: true, shiftKey: true })).toBe('open-selection-map');
    expect(press('r', { ctrlKey: true, altKey: true })).toBeNull();
    expect(press('r', { ctrlKey: true, shiftKey: true })).toBeNull();
    expect(press('f')).toBeNull();
  });

  it('knows a field a dispatcher types in', () => {
    expect(isTypingTarget(null)).toBe(false);
    expect(isTypingTarget(document.createElement('button'))).toBe(false);
    expect(isTypingTarget(document.createElement('select'))).toBe(true);
    const editable = document.createElement('div');
    editable.contentEditable = 'true';
    // jsdom does not compute isContentEditable; the browser does.
    Object.defineProperty(editable, 'isContentEditable', { value: true });
    expect(isTypingTarget(editable)).toBe(true);
  });

  it('quotes the table in tooltips', () => {
    expect(keysFor('open-branch-map')).toBe('Ctrl+M');
    expect(keysFor('keyboard-help')).toBe('F1 or ?');
    expect(keysFor('open-connection')).toBe('');
  });

  it('lists each place\'s keys once', () => {
    const seen = new Set<string>();
    for (const row of SHORTCUTS) for (const chord of row.keys) {
      const id = `${row.where}|${chordLabel(chord)}`;
      expect(seen.has(id), id).toBe(false);
      seen.add(id);
    }
  });
});
