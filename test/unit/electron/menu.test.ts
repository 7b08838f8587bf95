import { beforeEach, describe, expect, it, vi } from 'vitest';
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
  // Built before each test rather than once while the file loads, so each test sees
  // what menuTemplate returns at that moment (mutation testing switches changes on per test).
  let template: MenuItemConstructorOptions[] = [];
  beforeEach(() => {
    template = menuTemplate((c) => sent.push(c), false);
  });

  it('has File, View, Map, Connection and Help menus', () => {
    expect(template.map((m) => m.label ?? m.role)).toEqual(['&File', 'editMenu', '&View', '&Map', '&Connection', 'help']);
  });

  it.each([
    ['Export…', 'export', 'CmdOrCtrl+E'],
    ['Refresh', 'refresh', 'CmdOrCtrl+R'],
    ['Focus search', 'focus-search', 'CmdOrCtrl+F'],
    ['Assets', 'show-assets', 'CmdOrCtrl+1'],
    ['Fleet', 'show-aemp', 'CmdOrCtrl+2'],
    ['Utilization', 'show-utilization', 'CmdOrCtrl+3'],
    ['Sites', 'show-sites', undefined],
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
    const every: MenuCommand[] = ['refresh', 'focus-search', 'open-branch-map', 'open-selection-map', 'open-settings', 'open-connection', 'show-aemp', 'show-assets', 'show-utilization', 'export', 'show-sites'];
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

  it('is laid out exactly so: labels, roles, separators and shortcuts, on Windows/Linux and macOS', () => {
    type Plain = string | [string, Plain[]];
    const plain = (list: MenuItemConstructorOptions[]): Plain[] =>
      list.map((i) => {
        const name = i.type === 'separator' ? '---' : `${i.label ?? ''}${i.role ? `(${i.role})` : ''}${i.accelerator ? ` ${i.accelerator}` : ''}`;
        return Array.isArray(i.submenu) ? [name, plain(i.submenu)] : name;
      });
    const rest: Plain[] = [
      '(editMenu)',
      ['&View', ['Refresh CmdOrCtrl+R', 'Focus search CmdOrCtrl+F', '---', 'Assets CmdOrCtrl+1', 'Fleet CmdOrCtrl+2', 'Utilization CmdOrCtrl+3', 'Sites', '---', '(reload) CmdOrCtrl+Shift+R', '---', '(resetZoom)', '(zoomIn)', '(zoomOut)', '---', '(togglefullscreen)']],
      ['&Map', ['Branch map CmdOrCtrl+M', 'Selection map CmdOrCtrl+Shift+M']],
      ['&Connection', ['Profiles & sign-in…']],
      ['(help)', ['About Fleet Desk(about)']],
    ];
    const file = (last: string): Plain => ['&File', ['Export… CmdOrCtrl+E', '---', 'Settings… CmdOrCtrl+,', '---', last]];
    expect(plain(template)).toEqual([file('Quit(quit)'), ...rest]);
    expect(plain(menuTemplate(() => {}, true))).toEqual(['(appMenu)', file('(close)'), ...rest]);
  });

  it('adds the app menu on macOS', () => {
    expect(menuTemplate(() => {}, true)[0].role).toBe('appMenu');
  });
});
