/** The header and the window title name the active branch and follow switches. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/svelte';
import type { AppInfo, Profile, ProfilesState } from '../../../src-main/contract';
import type { FakeBridge} from './fixtures';
import { snapshot } from './fixtures';
import { appBridge, mountApp, useAppHarness } from './app-harness';


function profile(id: string, name: string): Profile {
  return { id, name, baseUrl: 'https://fleet.example.com/v1', aempUrl: '', authorizeUrl: '', tokenUrl: '', clientId: '', scopes: '', builtIn: id === 'demo', hasClientSecret: false, signedIn: true, embedOrigins: [], speedUnit: 'unstated' };
}

let bridge: FakeBridge;
let info: AppInfo;
let profiles: ProfilesState;

beforeEach(() => {
  info = { shell: 'web', version: '0.1.0', platform: 'linux', demo: true };
  profiles = { profiles: [profile('demo', 'Demo service'), profile('p-north', 'North yard <Ogden>')], activeId: 'demo' };
  bridge = appBridge()
    .handle('app:info', () => info)
    .handle('assets:get', () => snapshot([]))
    .handle('profiles:list', () => profiles);
  document.title = 'Fleet Desk';
});
useAppHarness(() => bridge);

describe('App: the active branch', () => {
  it('is named in the header and the window title, and both follow a switch without a reload', async () => {
    await mountApp();
    const header = screen.getByRole('banner');
    await vi.waitFor(() => expect(within(header).getByTestId('branch-name')).toHaveTextContent('Demo service'));
    expect(document.title).toBe('Demo service — Fleet Desk');
    expect(screen.getByText('Demo service', { selector: '.statusbar *' })).toBeInTheDocument();

    // Switch (from the connection panel, or another window): the main side announces it.
    info = { ...info, demo: false };
    profiles = { ...profiles, activeId: 'p-north' };
    bridge.emit('profiles:changed', profiles);

    await vi.waitFor(() => expect(within(header).getByTestId('branch-name')).toHaveTextContent('North yard <Ogden>'));
    expect(document.title).toBe('North yard <Ogden> — Fleet Desk');
    // The demo badge goes with the demo profile, at once.
    await vi.waitFor(() => expect(screen.queryByText('Demo service', { selector: '.statusbar *' })).toBeNull());
    // Service text is text: the name is not parsed as markup.
    expect(within(header).getByTestId('branch-name').querySelector('ogden')).toBeNull();
  });

  it('without a profile list (an older main side) the title stays plain', async () => {
    bridge.handlers.delete('profiles:list');
    await mountApp();
    await screen.findByRole('tab', { name: 'Assets' });
    await new Promise((r) => setTimeout(r, 0));
    expect(document.title).toBe('Fleet Desk');
    expect(screen.queryByTestId('branch-name')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
