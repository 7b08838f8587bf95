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
import type { AlertRules, AssetChange, AssetSnapshot } from '../../src-main/contract';
import { AlertService } from '../../src-main/core/alerts/alert-service';
import { defaultAlertRules } from '../../src-main/core/alerts/rules-schema';
import { AlertRulesStore } from '../../src-main/core/alerts/rules-store';
import { AempClient } from '../../src-main/core/aemp/aemp-client';
import { refreshAssets } from '../../src-main/core/handlers/assets';
import { createHttpClient } from '../../src-main/core/http/http-client';
import { pinTokenSource } from '../fixtures/http/pinned-token-source';
import type { CoreContext, HttpResponse, OfflineStore } from '../../src-main/core/ports';
import { AssetRepository } from '../../src-main/core/assets/asset-repository';
import { createStoreFactory } from '../../src-main/core/store/sqlite-store';
import { startDemoService, type DemoService } from '../../src-main/demo';
import { median, since } from './stats';

/** The demo's clock is frozen here so every run reads the same list. */
export const BENCH_CLOCK_MS = Date.UTC(2026, 10, 20, 14, 0, 0);
const PROFILE = 'bench';
const ROOT = resolve(import.meta.dirname, '..', '..');
const AEMP_LATENCY_MS = 50;
/** Requests the AEMP pagination keeps in flight (see core/aemp/paginate.ts). */
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
  equipment: number;
  floorMs: number;
}

let collect: (() => void) | null = null;

/** A full garbage collection before each timed step, so one step's garbage is not billed to the next. */
export function gc(): void {
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

/** One asset repository per store, as the app keeps one per open profile: refreshes of one store compare with the last. */
const repositories = new WeakMap<OfflineStore, AssetRepository>();
function repositoryOf(store: OfflineStore): AssetRepository {
  let repository = repositories.get(store);
  if (!repository) repositories.set(store, (repository = new AssetRepository(PROFILE, store)));
  return repository;
}

/** The core's context for one refresh that receives `response` (a copy of it per request). */
export function benchContext(store: () => OfflineStore, response: HttpResponse, emit: CoreContext['emit'] = () => {}): CoreContext {
  return {
    userDataDir: '',
    platform: { shell: 'web', version: 'bench', openExternal: async () => {} },
    emit,
    connection: () => ({ profileId: PROFILE, baseUrl: 'http://127.0.0.1/v1', aempUrl: 'http://127.0.0.1/aemp', demo: true }),
    // A copy per request: the refresh lets go of the body text once it is parsed.
    http: () => ({ get: async () => ({ ...response }) }),
    store,
    assets: () => repositoryOf(store()),
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
  const units = demo.sim.equipment;
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
    const changed = demo.sim.equipment.filter((u) => demo.sim.reportedAt(u, clock + step) !== demo.sim.reportedAt(u, clock)).length;
    clock += step;
    const next = await get();
    return { first, next, changedShare: changed / demo.sim.equipment.length };
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
export async function startDemoProcess(args: string[]): Promise<{ baseUrl: string; aempUrl: string; token: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src-main/demo/cli.ts'), ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
  try {
    const started = await new Promise<{ baseUrl: string; aempUrl: string; token: string }>((resolveStart, reject) => {
      let out = '';
      let err = '';
      const timer = setTimeout(() => reject(new Error(`The demo service did not start within 60 s: ${err.slice(-300)}`)), 60_000);
      child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const base = /Base URL:\s+(\S+)/.exec(out);
        const aemp = /AEMP URL:\s+(\S+)/.exec(out);
        const token = /Demo token:\s+(\S+)/.exec(out);
        if (base && aemp && token) {
          clearTimeout(timer);
          resolveStart({ baseUrl: base[1], aempUrl: aemp[1], token: token[1] });
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
    const client = new AempClient(http, demo.aempUrl);
    // One page first, so the service has built its fleet before the clock starts.
    await http.get({ url: client.aempPageUrl('2.0', 1), accept: 'application/json' });
    const start = performance.now();
    const listing = await client.listEquipment('2.0');
    const ms = since(start);
    const floorMs = (listing.pages * AEMP_LATENCY_MS) / AEMP_REQUESTS_IN_FLIGHT;
    return { ms, pages: listing.pages, equipment: listing.equipment.length, floorMs };
  } finally {
    await demo.stop();
  }
}

export interface AlertRun {
  /** Evaluating every rule on a periodic refresh (about 5 % changed), right after it, warm. */
  evaluationMs: number;
  /** CPU time of the same (all threads of the process), for machines shared with other work. */
  evaluationCpuMs: number;
  /** The first periodic evaluation of the run (code not yet optimised by the JIT). */
  coldMs: number;
  /** The first evaluation of a run, into an empty log (every condition is new). */
  firstEvaluationMs: number;
  raisedFirst: number;
  raisedPeriodic: number;
  open: number;
  assets: number;
}

/** Lists the demo sent one after the other, about 5 % of the fleet reporting between two. */
export interface ListSequence {
  lists: { response: HttpResponse; at: number }[];
}

/** Fetches `count` successive asset lists (N assets) from the demo, its clock moving on between them. */
export async function fetchListSequence(assetCount: number, count: number): Promise<ListSequence> {
  let clock = BENCH_CLOCK_MS;
  const demo = await startDemoService({ assetCount, now: () => clock });
  const url = `${demo.baseUrl}/branch/current/assets`;
  try {
    const lists: ListSequence['lists'] = [];
    for (let i = 0; i < count; i++) {
      if (i > 0) clock += stepForShare(demo, clock, 0.05);
      const res = await fetch(url, { headers: { authorization: `Bearer ${demo.demoToken}`, accept: 'application/json' } });
      const body = await res.text();
      if (!res.ok) throw new Error(`The demo service answered ${res.status} for the asset list`);
      lists.push({ response: { status: res.status, headers: { 'content-type': 'application/json' }, body, url }, at: clock });
    }
    return { lists };
  } finally {
    await demo.close();
  }
}

/**
 * Every rule on, with the weekday schedule (the clock is 07:00 on a Friday in Denver: the
 * units that started before seven are in use after hours) and maintenance thresholds that
 * a few per cent of the demo fleet has passed, so every check runs for every asset.
 */
function benchRules(): AlertRules {
  const rules = defaultAlertRules();
  const everyone = rules.lowFuel.scope;
  return {
    ...rules,
    maintenance: {
      enabled: true,
      thresholds: [
        { id: 'engine-19000', metric: 'engine-hours', dueAt: 19_000, scope: everyone },
        { id: 'trucks-800k', metric: 'odometer', dueAt: 800_000, scope: { categories: ['dump truck', 'service truck'], assetIds: [], selectionName: null } },
      ],
    },
  };
}

/** Periodic refreshes timed per run (after the first fill); the median of the last three is the run's figure. */
export const ALERT_LISTS = 6;

/**
 * Alert evaluation as the core runs it after each refresh (AlertService.evaluate: every rule,
 * the previous list, the open alerts, the log write, events and notifications), on the demo's
 * successive lists: first into an empty log, then each periodic refresh, timed right after it.
 */
export async function measureAlertRun(sequence: ListSequence): Promise<AlertRun> {
  const dir = mkdtempSync(join(tmpdir(), 'fleet-bench-alerts-'));
  const store = createStoreFactory(dir).open(PROFILE);
  try {
    const rules = new AlertRulesStore(dir);
    rules.set(PROFILE, benchRules());
    const alerts = new AlertService({
      profileId: () => PROFILE,
      demo: () => false,
      store: () => store,
      rules,
      emit: () => {},
      notify: () => {},
      log: () => {},
    });
    // As the core wires it: the refresh's change (whole assets) reaches the alert service.
    const noteChange = (change: AssetChange): void => alerts.noteChange(change);
    const times: number[] = [];
    const cpu: number[] = [];
    let firstEvaluationMs = 0;
    let raisedFirst = 0;
    let raisedPeriodic = 0;
    let assets = 0;
    for (const [i, list] of sequence.lists.entries()) {
      // As the scheduler runs it: the evaluation right after the refresh that fetched the list.
      gc();
      const snapshot = await refreshAssets(benchContext(() => store, list.response), () => new Date(list.at), noteChange);
      const usage = process.cpuUsage();
      const start = performance.now();
      const raised = alerts.evaluate(snapshot).length;
      const ms = since(start);
      const used = process.cpuUsage(usage);
      assets = snapshot.assets.length;
      if (i === 0) {
        firstEvaluationMs = ms;
        raisedFirst = raised;
        continue;
      }
      times.push(ms);
      cpu.push((used.user + used.system) / 1000);
      raisedPeriodic += raised;
    }
    const open = store.alertLog!().openAlerts().length;
    return {
      evaluationMs: median(times.slice(-3)),
      evaluationCpuMs: median(cpu.slice(-3)),
      coldMs: times[0],
      firstEvaluationMs,
      raisedFirst,
      raisedPeriodic: raisedPeriodic / times.length,
      open,
      assets,
    };
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
