/**
 * What a branch shows is that branch's: a switch clears what was passing (trail, embedded
 * map, Fleet view errors) and brings back what the dispatcher left there (the selection).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setBridge } from '../../../../src-renderer/src/lib/bridge';
import { DEFAULT_SETTINGS } from '@contract';
import type { AppError, Profile, ProfilesState } from '../../../../src-main/contract';
import { asset, FakeBridge, NOW, resetStores, snapshot, status } from '../fixtures';
import { assets } from '../../../../src-renderer/src/state/assets.svelte';
import { selection } from '../../../../src-renderer/src/state/selection.svelte';
import { ui } from '../../../../src-renderer/src/state/ui.svelte';
import { startStores } from '../../../../src-renderer/src/state/app-start';
import { AempViewState } from '../../../../src-renderer/src/state/aemp-view.svelte';
import { EmbedController } from '../../../../src-renderer/src/state/embed.svelte';
import { deferred } from '../../../fixtures/deferred';
import { appEvents } from '../../../../src-renderer/src/state/events';

function profile(id: string, signedIn = true): Profile {
  return { id, name: id, baseUrl: 'https://fleet.example.com/v1', aempUrl: '', authorizeUrl: '', tokenUrl: '', clientId: '', scopes: '', builtIn: id === 'demo', hasClientSecret: false, signedIn, embedOrigins: [], speedUnit: 'unstated' };
}

function profilesWith(activeId: string, northSignedIn = true): ProfilesState {
  return { profiles: [profile('demo'), profile('north', northSignedIn)], activeId };
}

const TRAIL = [{ lat: 40, lng: -111, collectedOn: '2026-11-22T11:00:00Z' }];
const NOT_SIGNED_IN: AppError = { kind: 'unauthorized', message: 'Not signed in to this connection' };

let bridge: FakeBridge;
const fleet = [asset(1), asset(2), asset(3), asset(16)];

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
  bridge = new FakeBridge()
    .handle('app:info', () => ({ shell: 'web', version: '0.1.0', platform: 'linux', demo: true }))
    .handle('settings:get', () => ({ ...DEFAULT_SETTINGS, list: { ...DEFAULT_SETTINGS.list, filters: [] } }))
    .handle('status:get', () => status())
    .handle('profiles:list', () => profilesWith('north'))
    .handle('assets:get', () => snapshot(fleet, { profileId: 'north' }))
    .handle('trail:get', () => TRAIL);
  setBridge(bridge);
});
afterEach(() => {
  resetStores();
  vi.useRealTimers();
  setBridge(null);
});

/** The main side switches the active branch and sends that branch's list. */
function switchTo(profileId: string, state: ProfilesState = profilesWith(profileId)): void {
  bridge.emit('profiles:changed', state);
  bridge.emit('assets', snapshot(fleet, { profileId }));
}

async function started(): Promise<void> {
  resetStores(Date.now);
  await startStores();
  await vi.advanceTimersByTimeAsync(0); // the profile list arrives
}

describe('a trail is one branch’s', () => {
  it('a trail shown in North is gone from the map after a switch, though the other branch has an asset of the same id', async () => {
    await started();
    await assets.showTrail('thing:16');
    expect(assets.trail?.assetId).toBe('thing:16');
    bridge.emit('profiles:changed', profilesWith('demo'));
    expect(assets.trail).toBeNull(); // at once, not when the next list comes
  });

  it('a trail is gone when the other branch’s list comes before the switch is announced', async () => {
    await started();
    await assets.showTrail('thing:16');
    bridge.emit('assets', snapshot(fleet, { profileId: 'demo' }));
    expect(assets.trail).toBeNull();
  });

  it('a trail asked for in North and answered after the switch is not drawn on the next branch’s map', async () => {
    await started();
    const answer = deferred<typeof TRAIL>();
    bridge.handle('trail:get', () => answer.promise);
    const asked = assets.showTrail('thing:16');
    switchTo('demo');
    answer.resolve(TRAIL);
    await asked;
    expect(assets.trail).toBeNull();
  });
});

describe('a selection is one branch’s, and comes back with it', () => {
  it('shows nothing selected in the next branch and the same assets again on the way back', async () => {
    await started();
    selection.click('thing:16', {});
    selection.click('thing:2', { ctrl: true });
    switchTo('demo');
    expect(selection.current.selected.size).toBe(0);
    expect(selection.focusedAsset).toBeNull();
    selection.click('thing:3', {});
    switchTo('north');
    expect([...selection.current.selected].sort()).toEqual(['thing:16', 'thing:2']);
    expect(selection.current.focused).toBe('thing:2');
    switchTo('demo');
    expect([...selection.current.selected]).toEqual(['thing:3']);
  });

  it('brings the list back to the focused row when the selection comes back', async () => {
    await started();
    selection.click('thing:16', {});
    switchTo('demo');
    let reveals = 0;
    const off = appEvents.on('reveal-focused', () => reveals++);
    switchTo('north');
    off();
    expect(selection.current.focused).toBe('thing:16');
    expect(reveals).toBe(1);
  });

  it('brings back only the assets the branch still has', async () => {
    await started();
    selection.click('thing:16', {});
    switchTo('demo');
    bridge.emit('profiles:changed', profilesWith('north'));
    bridge.emit('assets', snapshot([asset(1)], { profileId: 'north' }));
    expect(selection.current.selected.size).toBe(0);
    expect(selection.current.focused).toBeNull();
  });

  it('is not brought back before the branch’s own list arrives (the old list’s rows are other assets)', async () => {
    await started();
    selection.click('thing:16', {});
    switchTo('demo');
    bridge.emit('profiles:changed', profilesWith('north'));
    expect(selection.current.selected.size).toBe(0);
  });
});

describe('the Fleet view follows the branch', () => {
  function fleetView(list: () => unknown): AempViewState {
    bridge.handle('aemp:cached', () => null).handle('aemp:list', list as never);
    const view = new AempViewState();
    view.start();
    return view;
  }

  it('a "Not signed in" of one branch is gone after switching to a signed-in one, whose listing loads', async () => {
    await started();
    let signedIn = false;
    const view = fleetView(() => {
      if (!signedIn) throw Object.assign(new Error(NOT_SIGNED_IN.message), NOT_SIGNED_IN);
      return { version: '2.0', equipment: [], issues: [], fetchedAt: '2026-11-22T11:59:00Z', source: 'network' };
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(view.listError?.message).toBe('Not signed in to this connection');
    signedIn = true;
    switchTo('demo');
    await vi.advanceTimersByTimeAsync(0);
    expect(view.listError).toBeNull();
    expect(view.listing?.version).toBe('2.0');
    view.stop();
  });

  it('signing in to the active branch clears its "Not signed in" and loads the listing', async () => {
    bridge.handle('profiles:list', () => profilesWith('north', false));
    await started();
    let signedIn = false;
    const view = fleetView(() => {
      if (!signedIn) throw Object.assign(new Error(NOT_SIGNED_IN.message), NOT_SIGNED_IN);
      return { version: '2.0', equipment: [], issues: [], fetchedAt: '2026-11-22T11:59:00Z', source: 'network' };
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(view.listError).not.toBeNull();
    signedIn = true;
    bridge.emit('profiles:changed', profilesWith('north', true));
    await vi.advanceTimersByTimeAsync(0);
    expect(view.listError).toBeNull();
    expect(view.listing).not.toBeNull();
    view.stop();
  });

  it('a machine open and a look-up error in one branch are not shown in the next', async () => {
    await started();
    const view = fleetView(() => new Promise(() => undefined));
    bridge.handle('aemp:equipment', () => {
      throw Object.assign(new Error('No such machine'), { kind: 'not-found', message: 'No such machine' });
    });
    await view.lookUp('EX-404');
    expect(view.lookupError).not.toBeNull();
    switchTo('demo');
    expect(view.lookupError).toBeNull();
    expect(view.selected).toBeNull();
    view.stop();
  });
});

describe('an embedded map is one branch’s', () => {
  it('closes on a switch, and a later switch does not touch a closed panel', async () => {
    await started();
    bridge
      .handle('embed:open', () => ({ id: 's1', kind: 'branch', assetIds: [], url: 'http://127.0.0.1:7001/embed/auth?jws=1', expiresAt: new Date(Date.now() + 3600_000).toISOString(), requestedAt: new Date().toISOString() }))
      .handle('embed:hide', () => undefined);
    const embed = new EmbedController();
    await embed.open({ kind: 'branch' });
    expect(embed.isOpen).toBe(true);
    switchTo('demo');
    expect(embed.isOpen).toBe(false);
    expect(embed.session).toBeNull();
    await embed.open({ kind: 'branch' });
    embed.close();
    switchTo('north');
    expect(bridge.callsTo('embed:open')).toHaveLength(2);
  });
});


describe('the list’s sort, filters and columns are the branch’s (kept on the main side)', () => {
  it('shows the sort the main side announces for the branch switched to', async () => {
    await started();
    expect(ui.list.sort).toBe('name');
    bridge.emit('profiles:changed', profilesWith('demo'));
    bridge.emit('settings', { ...DEFAULT_SETTINGS, list: { ...DEFAULT_SETTINGS.list, sort: 'fuel', descending: true } });
    expect(ui.list).toMatchObject({ sort: 'fuel', descending: true });
    expect(assets.visibleIds).toHaveLength(fleet.length);
  });

  it('a change not yet saved when the branch switches is not saved into the next branch', async () => {
    await started();
    ui.updateList({ sort: 'fuel' });
    bridge.emit('profiles:changed', profilesWith('demo'));
    await vi.advanceTimersByTimeAsync(2_000);
    expect(bridge.callsTo('settings:set')).toEqual([]);
    expect(ui.list.sort).toBe('name');
  });

  it('a saved change shows at once and stays once the settings hold it', async () => {
    let saved = { ...DEFAULT_SETTINGS, list: { ...DEFAULT_SETTINGS.list, filters: [] as string[] } };
    bridge.handle('settings:set', (patch) => {
      saved = { ...saved, ...(patch as Partial<typeof saved>) };
      bridge.emit('settings', saved);
    });
    await started();
    ui.updateList({ sort: 'fuel' });
    expect(ui.list.sort).toBe('fuel');
    await vi.advanceTimersByTimeAsync(600);
    expect(bridge.callsTo('settings:set')).toEqual([[{ list: { ...saved.list } }]]);
    expect(ui.list.sort).toBe('fuel');
  });
});
