import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FleetEvents } from '../../../src-main/contract';
import type { FleetDeskCore } from '../../../src-main/core/ports';
import { makeTempDir, startCore, type CoreRun, type RecordedEvent } from '../../soak/harness';

// The assembled core on its built-in demo service, as the web shell runs it.
describe('createFleetDesk (built-in demo)', () => {
  let run: CoreRun;
  let remove: () => Promise<void>;
  let core: FleetDeskCore;
  let events: RecordedEvent[];

  beforeAll(async () => {
    let dir: string;
    ({ dir, remove } = await makeTempDir('fleet-desk-core-'));
    // No FLEET_BASE_URL: the demo profile; no Secret Service here: the vault uses memory.
    run = await startCore({ userDataDir: dir, env: { FLEET_DEMO_ASSETS: '25', DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent' } });
    ({ core, events } = run);
  });

  afterAll(async () => {
    await run.stop();
    await remove();
  });

  it('signs the demo profile in and fetches the list from the network', async () => {
    await core.handlers['assets:refresh']();
    const snapshot = events.filter((e) => e.name === 'assets').at(-1)!.payload as FleetEvents['assets'];
    expect(snapshot.source).toBe('network');
    expect(snapshot.profileId).toBe('demo');
    expect(snapshot.assets).toHaveLength(25);
    expect((await core.handlers['app:info']()).demo).toBe(true);
    expect((await core.handlers['status:get']()).state).toBe('online');
    expect(events.some((e) => e.name === 'assets')).toBe(true);
  });

  it('draws the demo map for the demo profile and announces settings changes to every view', async () => {
    const before = await core.handlers['settings:get']();
    expect(before.tileUrl).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png'); // for real profiles
    const base = await core.handlers['map:base']();
    expect(base).toMatchObject({ kind: 'demo', host: '' });
    expect(base.places.map((p) => p.name)).toContain('Salt Lake City');
    const tile = await core.tiles!.tile({ z: 12, x: 772, y: 1540 });
    expect(tile).toMatchObject({ status: 200, contentType: 'image/png' });
    await core.handlers['settings:set']({ units: 'imperial' });
    const announced = events.filter((e) => e.name === 'settings').map((e) => e.payload as { units: string });
    expect(announced.at(-1)?.units).toBe('imperial');
  });

  it('opens embed sessions and treats embed:show as a no-op in the web shell', async () => {
    const session = await core.handlers['embed:open']({ kind: 'branch' });
    expect(session.url).toContain('/embed/auth?');
    expect(Date.parse(session.expiresAt)).toBeGreaterThan(Date.parse(session.requestedAt));
    await expect(core.handlers['embed:show'](session.id, { x: 0, y: 0, width: 10, height: 10 })).resolves.toBeUndefined();
  });

  it('keeps the list after signing out and reports signed-out', async () => {
    await core.handlers['auth:signOut']('demo', true);
    expect((await core.handlers['status:get']()).state).toBe('signed-out');
    const cached = await core.handlers['assets:get']();
    expect(cached?.assets).toHaveLength(25);
  });

  it('announces the base map when the active profile or the tile settings change', async () => {
    const lastBase = () => events.filter((e) => e.name === 'map:base').at(-1)?.payload as { kind: string; host: string } | undefined;
    const id = await core.handlers['profiles:save']({ name: 'North', baseUrl: 'https://fleet.example/v1', aempUrl: '', authorizeUrl: '', tokenUrl: '', clientId: '', scopes: '' });
    await core.handlers['profiles:switch'](id);
    expect(lastBase()).toMatchObject({ kind: 'server', host: 'tile.openstreetmap.org' });
    await core.handlers['settings:set']({ tileUrl: 'https://tiles.example/{z}/{x}/{y}.png', tileAttribution: 'Example' });
    expect(lastBase()).toMatchObject({ kind: 'server', host: 'tiles.example' });
    await core.handlers['profiles:switch']('demo');
    expect(lastBase()).toMatchObject({ kind: 'demo', host: '' });
  });

  it('keeps the list and tile settings per branch and announces the branch’s own on a switch, before its list', async () => {
    const lastSettings = () => events.filter((e) => e.name === 'settings').at(-1)?.payload as { list: { sort: string }; tileUrl: string; units: string } | undefined;
    const id = await core.handlers['profiles:save']({ name: 'Yard', baseUrl: 'https://yard.example/v1', aempUrl: '', authorizeUrl: '', tokenUrl: '', clientId: '', scopes: '' });
    await core.handlers['profiles:switch'](id);
    await core.handlers['settings:set']({ list: { filters: [], sort: 'fuel', descending: false, columns: ['fuel'] }, tileUrl: 'https://yard-tiles.example/{z}/{x}/{y}.png', units: 'imperial' });
    const before = events.length;
    await core.handlers['profiles:switch']('demo');
    expect(lastSettings()).toMatchObject({ list: { sort: 'name' }, units: 'imperial' });
    expect(lastSettings()?.tileUrl).not.toBe('https://yard-tiles.example/{z}/{x}/{y}.png');
    const after = events.slice(before).map((e) => e.name);
    if (after.includes('assets')) expect(after.indexOf('settings')).toBeLessThan(after.indexOf('assets'));
    await core.handlers['profiles:switch'](id);
    expect(lastSettings()).toMatchObject({ list: { sort: 'fuel' }, tileUrl: 'https://yard-tiles.example/{z}/{x}/{y}.png' });
    expect(await core.handlers['settings:get']()).toMatchObject({ list: { sort: 'fuel' } });
    await core.handlers['profiles:switch']('demo');
  });
});
