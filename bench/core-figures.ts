/**
 * Figures measured on the core directly, in this process: the refresh pipeline against a
 * bare JSON.parse of the same bytes, cold start from the store, and the paged AEMP 2.0
 * listing under 50 ms of service latency.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AssetSnapshot } from '../src-main/contract';
import { FleetClient } from '../src-main/core/fleet/fleet-client';
import { refreshAssets } from '../src-main/core/handlers/assets';
import { createHttpClient } from '../src-main/core/http/http-client';
import type { CoreContext, HttpResponse, OfflineStore } from '../src-main/core/ports';
import { createStoreFactory } from '../src-main/core/store/sqlite-store';
import { startDemoService } from '../src-main/demo';
import { since } from './stats';

/** The demo's clock is frozen here so every run reads the same list. */
export const BENCH_CLOCK_MS = Date.UTC(2026, 10, 20, 14, 0, 0);
const PROFILE = 'bench';
const AEMP_LATENCY_MS = 50;
/** Requests the AEMP pagination keeps in flight (see core/fleet/paginate.ts). */
export const AEMP_REQUESTS_IN_FLIGHT = 2;

export interface CoreRun {
  bareParseMs: number;
  pipelineMs: number;
  coldStartMs: number;
  assets: number;
  bodyBytes: number;
}

export interface AempRun {
  ms: number;
  pages: number;
  units: number;
  floorMs: number;
}

function gc(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

function benchContext(store: () => OfflineStore, response: HttpResponse): CoreContext {
  return {
    userDataDir: '',
    platform: { shell: 'web', version: 'bench', openExternal: async () => {} },
    emit: () => {},
    connection: () => ({ profileId: PROFILE, baseUrl: 'http://127.0.0.1/v1', aempUrl: 'http://127.0.0.1/aemp', demo: true }),
    http: () => ({ get: async () => response }),
    store,
    settings: () => {
      throw new Error('settings are not used by the refresh');
    },
  };
}

/** Fetches the demo's asset list once (N assets, frozen clock) as the core would receive it. */
export async function fetchAssetList(assetCount: number): Promise<HttpResponse> {
  const demo = await startDemoService({ assetCount, now: () => BENCH_CLOCK_MS });
  try {
    const url = `${demo.baseUrl}/branch/current/assets`;
    const res = await fetch(url, { headers: { authorization: `Bearer ${demo.demoToken}`, accept: 'application/json' } });
    const body = await res.text();
    if (!res.ok) throw new Error(`The demo service answered ${res.status} for the asset list`);
    return { status: res.status, headers: { 'content-type': res.headers.get('content-type') ?? 'application/json' }, body, url };
  } finally {
    await demo.close();
  }
}

/**
 * One run: bare JSON.parse of the body, then the real refresh step (parse, validate,
 * normalize, save to a fresh store, announce), then a cold open + load of that store.
 */
export async function measureCoreRun(response: HttpResponse): Promise<CoreRun> {
  const dir = mkdtempSync(join(tmpdir(), 'fleet-bench-'));
  try {
    gc();
    let start = performance.now();
    const parsed = JSON.parse(response.body) as unknown[];
    const bareParseMs = since(start);
    if (!Array.isArray(parsed)) throw new Error('The asset list is not an array');

    const factory = createStoreFactory(dir);
    const store = factory.open(PROFILE);
    let snapshot: AssetSnapshot;
    let pipelineMs: number;
    gc();
    try {
      start = performance.now();
      snapshot = await refreshAssets(benchContext(() => store, response));
      pipelineMs = since(start);
    } finally {
      store.close();
    }

    gc();
    start = performance.now();
    const reopened = createStoreFactory(dir).open(PROFILE);
    let loaded: AssetSnapshot | null;
    try {
      loaded = reopened.loadAssetSnapshot();
    } finally {
      reopened.close();
    }
    const coldStartMs = since(start);
    if (!loaded || loaded.assets.length !== snapshot.assets.length) throw new Error('The store did not give back the saved asset list');
    return { bareParseMs, pipelineMs, coldStartMs, assets: snapshot.assets.length, bodyBytes: Buffer.byteLength(response.body) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The whole AEMP 2.0 fleet listing with the demo adding 50 ms to every request. */
export async function measureAempRun(assetCount: number): Promise<AempRun> {
  const demo = await startDemoService({ assetCount, aempPageSize: 100, now: () => BENCH_CLOCK_MS, faults: { latencyMs: AEMP_LATENCY_MS } });
  try {
    const http = createHttpClient({ getToken: async () => demo.demoToken, handleUnauthorized: async () => false });
    const client = new FleetClient(http, demo.aempUrl);
    const start = performance.now();
    const listing = await client.listFleet('2.0');
    const ms = since(start);
    const floorMs = (listing.pages * AEMP_LATENCY_MS) / AEMP_REQUESTS_IN_FLIGHT;
    return { ms, pages: listing.pages, units: listing.equipment.length, floorMs };
  } finally {
    await demo.close();
  }
}
