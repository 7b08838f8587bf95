// Tests for src-main/core/handlers/aemp.ts (kept beside the other fleet tests).
import { describe, expect, it } from 'vitest';
import { throughIpc } from '../ipc/through-ipc';
import type { AssetSnapshot, EventChannel, FleetEvents } from '../../../../src-main/contract';
import { FleetError } from '../../../../src-main/core/errors';
import { createAempHandlers } from '../../../../src-main/core/handlers/aemp';
import type { CoreContext, HttpClient, OfflineStore, StoredDocument } from '../../../../src-main/core/ports';
import { AssetRepository } from '../../../../src-main/core/assets/asset-repository';
import { LINK_CASES, linkSnapshot } from '../../../fixtures/equipment-links';

const AEMP = 'https://aemp.test';
type Answer = { status?: number; body: string } | FleetError;

function memoryStore(snapshot: AssetSnapshot | null): OfflineStore & { docs: Map<string, StoredDocument<unknown>> } {
  const docs = new Map<string, StoredDocument<unknown>>();
  return {
    docs,
    notice: null,
    saveAssetSnapshot() {},
    loadAssetSnapshot: () => snapshot,
    trail: () => [],
    putDocument(kind, key, value, fetchedAt) {
      docs.set(`${kind}/${key}`, { value: structuredClone(value), fetchedAt });
    },
    getDocument<T>(kind: string, key: string) {
      return (docs.get(`${kind}/${key}`) as StoredDocument<T> | undefined) ?? null;
    },
    prune() {},
    close() {},
  };
}

function setup(answers: Record<string, Answer>, storeOf?: (first: OfflineStore) => () => OfflineStore, assetList?: AssetSnapshot) {
  const requests: Array<Parameters<HttpClient['get']>[0]> = [];
  let offline = false;
  const http: HttpClient = {
    async get(req) {
      requests.push(req);
      if (offline) throw new FleetError('network', 'The fleet service cannot be reached.');
      const a = answers[req.url] ?? { status: 404, body: '{"error":"not-found"}' };
      if (a instanceof FleetError) throw a;
      const status = a.status ?? 200;
      if (status >= 400 && !(req.acceptStatuses ?? []).includes(status)) throw new FleetError('bad-request', `HTTP ${status}`, { status });
      return { status, body: a.body, headers: { 'content-type': 'application/json' }, url: req.url };
    },
  };
  const snapshot: AssetSnapshot = assetList ?? {
    profileId: 'demo',
    fetchedAt: '2026-03-01T00:00:00.000Z',
    source: 'cache',
    skipped: [],
    assets: [
      { assetId: 'thing:1', type: 'thing', name: 'Digger', serialNumber: 'SER-1', embedUrl: null, metrics: null, lastUpdate: null, issues: [] },
      { assetId: 'thing:2', type: 'thing', name: 'Blank', serialNumber: '', embedUrl: null, metrics: null, lastUpdate: null, issues: [] },
    ],
  };
  const store = memoryStore(snapshot);
  const activeStore = storeOf ? storeOf(store) : () => store;
  // The profile's asset list, read through the active store (as the app wires it).
  const assets = new AssetRepository('demo', { loadAssetSnapshot: () => activeStore().loadAssetSnapshot() });
  const events: Array<{ name: EventChannel; payload: unknown }> = [];
  const ctx = {
    userDataDir: '/nowhere',
    platform: { shell: 'web', version: '0', openExternal: async () => {} },
    emit: <E extends EventChannel>(name: E, payload: FleetEvents[E]) => events.push({ name, payload }),
    connection: () => ({ profileId: 'demo', baseUrl: 'https://svc.test/v1', aempUrl: AEMP, demo: true }),
    http: () => http,
    store: activeStore,
    assets: () => assets,
    settings: () => {
      throw new Error('not used');
    },
  } satisfies CoreContext;
  const handlers = createAempHandlers(ctx, { now: () => new Date('2026-03-02T12:00:00Z') });
  return { handlers, requests, store, events, goOffline: () => (offline = true) };
}

const aempPage = JSON.stringify({
  SnapshotTime: '2026-03-02T11:00:00Z',
  Equipment: [
    { EquipmentHeader: { EquipmentID: 'E1', SerialNumber: 'ser-1' } },
    { EquipmentHeader: { EquipmentID: 'E2', SerialNumber: '' } },
  ],
});

describe('fleet handlers', () => {
  it('lists the fleet, links units to assets by serial number, emits progress and stores the listing', async () => {
    const { handlers, store, events } = setup({ [`${AEMP}/api/v2/Fleet/1`]: { body: aempPage } });
    const listing = await handlers['aemp:list']('2.0');
    expect(listing).toMatchObject({ version: '2.0', snapshotTime: '2026-03-02T11:00:00.000Z', pages: 1, source: 'network', fetchedAt: '2026-03-02T12:00:00.000Z' });
    expect(listing.equipment.map((e) => e.linkedAssetId)).toEqual(['thing:1', null]);
    expect(events.filter((e) => e.name === 'aemp:progress').at(-1)?.payload).toMatchObject({ done: true, equipment: 2 });
    expect(store.docs.get('fleet-list/2.0')?.value).toMatchObject({ version: '2.0', pages: 1 });
  });

  it('serves the stored listing when the network fails, and says offline when there is none', async () => {
    const env = setup({ [`${AEMP}/api/v2/Fleet/1`]: { body: aempPage } });
    await env.handlers['aemp:list']('2.0');
    env.goOffline();
    const fromCache = await env.handlers['aemp:list']('2.0');
    expect(fromCache.source).toBe('cache');
    expect(fromCache.equipment).toHaveLength(2);
    await expect(env.handlers['aemp:list']('1.2')).rejects.toMatchObject({ kind: 'offline' });
    expect(await env.handlers['aemp:cached']('2.0')).toMatchObject({ source: 'cache', fetchedAt: '2026-03-02T12:00:00.000Z' });
    expect(await env.handlers['aemp:cached']('1.2')).toBeNull();
  });

  it('does not hide errors that are not network failures behind the cache', async () => {
    const env = setup({ [`${AEMP}/api/v2/Fleet/1`]: new FleetError('unauthorized', 'Sign in again.') });
    await expect(env.handlers['aemp:list']('2.0')).rejects.toMatchObject({ kind: 'unauthorized' });
  });

  it('gets one unit, stores it, and falls back to it offline', async () => {
    const env = setup({ [`${AEMP}/api/v1/Fleet/Equipment/VIN%2F9`]: { body: '<Equipment><EquipmentHeader><SerialNumber>SER-1</SerialNumber></EquipmentHeader></Equipment>' } });
    const unit = await env.handlers['aemp:equipment']('1.2', 'VIN/9');
    expect(unit.linkedAssetId).toBe('thing:1');
    env.goOffline();
    expect((await env.handlers['aemp:equipment']('1.2', 'VIN/9')).serialNumber).toBe('SER-1');
    await expect(env.handlers['aemp:equipment']('1.2', 'other')).rejects.toMatchObject({ kind: 'offline' });
  });

  it('loads a history with normalised dates, stores it, and answers offline from the store', async () => {
    const url = `${AEMP}/api/v2/Fleet/Equipment/E1/FuelRemaining/2026-03-01T00:00:00Z/2026-03-02T00:00:00Z`;
    const env = setup({ [url]: { body: '{"FuelRemaining":[{"datetime":"2026-03-01T01:00:00Z","Percent":50}]}' } });
    const history = await env.handlers['aemp:history']('E1', 'FuelRemaining', '2026-03-01T00:00:00.000Z', '2026-03-02T00:00:00Z');
    expect(history).toMatchObject({ start: '2026-03-01T00:00:00Z', end: '2026-03-02T00:00:00Z', points: [{ at: '2026-03-01T01:00:00.000Z', value: 50 }], source: 'network' });
    env.goOffline();
    expect((await env.handlers['aemp:history']('E1', 'FuelRemaining', '2026-03-01T00:00:00Z', '2026-03-02T00:00:00Z')).source).toBe('cache');
    await expect(env.handlers['aemp:history']('E1', 'FuelRemaining', '2026-03-01T00:00:00Z', '2026-03-03T00:00:00Z')).rejects.toThrow(
      'Not available offline: this history range has not been loaded before',
    );
  });

  it.each([
    ['aemp:list', ['3.0']],
    ['aemp:equipment', ['2.0', '']],
    ['aemp:equipment', ['2.0', 'x'.repeat(201)]],
    ['aemp:equipment', ['2.0', 'bad\u0007id']],
    ['aemp:equipment', ['2.0', 42]],
    ['aemp:history', ['E1', 'Speed', '2026-03-01T00:00:00Z', '2026-03-02T00:00:00Z']],
    ['aemp:history', ['E1', 'Location', '2026-03-01', '2026-03-02T00:00:00Z']],
    ['aemp:history', ['E1', 'Location', '2026-03-01T00:00:00+01:00', '2026-03-02T00:00:00Z']],
    ['aemp:history', ['E1', 'Location', '2026-03-02T00:00:00Z', '2026-03-01T00:00:00Z']],
    ['aemp:history', ['E1', 'Location', '2025-01-01T00:00:00Z', '2026-01-03T00:00:00Z']],
    ['aemp:history', ['E1', 'Location', '2026-02-30T00:00:00Z', '2026-03-02T00:00:00Z']],
  ] as const)('%s refuses %j as invalid-argument (the IPC table) without a request', async (channel, args) => {
    const env = setup({});
    const call = throughIpc(env.handlers, channel, args);
    await expect(call).rejects.toMatchObject({ kind: 'invalid-argument' });
    expect(env.requests).toHaveLength(0);
  });

  it('stores an answer with the profile it was asked for, even after a switch', async () => {
    const other = memoryStore(null);
    let active: OfflineStore | null = null;
    const env = setup({ [`${AEMP}/api/v2/Fleet/1`]: { body: aempPage } }, (first) => () => active ?? first);
    const pending = env.handlers['aemp:list']('2.0');
    active = other; // the user switches profile while the fleet loads
    await pending;
    expect(env.store.docs.has('fleet-list/2.0')).toBe(true);
    expect(other.docs.size).toBe(0);
  });

  describe('every unit the core returns is linked by the shared rule (test/fixtures/equipment-links.ts)', () => {
    const header = ({ serialNumber, vin }: { serialNumber: string | null; vin: string | null }, i: number) => ({
      EquipmentID: `E${i}`,
      ...(serialNumber === null ? {} : { SerialNumber: serialNumber }),
      ...(vin === null ? {} : { PIN: vin }),
    });
    const page = JSON.stringify({ SnapshotTime: '2026-03-02T11:00:00Z', Equipment: LINK_CASES.map((c, i) => ({ EquipmentHeader: header(c.unit, i) })) });
    const expected = LINK_CASES.map((c) => c.linked);

    it('in a fresh listing, a stored one served offline, and the cached one', async () => {
      const env = setup({ [`${AEMP}/api/v2/Fleet/1`]: { body: page } }, undefined, linkSnapshot());
      expect((await env.handlers['aemp:list']('2.0')).equipment.map((e) => e.linkedAssetId)).toEqual(expected);
      expect((await env.handlers['aemp:cached']('2.0'))?.equipment.map((e) => e.linkedAssetId)).toEqual(expected);
      env.goOffline();
      expect((await env.handlers['aemp:list']('2.0')).equipment.map((e) => e.linkedAssetId)).toEqual(expected);
    });

    it.each(LINK_CASES.map((c, i) => [c.name, c, i] as const))('in a unit look-up: %s', async (_name, { unit, linked }, i) => {
      const answer = JSON.stringify({ EquipmentHeader: header(unit, i) });
      const env = setup({ [`${AEMP}/api/v2/Fleet/Equipment/E${i}`]: { body: answer } }, undefined, linkSnapshot());
      expect((await env.handlers['aemp:equipment']('2.0', `E${i}`)).linkedAssetId).toBe(linked);
      env.goOffline();
      expect((await env.handlers['aemp:equipment']('2.0', `E${i}`)).linkedAssetId).toBe(linked);
    });
  });

  it('an AEMP 1.2 unit whose answer leaves the VIN out has the VIN it was looked up by, and is linked by it', async () => {
    const env = setup({ [`${AEMP}/api/v1/Fleet/Equipment/pin-55`]: { body: '<Equipment><EquipmentHeader><EquipmentID>D6-1</EquipmentID><Model>D6</Model></EquipmentHeader></Equipment>' } }, undefined, linkSnapshot());
    expect(await env.handlers['aemp:equipment']('1.2', 'pin-55')).toMatchObject({ vin: 'pin-55', linkedAssetId: 'thing:5' });
    env.goOffline();
    expect(await env.handlers['aemp:equipment']('1.2', 'pin-55')).toMatchObject({ vin: 'pin-55', linkedAssetId: 'thing:5' });
  });

  it('an AEMP 1.2 answer that does carry a VIN keeps the one it sent', async () => {
    const env = setup({ [`${AEMP}/api/v1/Fleet/Equipment/pin-55`]: { body: '<Equipment><EquipmentHeader><EquipmentID>D6-1</EquipmentID><PIN>PIN-99</PIN></EquipmentHeader></Equipment>' } });
    expect((await env.handlers['aemp:equipment']('1.2', 'pin-55')).vin).toBe('PIN-99');
  });

  it('still answers when the store cannot be opened', async () => {
    const env = setup({ [`${AEMP}/api/v2/Fleet/1`]: { body: aempPage } }, () => () => {
      throw new FleetError('storage', 'The offline store is damaged.');
    });
    const listing = await env.handlers['aemp:list']('2.0');
    expect(listing.equipment.map((e) => e.linkedAssetId)).toEqual([null, null]);
    expect(await env.handlers['aemp:cached']('2.0')).toBeNull();
  });
});
