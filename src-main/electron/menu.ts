/**
 * The application menu as a pure template; commands go to the renderer as `menu:command`,
 * which runs each one exactly as its label says (test/unit/renderer/AppCommands.test.ts).
 */
import type { MenuItemConstructorOptions } from 'electron';
import type { MenuCommand } from '../contract';

export function menuTemplate(send: (command: MenuCommand) => void, isMac: boolean): MenuItemConstructorOptions[] {
  const command = (label: string, cmd: MenuCommand, accelerator?: string): MenuItemConstructorOptions => ({
    label,
    ...(accelerator ? { accelerator } : {}),
    click: () => send(cmd),
  });
  return [
    ...(isMac ? [{ role: 'appMenu' } as MenuItemConstructorOptions] : []),
    {
      label: '&File',
      submenu: [
        command('Export…', 'export', 'CmdOrCtrl+E'),
        { type: 'separator' },
        command('Settings…', 'open-settings', 'CmdOrCtrl+,'),
        { type: 'separator' },
        isMac ? { role: 'close' } : { role: 'quit', label: 'Quit' },
      ],
    },
    { role: 'editMenu' },
    {
      label: '&View',
      submenu: [
        command('Refresh', 'refresh', 'CmdOrCtrl+R'),
        command('Focus search', 'focus-search', 'CmdOrCtrl+F'),
        { type: 'separator' },
        command('Assets', 'show-assets', 'CmdOrCtrl+1'),
        command('Fleet', 'show-aemp', 'CmdOrCtrl+2'),
        command('Utilization', 'show-utilization', 'CmdOrCtrl+3'),
        command('Sites', 'show-sites'),
        { type: 'separator' },
        { role: 'reload', accelerator: 'CmdOrCtrl+Shift+R' },
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    {
      label: '&Map',
      submenu: [command('Branch map', 'open-branch-map', 'CmdOrCtrl+M'), command('Selection map', 'open-selection-map', 'CmdOrCtrl+Shift+M')],
    },
    {
      label: '&Connection',
      submenu: [command('Profiles & sign-in…', 'open-connection')],
    },
    { role: 'help', submenu: [{ role: 'about', label: 'About Fleet Desk' }] },
  ];
}
