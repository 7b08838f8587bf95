import { describe, expect, it, vi } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import type { MenuCommand } from '../../../src-main/contract';

vi.mock('electron', () => ({}));

const { menuTemplate } = await import('../../../src-main/electron/menu');

function items(template: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return template.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? items(item.submenu) : [])]);
}

function byLabel(template: MenuItemConstructorOptions[], label: string): MenuItemConstructorOptions {
  const found = items(template).find((i) => i.label === label);
  if (!found) throw new Error(`no menu item ${label}`);
  return found;
}

describe('application menu', () => {
  const sent: MenuCommand[] = [];
  const template = menuTemplate((c) => sent.push(c), false);

  it('has File, View, Map, Connection and Help menus', () => {
    expect(template.map((m) => m.label ?? m.role)).toEqual(['&File', 'editMenu', '&View', '&Map', '&Connection', 'help']);
  });

  it.each([
    ['Export…', 'export', 'CmdOrCtrl+E'],
    ['Refresh', 'refresh', 'CmdOrCtrl+R'],
    ['Focus search', 'focus-search', 'CmdOrCtrl+F'],
    ['Assets', 'show-assets', 'CmdOrCtrl+1'],
    ['Fleet', 'show-fleet', 'CmdOrCtrl+2'],
    ['Branch map', 'open-branch-map', 'CmdOrCtrl+M'],
    ['Selection map', 'open-selection-map', 'CmdOrCtrl+Shift+M'],
    ['Settings…', 'open-settings', 'CmdOrCtrl+,'],
    ['Profiles & sign-in…', 'open-connection', undefined],
  ] as const)('%s sends %s (%s)', (label, command, accelerator) => {
    const item = byLabel(template, label);
    expect(item.accelerator).toBe(accelerator);
    sent.length = 0;
    (item.click as () => void)();
    expect(sent).toEqual([command]);
  });

  it('sends every menu command there is, each from exactly one item', () => {
    const every: MenuCommand[] = ['refresh', 'focus-search', 'open-branch-map', 'open-selection-map', 'open-settings', 'open-connection', 'show-fleet', 'show-assets', 'export'];
    sent.length = 0;
    for (const item of items(template)) if (typeof item.click === 'function' && !item.role) (item.click as () => void)();
    expect([...sent].sort()).toEqual([...every].sort());
  });

  it('keeps reload off Ctrl+R (that is Refresh) and offers zoom, full screen and quit', () => {
    const roles = items(template).map((i) => i.role).filter(Boolean);
    expect(roles).toEqual(expect.arrayContaining(['reload', 'zoomIn', 'zoomOut', 'resetZoom', 'togglefullscreen', 'quit']));
    expect(items(template).find((i) => i.role === 'reload')?.accelerator).toBe('CmdOrCtrl+Shift+R');
    const accelerators = items(template).map((i) => i.accelerator).filter(Boolean);
    expect(new Set(accelerators).size).toBe(accelerators.length);
  });

  it('adds the app menu on macOS', () => {
    expect(menuTemplate(() => {}, true)[0].role).toBe('appMenu');
  });
});
