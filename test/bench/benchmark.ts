/**
 * `runBenchmark`: every figure of the fleet-scale benchmark at each size, as the median
 * (with min and max) of several runs, checked against its target. Shared by the CLI
 * (`npm run bench`) and the smoke test.
 */
import { cpus, totalmem } from 'node:os';
import { buildBenchRenderer, buildBenchWebShell } from './build';
import { ALERT_LISTS, fetchAssetLists, fetchListSequence, measureAempRun, measureAlertRun, measureCoreRun, type AempRun, type AlertRun, type CoreRun } from './core-figures';
import { startRendererHarness, type RendererRun } from './renderer-figures';
import { summarize, type Summary } from './stats';

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
  | 'alert-eval';

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

export const FIGURES: Record<FigureId, FigureSpec> = {
  'refresh-ratio': { label: 'periodic refresh pipeline ÷ bare JSON.parse', unit: '×', target: upTo10k(4) },
  'cold-start': { label: 'cold start from the store', unit: 'ms', target: upTo10k(400) },
  'list-paint': { label: 'data ready → list first painted', unit: 'ms', target: upTo10k(200) },
  'search-p95': { label: 'search keystroke → list updated (p95)', unit: 'ms', target: upTo10k(50) },
  'scroll-p95': { label: 'list scrolling frame time (p95)', unit: 'ms', target: upTo10k(17) },
  markers: { label: 'every marker placed (clustered)', unit: 'ms', target: (size) => (size <= 10_000 ? 500 : size <= 50_000 ? 1500 : null) },
  'pan-zoom-p95': { label: 'map pan and zoom frame time (p95)', unit: 'ms', target: upTo10k(33) },
  'refresh-cpu': { label: 'scheduled refresh, 5 % changed: main + renderer CPU', unit: 'ms', target: upTo10k(250) },
  'renderer-heap': { label: 'renderer JS heap after loading', unit: 'MB', target: upTo10k(150) },
  'main-rss': { label: 'main-side RSS (web shell process)', unit: 'MB', target: upTo10k(300) },
  'aemp-ratio': { label: 'AEMP 2.0 listing, 50 ms latency ÷ floor', unit: '×', target: upTo10k(1.3) },
  'alert-eval': { label: 'alert evaluation on a periodic refresh (all rules)', unit: 'ms', target: upTo10k(30) },
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
      `${fmt(med(aemp.map((r) => r.ms)), 0)} ms for ${aemp[0].pages} pages (${aemp[0].units} units), floor ${fmt(aemp[0].floorMs, 0)} ms`,
    ),
  ];
}

function rendererFigures(size: number, runs: RendererRun[]): FigureResult[] {
  const pick = (key: keyof RendererRun) => runs.map((r) => r[key]);
  return [
    figure('list-paint', size, pick('listPaintMs')),
    figure('search-p95', size, pick('searchP95Ms')),
    figure('scroll-p95', size, pick('scrollP95Ms')),
    figure('markers', size, pick('markersMs')),
    figure('pan-zoom-p95', size, pick('panZoomP95Ms')),
    figure(
      'refresh-cpu',
      size,
      pick('refreshCpuMs'),
      `main ${fmt(med(pick('refreshMainCpuMs')), 0)} ms + renderer ${fmt(med(pick('refreshRendererCpuMs')), 0)} ms; ${fmt(med(pick('changedShare')) * 100)} % changed`,
    ),
    figure('renderer-heap', size, pick('heapMb')),
    figure('main-rss', size, pick('rssMb')),
  ];
}

const ORDER: FigureId[] = ['refresh-ratio', 'alert-eval', 'cold-start', 'list-paint', 'search-p95', 'scroll-p95', 'markers', 'pan-zoom-p95', 'refresh-cpu', 'renderer-heap', 'main-rss', 'aemp-ratio'];

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
    try {
      for (let i = 0; i < runs; i++) {
        renderer.push(await harness.run());
        log(`  run ${i + 1}/${runs} done`);
      }
    } finally {
      await harness.close();
    }
    const all = [...coreFigures(size, core, aemp, alerts), ...rendererFigures(size, renderer)];
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
