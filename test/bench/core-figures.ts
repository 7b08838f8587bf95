/**
 * Figures measured on the core directly, in this process: the refresh pipeline against a
 * bare JSON.parse of the same bytes, cold start from the store, and the paged AEMP 2.0
 * listing under 50 ms of service latency.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { AssetSnapshot } from '../../src-main/contract';
import { FleetClient } from '../../src-main/core/fleet/fleet-client';
import { refreshAssets } from '../../src-main/core/handlers/assets';
import { createHttpClient, pinTokenSource } from '../../src-main/core/http/http-client';
import type { CoreContext, HttpResponse, OfflineStore } from '../../src-main/core/ports';
import { createStoreFactory } from '../../src-main/core/store/sqlite-store';
import { startDemoService, type DemoService } from '../../src-main/demo';
import { since } from './stats';

/** The demo's clock is frozen here so every run reads the same list. */
export const BENCH_CLOCK_MS = Date.UTC(2026, 10, 20, 14, 0, 0);
const PROFILE = 'bench';
const ROOT = resolve(import.meta.dirname, '..', '..');
const AEMP_LATENCY_MS = 50;
/** Requests the AEMP pagination keeps in flight (see core/fleet/paginate.ts). */
export const AEMP_REQUESTS_IN_FLIGHT = 2;

export interface CoreRun {
  bareParseMs: number;
  pipelineMs: number;
  /** The first refresh into an empty store (every observation is new). */
  firstFillMs: number;
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

let collect: (() => void) | null = null;

/** A full garbage collection before each timed step, so one step's garbage is not billed to the next. */
function gc(): void {
  if (!collect) {
    const exposed = (globalThis as { gc?: () => void }).gc;
    if (exposed) collect = exposed;
    else {
      setFlagsFromString('--expose-gc');
      collect = runInNewContext('gc') as () => void;
    }
  }
  collect();
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

export interface AssetLists {
  /** The list at the benchmark's clock. */
  first: HttpResponse;
  /** The same fleet a little later: about 5 % of the assets sent a new report. */
  next: HttpResponse;
  changedShare: number;
}

/** A clock step after which about `share` of the demo fleet has sent a new report. */
export function stepForShare(demo: DemoService, from: number, share: number): number {
  const units = demo.sim.units;
  const changedAfter = (step: number) => units.filter((u) => demo.sim.reportedAt(u, from + step) !== demo.sim.reportedAt(u, from)).length / units.length;
  let step = 1000;
  while (changedAfter(step) < share && step < 3_600_000) step += 1000;
  return step;
}

/** Fetches the demo's asset list (N assets) twice, as the core would receive it, 5 % changed in between. */
export async function fetchAssetLists(assetCount: number): Promise<AssetLists> {
  let clock = BENCH_CLOCK_MS;
  const demo = await startDemoService({ assetCount, now: () => clock });
  const url = `${demo.baseUrl}/branch/current/assets`;
  const get = async (): Promise<HttpResponse> => {
    const res = await fetch(url, { headers: { authorization: `Bearer ${demo.demoToken}`, accept: 'application/json' } });
    const body = await res.text();
    if (!res.ok) throw new Error(`The demo service answered ${res.status} for the asset list`);
    return { status: res.status, headers: { 'content-type': res.headers.get('content-type') ?? 'application/json' }, body, url };
  };
  try {
    const first = await get();
    const step = stepForShare(demo, clock, 0.05);
    const changed = demo.sim.units.filter((u) => demo.sim.reportedAt(u, clock + step) !== demo.sim.reportedAt(u, clock)).length;
    clock += step;
    const next = await get();
    return { first, next, changedShare: changed / demo.sim.units.length };
  } finally {
    await demo.close();
  }
}

/**
 * One run in a fresh store: the first refresh fills it (timed apart), then the periodic
 * refresh under test: the real refresh step (parse, validate, normalize, save, announce)
 * of the 5 %-changed list, against a bare JSON.parse of the same bytes. Then a cold open
 * and load of that store.
 */
export async function measureCoreRun(lists: AssetLists): Promise<CoreRun> {
  const dir = mkdtempSync(join(tmpdir(), 'fleet-bench-'));
  try {
    const factory = createStoreFactory(dir);
    const store = factory.open(PROFILE);
    let snapshot: AssetSnapshot;
    let firstFillMs: number;
    let pipelineMs: number;
    let bareParseMs: number;
    try {
      gc();
      let start = performance.now();
      await refreshAssets(benchContext(() => store, lists.first));
      firstFillMs = since(start);

      gc();
      start = performance.now();
      const parsed = JSON.parse(lists.next.body) as unknown;
      bareParseMs = since(start);
      if (!Array.isArray(parsed)) throw new Error('The asset list is not an array');

      gc();
      start = performance.now();
      snapshot = await refreshAssets(benchContext(() => store, lists.next));
      pipelineMs = since(start);
    } finally {
      store.close();
    }

    gc();
    const start = performance.now();
    const reopened = createStoreFactory(dir).open(PROFILE);
    let loaded: AssetSnapshot | null;
    try {
      loaded = reopened.loadAssetSnapshot();
    } finally {
      reopened.close();
    }
    const coldStartMs = since(start);
    if (!loaded || loaded.assets.length !== snapshot.assets.length) throw new Error('The store did not give back the saved asset list');
    return { bareParseMs, pipelineMs, firstFillMs, coldStartMs, assets: snapshot.assets.length, bodyBytes: Buffer.byteLength(lists.next.body) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Starts `npm run demo-service` as its own process, so the service's work does not queue behind the client's. */
async function startDemoProcess(args: string[]): Promise<{ aempUrl: string; token: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src-main/demo/cli.ts'), ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
  try {
    const started = await new Promise<{ aempUrl: string; token: string }>((resolveStart, reject) => {
      let out = '';
      let err = '';
      const timer = setTimeout(() => reject(new Error(`The demo service did not start within 60 s: ${err.slice(-300)}`)), 60_000);
      child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const aemp = /AEMP URL:\s+(\S+)/.exec(out);
        const token = /Demo token:\s+(\S+)/.exec(out);
        if (aemp && token) {
          clearTimeout(timer);
          resolveStart({ aempUrl: aemp[1], token: token[1] });
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`The demo service exited (${code}): ${err.slice(-300)}`));
      });
    });
    return { ...started, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** The whole AEMP 2.0 fleet listing, 100 units a page, with the demo adding 50 ms to every request. */
export async function measureAempRun(assetCount: number): Promise<AempRun> {
  const demo = await startDemoProcess(['--assets', String(assetCount), '--page-size', '100', '--latency-ms', String(AEMP_LATENCY_MS)]);
  try {
    const http = createHttpClient(pinTokenSource({ getToken: async () => demo.token, handleUnauthorized: async () => false }, [demo.aempUrl]));
    const client = new FleetClient(http, demo.aempUrl);
    // One page first, so the service has built its fleet before the clock starts.
    await http.get({ url: client.fleetPageUrl('2.0', 1), accept: 'application/json' });
    const start = performance.now();
    const listing = await client.listFleet('2.0');
    const ms = since(start);
    const floorMs = (listing.pages * AEMP_LATENCY_MS) / AEMP_REQUESTS_IN_FLIGHT;
    return { ms, pages: listing.pages, units: listing.equipment.length, floorMs };
  } finally {
    await demo.stop();
  }
}
