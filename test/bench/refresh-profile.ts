/**
 * Where a scheduled refresh spends its time, stage by stage, measured from outside the
 * core: each stage is the exported function the refresh itself calls (handlers/assets.ts,
 * store, alerts, relay), run in the refresh's order on the same answer, with a full garbage
 * collection before each so one stage's garbage is not billed to the next. The transfer is
 * the core's own HTTP client fetching from a demo service in another process. A last step
 * times the whole `refreshAssets` on the same input, to show the stages miss nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { serialize } from 'node:v8';
import type { AssetChange, AssetSnapshot, FleetEvents } from '../../src-main/contract';
import { AlertService } from '../../src-main/core/alerts/alert-service';
import { AlertRulesStore } from '../../src-main/core/alerts/rules-store';
import { AssetListReader } from '../../src-main/core/assets/asset-list-reader';
import { assetRow } from '../../src-main/core/assets/asset-row';
import { jsonNeedsCleaning, normalizeAssetList } from '../../src-main/core/assets/asset-schema';
import { refreshAssets, smallChange } from '../../src-main/core/handlers/assets';
import { createHttpClient, parseJsonBody } from '../../src-main/core/http/http-client';
import { pinTokenSource } from '../fixtures/http/pinned-token-source';
import { EVENT_IPC } from '../../src-main/core/ipc/channels';
import { MAX_ASSET_LIST_BYTES } from '../../src-main/core/limits';
import type { HttpResponse } from '../../src-main/core/ports';
import { fingerprintsOf, rememberFingerprints } from '../../src-main/core/store/asset-fingerprint';
import { createStoreFactory } from '../../src-main/core/store/sqlite-store';
import { benchContext, fetchListSequence, gc, startDemoProcess } from './core-figures';
import { summarize, type Summary } from './stats';

const PROFILE = 'bench';

/** Two successive answers of the demo: the stored list, and the one about 5 % of the fleet changed since. */
interface ListPair {
  first: HttpResponse;
  firstAt: number;
  next: HttpResponse;
  nextAt: number;
}

export type StageId =
  | 'service'
  | 'transfer'
  | 'read'
  | 'scrub-check'
  | 'parse'
  | 'normalize'
  | 'fingerprint'
  | 'store'
  | 'change'
  | 'alerts'
  | 'rows'
  | 'relay-web'
  | 'relay-electron'
  | 'whole-refresh'
  | 'cold-load'
  | 'cold-rows'
  | 'cold-relay-web'
  | 'cold-relay-electron';

export const STAGES: Record<StageId, string> = {
  service: 'service prepares the answer (request → headers; not ours)',
  transfer: 'transfer: headers → body complete, read by the core',
  read: 'read the list: changed elements parsed, checked, validated, fingerprinted (AssetListReader)',
  'scrub-check': 'read whole, for comparison: secret / long-string check of the raw text (jsonNeedsCleaning)',
  parse: 'read whole, for comparison: parse (parseJsonBody: JSON.parse)',
  normalize: 'read whole, for comparison: validate + normalize (normalizeAssetList)',
  fingerprint: 'read whole, for comparison: fingerprint every asset (fingerprintsOf)',
  store: 'store (saveAssetSnapshot; fingerprints already computed)',
  change: 'change detection (smallChange: diff of the two lists\' fingerprints)',
  alerts: 'alert evaluation (default rules)',
  rows: "renderer rows of the changed assets (assetRow; the 'assets:changed' event carries rows)",
  'relay-web': "relay, web shell: JSON.stringify of the 'assets:changed' event",
  'relay-electron': "relay, Electron: structured clone (v8.serialize) of the 'assets:changed' event",
  'whole-refresh': 'cross-check: refreshAssets whole (get from memory … announce)',
  'cold-load': 'cold start: open the store + loadAssetSnapshot',
  'cold-rows': "cold start: renderer rows of the whole list (assetRow; the 'assets' event carries rows)",
  'cold-relay-web': "cold start relay, web shell: JSON.stringify of the whole 'assets' list",
  'cold-relay-electron': "cold start relay, Electron: v8.serialize of the whole 'assets' list",
};

export interface StageTimes {
  /** Wall-clock ms per stage. */
  stages: Partial<Record<StageId, number>>;
  /** CPU ms of this process per stage (steadier than wall time on a shared machine). */
  cpu: Partial<Record<StageId, number>>;
  bodyBytes: number;
  changed: number;
  assets: number;
}

type Times = { wall: Partial<Record<StageId, number>>; cpu: Partial<Record<StageId, number>> };

const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

function timed<T>(times: Times, id: StageId, work: () => T): T {
  gc();
  const cpu = process.cpuUsage();
  const start = performance.now();
  const value = work();
  times.wall[id] = performance.now() - start;
  times.cpu[id] = cpuMs(cpu);
  return value;
}

async function timedAsync<T>(times: Times, id: StageId, work: () => Promise<T>): Promise<T> {
  gc();
  const cpu = process.cpuUsage();
  const start = performance.now();
  const value = await work();
  times.wall[id] = performance.now() - start;
  times.cpu[id] = cpuMs(cpu);
  return value;
}

/** The core's HTTP client fetching the list from a demo service process: service time and transfer apart. */
async function measureTransfer(baseUrl: string, token: string): Promise<{ service: number; transfer: number; transferCpu: number; bytes: number }> {
  const http = createHttpClient(pinTokenSource({ getToken: async () => token, handleUnauthorized: async () => false }, [baseUrl]));
  let createdAt = 0;
  let headersAt = 0;
  const onCreate = () => (createdAt = performance.now());
  const onHeaders = () => (headersAt = performance.now());
  subscribe('undici:request:create', onCreate);
  subscribe('undici:request:headers', onHeaders);
  try {
    gc();
    const cpu = process.cpuUsage();
    const res = await http.get({ url: `${baseUrl}/branch/current/assets`, maxBytes: MAX_ASSET_LIST_BYTES });
    const doneAt = performance.now();
    return { service: headersAt - createdAt, transfer: doneAt - headersAt, transferCpu: cpuMs(cpu), bytes: Buffer.byteLength(res.body) };
  } finally {
    unsubscribe('undici:request:create', onCreate);
    unsubscribe('undici:request:headers', onHeaders);
  }
}

/** One run: the periodic refresh of `lists.next` against a store that holds `lists.first`, stage by stage. */
export async function profileRun(lists: ListPair, transfer: { service: number; transfer: number; transferCpu: number }): Promise<StageTimes> {
  const times: Times = { wall: { service: transfer.service, transfer: transfer.transfer }, cpu: { transfer: transfer.transferCpu } };
  const dir = mkdtempSync(join(tmpdir(), 'fleet-bench-profile-'));
  try {
    const stores = createStoreFactory(dir);
    const store = stores.open(PROFILE);
    const rules = new AlertRulesStore(dir);
    const alerts = new AlertService({ profileId: () => PROFILE, demo: () => false, store: () => store, rules, emit: () => {}, notify: () => {}, log: () => {} });
    let change: AssetChange | null = null;
    let fetchedAt = '';
    try {
      // The state a periodic refresh finds: the earlier list stored, announced and evaluated.
      const previous = await refreshAssets(benchContext(() => store, lists.first), () => new Date(lists.firstAt), (c) => alerts.noteChange(c));
      alerts.evaluate(previous);

      const now = new Date(lists.nextAt);
      // For comparison: the next list read whole, as the first answer after a start is.
      const res: HttpResponse = { ...lists.next };
      const cleanText = timed(times, 'scrub-check', () => jsonNeedsCleaning(res.body));
      const json = timed(times, 'parse', () => parseJsonBody(res));
      const whole = timed(times, 'normalize', () => normalizeAssetList(json, now, { cleanText }));
      timed(times, 'fingerprint', () => fingerprintsOf(whole.assets));

      // The refresh of the next list, in the order handlers/assets.ts runs it: the reader
      // knows the earlier answer, as it does in a running app.
      const reader = new AssetListReader();
      if (!reader.read(lists.first.body, new Date(lists.firstAt))) throw new Error('The reader could not read the first list');
      const read = timed(times, 'read', () => reader.read(lists.next.body, now));
      if (!read) throw new Error('The reader could not read the next list: the profile would measure another path');
      rememberFingerprints(read.assets, read.prints);
      fetchedAt = now.toISOString();
      const snapshot: AssetSnapshot = { profileId: PROFILE, assets: read.assets, skipped: read.skipped, fetchedAt, source: 'network' };
      timed(times, 'store', () => store.saveAssetSnapshot(snapshot));
      change = timed(times, 'change', () => smallChange(previous, snapshot));
      if (!change) throw new Error('The 5 % change was announced whole: the profile would measure another path');
      const announced = change;
      timed(times, 'alerts', () => {
        alerts.noteChange(announced);
        alerts.evaluate(snapshot);
      });
      const rowChange: FleetEvents['assets:changed'] = timed(times, 'rows', () => ({ ...announced, changed: announced.changed.map(assetRow) }));
      timed(times, 'relay-web', () => JSON.stringify({ name: 'assets:changed', payload: rowChange }));
      timed(times, 'relay-electron', () => serialize([EVENT_IPC, 'assets:changed', rowChange]));
    } finally {
      store.close();
    }

    // Cross-check: the same refresh through refreshAssets, on a store in the same state.
    const checkStore = createStoreFactory(join(dir, 'check')).open(PROFILE);
    try {
      await refreshAssets(benchContext(() => checkStore, lists.first), () => new Date(lists.firstAt));
      await timedAsync(times, 'whole-refresh', () => refreshAssets(benchContext(() => checkStore, lists.next), () => new Date(lists.nextAt)));
    } finally {
      checkStore.close();
    }

    // Cold start: the stored list read back and sent whole.
    const loaded = timed(times, 'cold-load', () => {
      const reopened = stores.open(PROFILE);
      try {
        return reopened.loadAssetSnapshot();
      } finally {
        reopened.close();
      }
    });
    if (!loaded) throw new Error('The store gave back no list');
    const rows: FleetEvents['assets'] = timed(times, 'cold-rows', () => ({ ...loaded, assets: loaded.assets.map(assetRow) }));
    timed(times, 'cold-relay-web', () => JSON.stringify({ name: 'assets', payload: rows }));
    timed(times, 'cold-relay-electron', () => serialize([EVENT_IPC, 'assets', rows]));
    return { stages: times.wall, cpu: times.cpu, bodyBytes: Buffer.byteLength(lists.next.body), changed: (change as AssetChange | null)?.changed.length ?? 0, assets: loaded.assets.length };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface RefreshProfile {
  assets: number;
  bodyBytes: number;
  changed: number;
  bareParseMs: number;
  bareParseCpuMs: number;
  /** Wall-clock ms per stage. */
  stages: Record<StageId, Summary>;
  /** CPU ms per stage. */
  cpu: Record<StageId, Summary>;
}

/** `runs` profiled refreshes at `assetCount` assets (medians with min and max per stage). */
export async function profileRefresh(assetCount: number, runs: number, log: (line: string) => void = () => {}): Promise<RefreshProfile> {
  log(`Fetching the demo's lists (${assetCount} assets) …`);
  const sequence = await fetchListSequence(assetCount, 2);
  const [first, next] = sequence.lists;
  const lists: ListPair = { first: first.response, firstAt: first.at, next: next.response, nextAt: next.at };
  log('Starting a demo service process for the transfer …');
  const demo = await startDemoProcess(['--assets', String(assetCount)]);
  const samples: StageTimes[] = [];
  const parses: number[] = [];
  const parseCpu: number[] = [];
  try {
    // One untimed transfer first: the service builds its fleet, the connection opens.
    await measureTransfer(demo.baseUrl, demo.token);
    for (let i = 0; i < runs; i++) {
      const transfer = await measureTransfer(demo.baseUrl, demo.token);
      samples.push(await profileRun(lists, transfer));
      gc();
      const cpu = process.cpuUsage();
      const start = performance.now();
      JSON.parse(lists.next.body);
      parses.push(performance.now() - start);
      parseCpu.push(cpuMs(cpu));
      log(`  run ${i + 1}/${runs} done`);
    }
  } finally {
    await demo.stop();
  }
  const per = (pick: (s: StageTimes) => Partial<Record<StageId, number>>) =>
    Object.fromEntries((Object.keys(STAGES) as StageId[]).map((id) => [id, summarize(samples.map((s) => pick(s)[id] ?? Number.NaN))])) as Record<StageId, Summary>;
  return {
    assets: samples[0].assets,
    bodyBytes: samples[0].bodyBytes,
    changed: samples[0].changed,
    bareParseMs: summarize(parses).median,
    bareParseCpuMs: summarize(parseCpu).median,
    stages: per((s) => s.stages),
    cpu: per((s) => s.cpu),
  };
}

/** The stages of a scheduled refresh that run on the main side today (what the table sums). */
export const REFRESH_MAIN_STAGES: StageId[] = ['transfer', 'read', 'store', 'change', 'alerts', 'rows', 'relay-web'];

export function formatProfile(profile: RefreshProfile, renderer?: { answerToDataMs: number; listShownMs: number; mapShownMs: number; rendererCpuMs: number; mainCpuMs: number }): string {
  const f = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : 'n/a');
  const rows: string[][] = [];
  const sumOf = (ids: StageId[], of: Record<StageId, Summary>) => ids.reduce((sum, id) => sum + of[id].median, 0);
  const mainSum = sumOf(REFRESH_MAIN_STAGES, profile.stages);
  const mainCpu = sumOf(REFRESH_MAIN_STAGES, profile.cpu);
  for (const id of Object.keys(STAGES) as StageId[]) {
    const s = profile.stages[id];
    const c = profile.cpu[id];
    const share = REFRESH_MAIN_STAGES.includes(id) ? `${((c.median / mainCpu) * 100).toFixed(0)} %` : '';
    rows.push([STAGES[id], f(s.median), f(s.min), f(s.max), f(c.median), share]);
  }
  rows.push(['sum of the main-side refresh stages (transfer … relay, web shell)', f(mainSum), '', '', f(mainCpu), '100 %']);
  rows.push(['bare JSON.parse of the same body', f(profile.bareParseMs), '', '', f(profile.bareParseCpuMs), '']);
  if (renderer) {
    rows.push(['web shell process CPU for the refresh (measured, /proc)', '', '', '', f(renderer.mainCpuMs), '']);
    rows.push(['render: answer complete → page holds the change', f(renderer.answerToDataMs), '', '', '', '']);
    rows.push(['render: answer complete → list shown', f(renderer.listShownMs), '', '', '', '']);
    rows.push(['render: answer complete → map shown', f(renderer.mapShownMs), '', '', '', '']);
    rows.push(['renderer CPU for the refresh (Chromium TaskDuration)', '', '', '', f(renderer.rendererCpuMs), '']);
  }
  const header = ['stage', 'wall ms', 'min', 'max', 'CPU ms', 'CPU share'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ').trimEnd();
  return [
    `Scheduled refresh at ${profile.assets.toLocaleString('en-US')} assets: ${(profile.bodyBytes / 1e6).toFixed(1)} MB answer, ${profile.changed} assets changed`,
    line(header),
    widths.map((w) => '-'.repeat(w)).join('-|-'),
    ...rows.map(line),
  ].join('\n');
}
