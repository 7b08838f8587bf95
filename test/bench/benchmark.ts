/**
 * `runBenchmark`: every figure of the fleet-scale benchmark at each size, as the median
 * (with min and max) of several runs, checked against its target. Shared by the CLI
 * (`npm run bench`) and the smoke test.
 */
import { cpus, totalmem } from 'node:os';
import { buildBenchRenderer, buildBenchWebShell } from './build';
import { ALERT_LISTS, fetchAssetLists, fetchListSequence, measureAempRun, measureAlertRun, measureCoreRun, type AempRun, type AlertRun, type CoreRun } from './core-figures';
import type { EventLoopReading } from './main-side-probe';
import { startRendererHarness, type ColdRun, type ElectronRun, type RendererRun } from './renderer-figures';
import { percentile, summarize, type Summary } from './stats';

export type FigureId =
  | 'refresh-ratio'
  | 'cold-start'
  | 'list-paint'
  | 'search-p95'
  | 'scroll-p95'
  | 'markers'
  | 'pan-zoom-p95'
  | 'refresh-cpu'
  | 'renderer-heap'
  | 'main-rss'
  | 'aemp-ratio'
  | 'alert-eval'
  | 'eld-refresh-web'
  | 'eld-refresh-electron'
  | 'eld-cold-web'
  | 'eld-cold-electron'
  | 'call-web'
  | 'call-electron'
  | 'change-shown'
  | 'refresh-cpu-ratio'
  | 'cold-rows'
  | 'wheel-p95'
  | 'wheel-raf-p95';

export interface FigureResult {
  id: FigureId;
  label: string;
  size: number;
  unit: string;
  median: number;
  min: number;
  max: number;
  runs: number;
  /** Upper bound; null where no target applies at this size. */
  target: number | null;
  verdict: 'PASS' | 'MISS' | 'n/a';
  /** Supporting numbers (medians), e.g. the bare JSON.parse time behind a ratio. */
  detail: string;
}

export interface BenchmarkResult {
  startedAt: string;
  durationSec: number;
  machine: { cpus: number; cpuModel: string; memoryGb: number; node: string };
  sizes: number[];
  figures: FigureResult[];
}

export interface BenchmarkOptions {
  sizes?: number[];
  /** Runs per size; default 5 up to 10,000 assets and 3 above. */
  runs?: number | ((size: number) => number);
  log?: (line: string) => void;
  /** Reuse earlier builds (out/bench-renderer, out/bench-main) when there are some. */
  reuseBuild?: boolean;
}

interface FigureSpec {
  label: string;
  unit: string;
  target: (size: number) => number | null;
}

/** Targets are set at 10,000 assets; they are checked up to that size (the map also at 50,000). */
const upTo10k = (value: number) => (size: number) => (size <= 10_000 ? value : null);
/** Performance targets that also hold at 50,000 assets (`at50k`: the one for that size). */
const upTo50k = (value: number, at50k = value) => (size: number) => (size <= 10_000 ? value : size <= 50_000 ? at50k : null);
const reference = () => null;

export const FIGURES: Record<FigureId, FigureSpec> = {
  'refresh-ratio': { label: 'periodic refresh pipeline ÷ bare JSON.parse', unit: '×', target: upTo10k(4) },
  'cold-start': { label: 'cold start from the store', unit: 'ms', target: upTo10k(400) },
  'list-paint': { label: 'data ready → list first painted', unit: 'ms', target: upTo10k(200) },
  'search-p95': { label: 'search keystroke → list updated (p95)', unit: 'ms', target: upTo50k(30) },
  'scroll-p95': { label: 'list scrolling frame time (p95), scrollTop set by script (earlier method)', unit: 'ms', target: reference },
  'wheel-p95': { label: 'list scrolling frame time (p95), mouse wheel: page frame work (Chromium trace)', unit: 'ms', target: upTo10k(17) },
  'wheel-raf-p95': { label: 'list scrolling, mouse wheel: requestAnimationFrame interval (p95)', unit: 'ms', target: reference },
  markers: { label: 'every marker placed (clustered)', unit: 'ms', target: (size) => (size <= 10_000 ? 500 : size <= 50_000 ? 1500 : null) },
  'pan-zoom-p95': { label: 'map pan and zoom frame time (p95)', unit: 'ms', target: upTo10k(33) },
  'refresh-cpu': { label: 'scheduled refresh, 5 % changed: main + renderer CPU', unit: 'ms', target: upTo10k(250) },
  'refresh-cpu-ratio': { label: 'scheduled refresh CPU, all processes ÷ bare JSON.parse', unit: '×', target: upTo10k(2.5) },
  'renderer-heap': { label: 'renderer JS heap after loading', unit: 'MB', target: upTo50k(25, 100) },
  'main-rss': { label: 'main-side RSS (web shell process)', unit: 'MB', target: upTo50k(250, 800) },
  'aemp-ratio': { label: 'AEMP 2.0 listing, 50 ms latency ÷ floor', unit: '×', target: upTo10k(1.3) },
  'alert-eval': { label: 'alert evaluation on a periodic refresh (all rules)', unit: 'ms', target: upTo10k(30) },
  'eld-refresh-web': { label: 'main-thread event-loop delay, scheduled refresh (max): web shell', unit: 'ms', target: upTo50k(20) },
  'eld-refresh-electron': { label: 'main-thread event-loop delay, scheduled refresh (max): Electron main (simulated)', unit: 'ms', target: upTo50k(20) },
  'eld-cold-web': { label: 'main-thread event-loop delay, cold start (max): web shell', unit: 'ms', target: upTo50k(20) },
  'eld-cold-electron': { label: 'main-thread event-loop delay, cold start (max): Electron main (simulated)', unit: 'ms', target: upTo50k(20) },
  'call-web': { label: 'small call round trip during a refresh (p95): web shell', unit: 'ms', target: upTo10k(30) },
  'call-electron': { label: 'small call round trip during a refresh (p95): Electron main (simulated)', unit: 'ms', target: upTo10k(30) },
  'change-shown': { label: 'service answer complete → 5 % change shown on map and list', unit: 'ms', target: upTo50k(500, 3000) },
  'cold-rows': { label: 'cold start: page opened → first rows painted', unit: 'ms', target: upTo50k(250, 1000) },
};

const defaultRuns = (size: number) => (size > 10_000 ? 3 : 5);

function med(values: number[]): number {
  return summarize(values).median;
}

function fmt(n: number, digits = 1): string {
  return Number.isFinite(n) ? n.toFixed(digits) : String(n);
}

function figure(id: FigureId, size: number, samples: number[], detail = ''): FigureResult {
  const spec = FIGURES[id];
  const s: Summary = summarize(samples);
  const target = spec.target(size);
  const verdict = target === null ? 'n/a' : s.median <= target ? 'PASS' : 'MISS';
  return { id, label: spec.label, size, unit: spec.unit, ...s, target, verdict, detail };
}

/** The alert figure alone (also used by test/bench/alert-figure.ts). */
export function alertFigure(size: number, runs: AlertRun[]): FigureResult {
  return figure(
    'alert-eval',
    size,
    runs.map((r) => r.evaluationMs),
    `CPU ${fmt(med(runs.map((r) => r.evaluationCpuMs)), 0)} ms; ${runs[0].assets} assets, ${fmt(med(runs.map((r) => r.raisedPeriodic)), 0)} raised per refresh, ${fmt(med(runs.map((r) => r.open)), 0)} open; first periodic one ${fmt(med(runs.map((r) => r.coldMs)), 0)} ms; first into an empty log ${fmt(med(runs.map((r) => r.firstEvaluationMs)), 0)} ms (${fmt(med(runs.map((r) => r.raisedFirst)), 0)} raised)`,
  );
}

function coreFigures(size: number, core: CoreRun[], aemp: AempRun[], alerts: AlertRun[]): FigureResult[] {
  return [
    alertFigure(size, alerts),
    figure(
      'refresh-ratio',
      size,
      core.map((r) => r.pipelineMs / r.bareParseMs),
      `periodic refresh ${fmt(med(core.map((r) => r.pipelineMs)), 0)} ms vs JSON.parse ${fmt(med(core.map((r) => r.bareParseMs)), 0)} ms of ${fmt(core[0].bodyBytes / 1e6)} MB; first fill of an empty store ${fmt(med(core.map((r) => r.firstFillMs)), 0)} ms (${fmt(med(core.map((r) => r.firstFillMs / r.bareParseMs)))}×)`,
    ),
    figure('cold-start', size, core.map((r) => r.coldStartMs), `${core[0].assets} assets`),
    figure(
      'aemp-ratio',
      size,
      aemp.map((r) => r.ms / r.floorMs),
      `${fmt(med(aemp.map((r) => r.ms)), 0)} ms for ${aemp[0].pages} pages (${aemp[0].equipment} machines), floor ${fmt(aemp[0].floorMs, 0)} ms`,
    ),
  ];
}

type NumericKeys<T> = { [K in keyof T]: T[K] extends number ? K : never }[keyof T];

/** Event-loop readings of several runs: the max per run is the sample; p99 and window in the detail. */
function loopFigure(id: FigureId, size: number, loops: EventLoopReading[], extra = ''): FigureResult {
  const windowMs = loops.map((l) => l.readAt - l.windowStartAt);
  // The worst run's longest stall: the main thread's own time on a CPU vs. waiting for one.
  const stall = loops.reduce((a, b) => (b.max > a.max ? b : a)).longestStall;
  const stallText =
    stall && stall.ranMs !== null && stall.waitedMs !== null ? `; longest stall ${fmt(stall.ms)} ms: main thread ran ${fmt(stall.ranMs)} ms, waited for a CPU ${fmt(stall.waitedMs)} ms` : '';
  const waits = loops.map((l) => l.mainThreadWaitMs);
  const waitText = waits.every((w) => typeof w === 'number') ? `; waited for a CPU ${fmt(med(waits as number[]), 0)} ms in all` : '';
  return figure(
    id,
    size,
    loops.map((l) => l.max),
    `p99 ${fmt(med(loops.map((l) => l.p99)))} ms; ${fmt(med(loops.map((l) => l.count)), 0)} samples in ${fmt(med(windowMs), 0)} ms; ${loops[0].resolutionMs} ms timer${loops.every((l) => typeof l.mainThreadCpuMs === 'number') ? `; main thread's own CPU ${fmt(med(loops.map((l) => l.mainThreadCpuMs as number)), 0)} ms` : ''}${stallText}${waitText}${extra ? `; ${extra}` : ''}`,
  );
}

/** Small-call round trips of several runs: the p95 per run is the sample. */
function callFigure(id: FigureId, size: number, runs: { callTimes: number[]; callUnanswered: number }[]): FigureResult {
  const answered = runs.map((r) => r.callTimes.filter((t) => Number.isFinite(t)));
  const failed = runs.reduce((n, r) => n + r.callTimes.filter((t) => !Number.isFinite(t)).length, 0);
  const unanswered = runs.reduce((n, r) => n + r.callUnanswered, 0);
  const worst = Math.max(...answered.map((times) => Math.max(...times)));
  return figure(
    id,
    size,
    answered.map((times) => percentile(times, 95)),
    `max ${fmt(worst, 0)} ms; median ${fmt(med(answered.map((t) => percentile(t, 50))))} ms; ${fmt(med(answered.map((t) => t.length)), 0)} calls a run, one every 10 ms${failed + unanswered > 0 ? `; ${failed} failed, ${unanswered} unanswered at the end` : ''}`,
  );
}

function rendererFigures(size: number, runs: RendererRun[], bareParseMs: number): FigureResult[] {
  const pick = (key: NumericKeys<RendererRun>) => runs.map((r) => r[key]);
  return [
    figure('list-paint', size, pick('listPaintMs')),
    figure('search-p95', size, pick('searchP95Ms')),
    figure('scroll-p95', size, pick('scrollP95Ms'), `main thread busy ${fmt(med(pick('scrollTaskMsPerFrame')))} ms a frame; 120 frames of 240 px, moved ${fmt(med(pick('scrollMovedPx')), 0)} px`),
    figure(
      'wheel-p95',
      size,
      pick('wheelFrameP95Ms'),
      `longest ${fmt(med(pick('wheelFrameMaxMs')))} ms of ${fmt(med(pick('wheelFrames')), 0)} frames; Chromium's scroll-jank metric: ${fmt(med(pick('wheelJankyFrames')), 0)} of ${fmt(med(pick('wheelScrollFrames')), 0)} scroll frames late; scroll update at the renderer → shown ${fmt(med(pick('wheelShownP50Ms')))} ms (median)`,
    ),
    figure(
      'wheel-raf-p95',
      size,
      pick('wheelP95Ms'),
      `main thread busy ${fmt(med(pick('wheelTaskMsPerFrame')))} ms a frame; longest ${fmt(med(pick('wheelMaxMs')), 0)} ms; ${fmt(med(pick('wheelLongTasks')), 0)} long tasks (longest ${fmt(med(pick('wheelLongTaskMaxMs')), 0)} ms); rows missing at ${fmt(med(pick('wheelRowGaps')), 0)} of ${fmt(med(pick('wheelScrolls')), 0)} scrolls; moved ${fmt(med(pick('wheelMovedPx')), 0)} px`,
    ),
    figure('markers', size, pick('markersMs')),
    figure('pan-zoom-p95', size, pick('panZoomP95Ms')),
    figure(
      'refresh-cpu',
      size,
      pick('refreshCpuMs'),
      `main ${fmt(med(pick('refreshMainCpuMs')), 0)} ms + renderer ${fmt(med(pick('refreshRendererCpuMs')), 0)} ms; ${fmt(med(pick('changedShare')) * 100)} % changed`,
    ),
    figure('refresh-cpu-ratio', size, pick('refreshCpuMs').map((ms) => ms / bareParseMs), `${fmt(med(pick('refreshCpuMs')), 0)} ms ÷ JSON.parse ${fmt(bareParseMs, 0)} ms (median of the core runs)`),
    figure(
      'change-shown',
      size,
      pick('changeShownMs'),
      `→ page holds it ${fmt(med(pick('changeAnswerToDataMs')), 0)} ms, → list shown ${fmt(med(pick('changeListShownMs')), 0)} ms, → map shown ${fmt(med(pick('changeMapShownMs')), 0)} ms`,
    ),
    loopFigure(
      'eld-refresh-web',
      size,
      runs.map((r) => r.refreshLoop),
    ),
    callFigure('call-web', size, runs),
    figure('renderer-heap', size, pick('heapMb')),
    figure('main-rss', size, pick('rssMb')),
  ];
}

function coldFigures(size: number, runs: ColdRun[]): FigureResult[] {
  return [
    figure('cold-rows', size, runs.map((r) => r.pageToRowsMs), `web shell started → first rows ${fmt(med(runs.map((r) => r.spawnToRowsMs)), 0)} ms; the shell's start-up refresh runs meanwhile`),
    loopFigure(
      'eld-cold-web',
      size,
      runs.map((r) => r.loop),
      'from the page opening until the start-up refresh is shown',
    ),
  ];
}

function electronFigures(size: number, runs: ElectronRun[]): FigureResult[] {
  return [
    loopFigure('eld-refresh-electron', size, runs.map((r) => r.refreshLoop), `answer complete → renderer holds it ${fmt(med(runs.map((r) => r.answerToRendererMs)), 0)} ms; process RSS ${fmt(med(runs.map((r) => r.rssMb)), 0)} MB (renderer thread's copy included)`),
    loopFigure(
      'eld-cold-electron',
      size,
      runs.map((r) => r.coldLoop),
      `window opened → renderer holds the first list ${fmt(med(runs.map((r) => r.coldFirstListMs)), 0)} ms`,
    ),
    callFigure('call-electron', size, runs),
  ];
}

const ORDER: FigureId[] = [
  'refresh-ratio',
  'alert-eval',
  'cold-start',
  'cold-rows',
  'list-paint',
  'search-p95',
  'wheel-p95',
  'wheel-raf-p95',
  'scroll-p95',
  'markers',
  'pan-zoom-p95',
  'refresh-cpu',
  'refresh-cpu-ratio',
  'change-shown',
  'eld-refresh-web',
  'eld-refresh-electron',
  'eld-cold-web',
  'eld-cold-electron',
  'call-web',
  'call-electron',
  'renderer-heap',
  'main-rss',
  'aemp-ratio',
];

export async function runBenchmark(options: BenchmarkOptions = {}): Promise<BenchmarkResult> {
  const sizes = options.sizes ?? [1_000, 10_000, 50_000];
  const runsFor = typeof options.runs === 'number' ? () => options.runs as number : (options.runs ?? defaultRuns);
  const log = options.log ?? (() => {});
  const started = Date.now();
  const rendererDir = await buildBenchRenderer({ reuse: options.reuseBuild, log });
  const webShellEntry = await buildBenchWebShell({ reuse: options.reuseBuild, log });
  const figures: FigureResult[] = [];
  for (const size of sizes) {
    const runs = runsFor(size);
    log(`${size} assets, ${runs} run(s): core …`);
    const lists = await fetchAssetLists(size);
    const core: CoreRun[] = [];
    for (let i = 0; i < runs; i++) core.push(await measureCoreRun(lists));
    const sequence = await fetchListSequence(size, ALERT_LISTS);
    const alerts: AlertRun[] = [];
    for (let i = 0; i < runs; i++) alerts.push(await measureAlertRun(sequence));
    log(`${size} assets: AEMP listing …`);
    const aemp: AempRun[] = [];
    for (let i = 0; i < runs; i++) aemp.push(await measureAempRun(size));
    log(`${size} assets: renderer …`);
    const harness = await startRendererHarness(size, { rendererDir, webShellEntry }, log);
    const renderer: RendererRun[] = [];
    const cold: ColdRun[] = [];
    const electron: ElectronRun[] = [];
    try {
      for (let i = 0; i < runs; i++) {
        renderer.push(await harness.run());
        log(`  run ${i + 1}/${runs} done`);
      }
      log(`${size} assets: cold starts of the web shell …`);
      for (let i = 0; i < runs; i++) cold.push(await harness.coldRun());
      log(`${size} assets: simulated Electron main …`);
      for (let i = 0; i < runs; i++) electron.push(await harness.electronRun());
    } finally {
      await harness.close();
    }
    const bareParseMs = med(core.map((r) => r.bareParseMs));
    const all = [...coreFigures(size, core, aemp, alerts), ...rendererFigures(size, renderer, bareParseMs), ...coldFigures(size, cold), ...electronFigures(size, electron)];
    figures.push(...ORDER.map((id) => all.find((f) => f.id === id)!));
  }
  const cpuList = cpus();
  return {
    startedAt: new Date(started).toISOString(),
    durationSec: Math.round((Date.now() - started) / 1000),
    machine: { cpus: cpuList.length, cpuModel: cpuList[0]?.model ?? 'unknown', memoryGb: Math.round(totalmem() / 2 ** 30), node: process.version },
    sizes,
    figures,
  };
}

/** One plain-text table: figure, size, median, min–max, target, verdict, details. */
export function formatTable(result: BenchmarkResult): string {
  const header = ['figure', 'assets', 'median', 'min', 'max', 'target', 'result', 'detail'];
  const digits = (f: FigureResult) => (f.unit === '×' ? 2 : 1);
  const rows = result.figures.map((f) => [
    f.label,
    f.size.toLocaleString('en-US'),
    `${fmt(f.median, digits(f))} ${f.unit}`,
    fmt(f.min, digits(f)),
    fmt(f.max, digits(f)),
    f.target === null ? '—' : `≤ ${f.target.toLocaleString('en-US')} ${f.unit}`,
    f.verdict,
    f.detail,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 1 || (i >= 2 && i <= 4) ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join(' | ').trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...rows.map(line)].join('\n');
}
