/**
 * The soak run (reliability over time): the core, the web shell and (optionally) the real renderer in
 * headless Chromium refresh the asset list every second against an external demo
 * service while a share of the ticks run with a random fault switch on. It counts
 * requests, faults, recoveries and crashes, measures memory after a warm-up and at the
 * end, and checks the offline store still holds a complete list.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import { createStoreFactory } from '../../src-main/core/store/sqlite-store';
import { startDemoService, type FaultSettings } from '../../src-main/demo';
import { startWebShell, type WebShell } from '../../src-main/web/server';
import { envFor, makeTempDir, startCore, type CoreRun } from './harness';

export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'];
export const RENDERER_DIR = resolve(import.meta.dirname, '..', '..', 'out', 'renderer');
const MAX_GROWTH_PCT = 10;

/** The fault switches the soak picks from; each is on for one tick (one refresh). */
export const SOAK_FAULTS: Record<string, Partial<FaultSettings>> = {
  latency: { latencyMs: 200, jitterMs: 400 },
  '5xx': { errorRate: 1 },
  '429': { burst429: { remaining: 2, retryAfterSec: 1 } },
  reset: { resetRate: 1 },
  truncate: { truncateRate: 1 },
  'wrong-type': { wrongContentType: true },
  stall: { stallAfterHeaders: true },
  malformed: { malformedRate: 0.3 },
  huge: { hugePayload: true, hugePayloadBytes: 2 * 1024 * 1024 },
};

export interface SoakOptions {
  minutes: number;
  /** Share of requests made while a fault switch is on, 0…1 (a switch stays on for one refresh). */
  faultRate: number;
  log?: (line: string) => void;
  /** Drive the built renderer in headless Chromium (default true). */
  renderer?: boolean;
  assetCount?: number;
  seed?: number;
}

export interface MemorySample {
  mainRssBytes: number;
  mainHeapBytes: number;
  rendererHeapBytes: number | null;
}

export interface SoakReport {
  minutes: number;
  faultRate: number;
  ticks: number;
  refreshesOk: number;
  refreshesFailed: number;
  /** Requests the demo service saw on its data interfaces (/v1, /aemp). */
  requests: number;
  /** Of those, requests made while a fault switch was on. */
  faultedRequests: number;
  faultTicks: number;
  faultsByKind: Record<string, number>;
  /** Failure episodes (one or more failed refreshes) ended by a successful refresh. */
  recoveries: number;
  unrecovered: number;
  crashes: { uncaughtExceptions: number; unhandledRejections: number; pageErrors: number; rendererCrashes: number; exits: number };
  crashMessages: string[];
  rendererAssetEvents: number | null;
  externalRequests: string[];
  memoryStart: MemorySample | null;
  memoryEnd: MemorySample | null;
  mainRssGrowthPct: number | null;
  rendererHeapGrowthPct: number | null;
  storeAssets: number | null;
  demoAssets: number;
  storeComplete: boolean;
  /** Criteria that failed (empty = pass). Memory counts only when `memoryChecked`. */
  failures: string[];
  memoryChecked: boolean;
}

/** Small seeded generator so a soak run can be repeated. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A callable gc even when node was started without --expose-gc. */
function gcFunction(): () => void {
  const existing = (globalThis as { gc?: () => void }).gc;
  if (existing) return existing;
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

function growth(start: number | null | undefined, end: number | null | undefined): number | null {
  if (!start || end === null || end === undefined) return null;
  return ((end - start) / start) * 100;
}

export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const log = options.log ?? (() => {});
  const useRenderer = options.renderer ?? true;
  const durationMs = Math.max(0.05, options.minutes) * 60_000;
  const warmupMs = Math.min(60_000, durationMs * 0.1);
  const random = mulberry32(options.seed ?? 7);
  const kinds = Object.keys(SOAK_FAULTS);
  const gc = gcFunction();

  if (useRenderer && !existsSync(join(RENDERER_DIR, 'index.html'))) {
    throw new Error(`The built renderer is missing (${RENDERER_DIR}/index.html): run \`npx electron-vite build\` first.`);
  }
  if (useRenderer && !existsSync(CHROMIUM)) throw new Error(`Chromium is missing at ${CHROMIUM}`);

  const crashes = { uncaughtExceptions: 0, unhandledRejections: 0, pageErrors: 0, rendererCrashes: 0, exits: 0 };
  const crashMessages: string[] = [];
  const onUncaught = (err: Error): void => {
    crashes.uncaughtExceptions += 1;
    crashMessages.push(`uncaught: ${err.message}`);
  };
  const onRejection = (reason: unknown): void => {
    crashes.unhandledRejections += 1;
    crashMessages.push(`unhandled rejection: ${reason instanceof Error ? reason.message : String(reason)}`);
  };
  const onExit = (code: number): void => {
    crashes.exits += 1;
    log(`soak: the process is exiting (code ${code}) during the run`);
  };
  process.on('uncaughtException', onUncaught);
  process.on('unhandledRejection', onRejection);
  process.on('exit', onExit);

  const assetCount = options.assetCount ?? 60;
  const demo = await startDemoService({ assetCount });
  const temp = await makeTempDir('fleet-soak-');
  let run: CoreRun | null = null;
  let shell: WebShell | null = null;
  let browser: Browser | null = null;
  let page: Page | null = null;
  let cdp: CDPSession | null = null;
  let rendererAssetEvents = 0;
  const externalRequests: string[] = [];

  const report: SoakReport = {
    minutes: options.minutes,
    faultRate: options.faultRate,
    ticks: 0,
    refreshesOk: 0,
    refreshesFailed: 0,
    requests: 0,
    faultedRequests: 0,
    faultTicks: 0,
    faultsByKind: Object.fromEntries(kinds.map((k) => [k, 0])),
    recoveries: 0,
    unrecovered: 0,
    crashes,
    crashMessages,
    rendererAssetEvents: null,
    externalRequests,
    memoryStart: null,
    memoryEnd: null,
    mainRssGrowthPct: null,
    rendererHeapGrowthPct: null,
    storeAssets: null,
    demoAssets: demo.sim.equipment.length,
    storeComplete: false,
    failures: [],
    memoryChecked: options.minutes >= 3,
  };

  /** Counts the demo's data requests since the last call and forgets them. */
  const takeRequests = (): number => {
    const n = demo.controls.requests.filter((r) => r.path.startsWith('/v1') || r.path.startsWith('/aemp')).length;
    demo.controls.clearRequests();
    return n;
  };

  const sample = async (): Promise<MemorySample> => {
    gc();
    await sleep(50);
    gc();
    let rendererHeapBytes: number | null = null;
    if (cdp) {
      await cdp.send('HeapProfiler.collectGarbage');
      const { metrics } = await cdp.send('Performance.getMetrics');
      rendererHeapBytes = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? null;
    }
    const mem = process.memoryUsage();
    return { mainRssBytes: mem.rss, mainHeapBytes: mem.heapUsed, rendererHeapBytes };
  };

  try {
    run = await startCore({ userDataDir: temp.dir, env: envFor(demo, { FLEET_HTTP_TIMEOUT_MS: '1500' }), maxEvents: 50 });
    shell = await startWebShell({ core: run.core, rendererDir: RENDERER_DIR, log: (line) => crashMessages.push(`web shell: ${line}`) });

    if (useRenderer) {
      browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
      browser.on('disconnected', () => {
        if (browser) crashes.exits += 1;
      });
      page = await browser.newPage();
      page.on('pageerror', (err) => {
        crashes.pageErrors += 1;
        crashMessages.push(`page error: ${err.message}`);
      });
      page.on('crash', () => {
        crashes.rendererCrashes += 1;
        crashMessages.push('the renderer page crashed');
      });
      page.on('request', (req) => {
        const url = new URL(req.url());
        if (url.protocol.startsWith('http') && url.hostname !== '127.0.0.1' && externalRequests.length < 20) externalRequests.push(req.url());
      });
      page.on('websocket', (ws) => {
        ws.on('framereceived', (frame) => {
          // Whole lists ("assets") and small changes ("assets:changed") both count.
          if (typeof frame.payload === 'string' && /^\{"name":"assets(:changed)?"/.test(frame.payload)) rendererAssetEvents += 1;
        });
      });
      await page.goto(shell.url);
      await page.getByTestId('asset-list').getByRole('option').first().waitFor({ timeout: 30_000 });
      cdp = await page.context().newCDPSession(page);
      await cdp.send('Performance.enable');
    }

    const started = Date.now();
    let failing = false;
    let lastProgress = started;
    takeRequests();
    while (Date.now() - started < durationMs) {
      const tickStart = Date.now();
      if (report.memoryStart === null && tickStart - started >= warmupMs) {
        report.memoryStart = await sample();
        log(`soak: memory after warm-up: main RSS ${mb(report.memoryStart.mainRssBytes)}, renderer heap ${mb(report.memoryStart.rendererHeapBytes)}`);
      }
      // A faulted refresh retries, so it makes several requests under the fault: the gate
      // keeps the share of requests under a fault near `faultRate`.
      const faulted = random() < options.faultRate * 1.5 && report.faultedRequests <= options.faultRate * report.requests;
      if (faulted) {
        const kind = kinds[Math.floor(random() * kinds.length)];
        report.faultTicks += 1;
        report.faultsByKind[kind] += 1;
        demo.controls.setFaults(SOAK_FAULTS[kind]);
      }
      const res = await run.call('assets:refresh');
      demo.controls.clearFaults();
      const requests = takeRequests();
      report.requests += requests;
      if (faulted) report.faultedRequests += requests;
      report.ticks += 1;
      if (res.ok) {
        report.refreshesOk += 1;
        if (failing) report.recoveries += 1;
        failing = false;
      } else {
        report.refreshesFailed += 1;
        failing = true;
        if (!faulted) log(`soak: a refresh failed without a fault: ${res.error.kind}: ${res.error.message}`);
      }
      if (Date.now() - lastProgress >= 60_000) {
        lastProgress = Date.now();
        log(`soak: ${Math.round((lastProgress - started) / 1000)} s, ${report.ticks} refreshes, ${report.faultTicks} faulted, ${report.recoveries} recoveries`);
      }
      const wait = 1000 - (Date.now() - tickStart);
      if (wait > 0) await sleep(wait);
    }

    // A last clean refresh (a few tries) so the store holds the service's whole list.
    demo.controls.clearFaults();
    for (let i = 0; i < 5; i++) {
      const res = await run.call('assets:refresh');
      report.requests += takeRequests();
      if (res.ok) {
        if (failing) report.recoveries += 1;
        failing = false;
        break;
      }
      await sleep(1000);
    }
    if (failing) report.unrecovered += 1;
    if (page) await sleep(500); // let the last events reach the renderer
    report.memoryEnd = await sample();
    report.rendererAssetEvents = useRenderer ? rendererAssetEvents : null;
  } finally {
    const b = browser;
    browser = null;
    await b?.close().catch(() => undefined);
    await shell?.close().catch(() => undefined);
    await run?.stop().catch((err: unknown) => crashMessages.push(`stopping the core failed: ${String(err)}`));
    await demo.close();
    process.off('uncaughtException', onUncaught);
    process.off('unhandledRejection', onRejection);
    process.off('exit', onExit);
  }

  try {
    const store = createStoreFactory(temp.dir).open('env');
    try {
      const snapshot = store.loadAssetSnapshot();
      report.storeAssets = snapshot ? snapshot.assets.length : 0;
      report.storeComplete = snapshot !== null && snapshot.assets.length === report.demoAssets && snapshot.skipped.length === 0;
    } finally {
      store.close();
    }
  } catch (err) {
    crashMessages.push(`reading the offline store failed: ${err instanceof Error ? err.message : String(err)}`);
  }
  await temp.remove();

  report.mainRssGrowthPct = growth(report.memoryStart?.mainRssBytes, report.memoryEnd?.mainRssBytes);
  report.rendererHeapGrowthPct = growth(report.memoryStart?.rendererHeapBytes, report.memoryEnd?.rendererHeapBytes);

  const crashTotal = Object.values(crashes).reduce((a, b) => a + b, 0);
  if (crashTotal > 0) report.failures.push(`crashes: ${crashTotal}`);
  if (!report.storeComplete) report.failures.push(`store holds ${report.storeAssets ?? 'no'} assets, the demo has ${report.demoAssets}`);
  if (report.unrecovered > 0) report.failures.push('the last failure did not recover');
  if (externalRequests.length > 0) report.failures.push(`requests to external hosts: ${externalRequests.join(', ')}`);
  if (useRenderer && !report.rendererAssetEvents) report.failures.push('the renderer received no assets events');
  if (report.memoryChecked) {
    if (report.mainRssGrowthPct === null || report.mainRssGrowthPct >= MAX_GROWTH_PCT) report.failures.push(`main RSS growth ${pct(report.mainRssGrowthPct)} (limit ${MAX_GROWTH_PCT} %)`);
    if (useRenderer && (report.rendererHeapGrowthPct === null || report.rendererHeapGrowthPct >= MAX_GROWTH_PCT)) {
      report.failures.push(`renderer heap growth ${pct(report.rendererHeapGrowthPct)} (limit ${MAX_GROWTH_PCT} %)`);
    }
  }
  return report;
}

function mb(bytes: number | null | undefined): string {
  return bytes === null || bytes === undefined ? 'n/a' : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function pct(value: number | null): string {
  return value === null ? 'n/a' : `${value >= 0 ? '+' : ''}${value.toFixed(1)} %`;
}

/** The report as a plain two-column table. */
export function formatSoakReport(r: SoakReport): string {
  const crashTotal = Object.values(r.crashes).reduce((a, b) => a + b, 0);
  const rows: [string, string][] = [
    ['duration', `${r.minutes} min`],
    ['target fault rate (requests)', `${Math.round(r.faultRate * 100)} %`],
    ['refreshes (ok / failed)', `${r.ticks} (${r.refreshesOk} / ${r.refreshesFailed})`],
    ['requests to the service', String(r.requests)],
    ['requests under a fault', `${r.faultedRequests} (${r.requests ? ((r.faultedRequests / r.requests) * 100).toFixed(1) : '0'} %)`],
    ['faulted ticks', String(r.faultTicks)],
    ['  by kind', Object.entries(r.faultsByKind).map(([k, n]) => `${k} ${n}`).join(', ')],
    ['recoveries (fault → next success)', String(r.recoveries)],
    ['unrecovered at the end', String(r.unrecovered)],
    ['crashes', `${crashTotal} (uncaught ${r.crashes.uncaughtExceptions}, unhandled rejections ${r.crashes.unhandledRejections}, page errors ${r.crashes.pageErrors}, renderer crashes ${r.crashes.rendererCrashes}, exits ${r.crashes.exits})`],
    ['assets events in the renderer', r.rendererAssetEvents === null ? 'renderer not driven' : String(r.rendererAssetEvents)],
    ['main RSS start → end', `${mb(r.memoryStart?.mainRssBytes)} → ${mb(r.memoryEnd?.mainRssBytes)} (${pct(r.mainRssGrowthPct)})`],
    ['main JS heap start → end', `${mb(r.memoryStart?.mainHeapBytes)} → ${mb(r.memoryEnd?.mainHeapBytes)} (${pct(growth(r.memoryStart?.mainHeapBytes, r.memoryEnd?.mainHeapBytes))})`],
    ['renderer JS heap start → end', `${mb(r.memoryStart?.rendererHeapBytes)} → ${mb(r.memoryEnd?.rendererHeapBytes)} (${pct(r.rendererHeapGrowthPct)})`],
    ['memory limits checked', r.memoryChecked ? `yes (growth < ${MAX_GROWTH_PCT} %)` : 'no (run shorter than 3 min: reported only)'],
    ['store snapshot', `${r.storeAssets ?? 'n/a'} of ${r.demoAssets} assets (${r.storeComplete ? 'complete' : 'INCOMPLETE'})`],
    ['result', r.failures.length === 0 ? 'PASS' : `FAIL: ${r.failures.join('; ')}`],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  const lines = rows.map(([k, v]) => `${k.padEnd(width)} │ ${v}`);
  const rule = '─'.repeat(width + 1) + '┼' + '─'.repeat(40);
  const out = ['Fleet Desk soak report', rule, ...lines];
  if (r.crashMessages.length) out.push('', 'Messages:', ...r.crashMessages.slice(0, 20).map((m) => `  ${m}`));
  return out.join('\n');
}
