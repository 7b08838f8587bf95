/**
 * Echoed secrets: a service that echoes the token inside asset names, categories,
 * serials, metric names or values (at any depth) must not get it into what the core
 * announces to the renderer, saves in the offline store or exports as CSV. The token
 * is sent literally and also JSON-escaped (`\/`, `\u00xx`), since the raw-body check
 * that keeps clean lists fast must not be fooled by escapes.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { AssetSnapshot, EventChannel, FleetEvents } from '../../../../src-main/contract';
import { normalizeAssetList } from '../../../../src-main/core/assets/asset-schema';
import { AssetRepository } from '../../../../src-main/core/assets/asset-repository';
import { forgetSecret, registerSecret } from '../../../../src-main/core/errors';
import { refreshAssets } from '../../../../src-main/core/handlers/assets';
import type { CoreContext, HttpClient, OfflineStore } from '../../../../src-main/core/ports';
import { DEFAULT_SETTINGS } from '../../../../src-main/core/settings/settings-schema';
import { assetsToCsv } from '../../../../src-main/core/store/export-csv';

// A token with '/' and '+' (standard base64), which some services escape as '\/'.
const TOKEN = 'echo/Tok+en_9f2cQm81zX0pLr4vWq';
const NOW = new Date('2026-03-01T10:00:00Z');

afterEach(() => forgetSecret(TOKEN));

const metric = (value: unknown, source = 'can-bus', other: Record<string, unknown> = {}) => ({ value, meta: { collectedOn: '2026-03-01T09:00:00Z', source, other } });

/** An asset list that carries the token in every kind of string a service sends. */
function echoingList(t: string): unknown[] {
  return [
    {
      assetId: 'thing:1',
      type: 'thing',
      name: `Truck ${t}`,
      serialNumber: `SN-${t}`,
      category: t,
      urls: { embedUrl: `https://svc.example/embed?token=${t}` },
      metrics: {
        'time-zone': metric(`Europe/${t}`),
        'geo-regions': metric([`region:${t}`]),
        [`vendor-${t}`]: metric(1),
        'vendor-blob': metric({ nested: [{ deeper: `x${t}y` }] }, `source ${t}`, { note: t }),
      },
    },
    // Skipped (bad type), but its reason and id quote the service's values.
    { assetId: `thing:${t}`, type: t, name: 'bad' },
  ];
}

/** The body as a service would send it: plain, with escaped slashes, or \u-escaped characters. */
const bodies: Array<[string, (list: unknown[]) => string]> = [
  ['plain JSON', (list) => JSON.stringify(list)],
  ['slashes escaped as \\/', (list) => JSON.stringify(list).replace(/\//g, '\\/')],
  ['the token\'s letters as \\u escapes', (list) => JSON.stringify(list).replace(/T/g, '\\u0054').replace(/o/g, '\\u006F')],
];

class MemoryStore implements OfflineStore {
  saved: AssetSnapshot | null = null;
  notice = null;
  saveAssetSnapshot(snapshot: AssetSnapshot): void {
    this.saved = structuredClone(snapshot);
  }
  loadAssetSnapshot(): AssetSnapshot | null {
    return this.saved;
  }
  trail() {
    return [];
  }
  putDocument() {}
  getDocument() {
    return null;
  }
  prune() {}
  close() {}
}

async function refreshWith(body: string) {
  const store = new MemoryStore();
  const events: unknown[] = [];
  const http: HttpClient = { get: async (req) => ({ status: 200, headers: { 'content-type': 'application/json' }, body, url: req.url }) };
  const ctx: CoreContext = {
    userDataDir: '/nonexistent',
    platform: { shell: 'web', version: '0', openExternal: async () => undefined },
    emit: <E extends EventChannel>(name: E, payload: FleetEvents[E]) => events.push({ name, payload }),
    connection: () => ({ profileId: 'p', baseUrl: 'https://svc.example/v1', aempUrl: 'https://svc.example/aemp', demo: false }),
    http: () => http,
    store: () => store,
    assets: () => assets,
    settings: () => DEFAULT_SETTINGS,
  };
  const assets = new AssetRepository('p', store);
  const snapshot = await refreshAssets(ctx, () => NOW);
  return { snapshot, store, events };
}

describe('a token echoed in the asset list', () => {
  it.each(bodies)('never reaches the renderer, the store or the CSV export (%s)', async (_what, encode) => {
    registerSecret(TOKEN);
    const body = encode(echoingList(TOKEN));
    expect(body.includes(TOKEN)).toBe(encode === bodies[0][1]); // the escaped forms hide it from a plain search
    const { snapshot, store, events } = await refreshWith(body);
    expect(snapshot.assets).toHaveLength(1);
    expect(snapshot.skipped).toHaveLength(1);
    for (const [where, text] of [
      ['the announced events', JSON.stringify(events)],
      ['the offline store', JSON.stringify(store.saved)],
      ['the CSV export', assetsToCsv(snapshot.assets)],
    ] as const) {
      expect(text.includes(TOKEN), `${where} hold the token`).toBe(false);
    }
    const [asset] = snapshot.assets;
    expect(asset.name).toBe('Truck [redacted]');
    expect(asset.category).toBe('[redacted]');
    expect(asset.serialNumber).toBe('SN-[redacted]');
    expect(Object.keys(asset.metrics ?? {})).toContain('vendor-[redacted]');
    // A URL that carries the token is not kept at all (it would hand the token to a page).
    expect(asset.embedUrl).toBeNull();
    expect(asset.issues.some((i) => /credential|sign-in/i.test(i.message))).toBe(true);
  });

  it('keeps a list without the token exactly as sent', () => {
    registerSecret(TOKEN);
    const list = echoingList('harmless');
    const { assets } = normalizeAssetList(structuredClone(list), NOW);
    expect(assets[0].name).toBe('Truck harmless');
    expect(assets[0].metrics?.['vendor-blob'].value).toEqual({ nested: [{ deeper: 'xharmlessy' }] });
    expect(assets[0].issues).toEqual([]);
  });
});
