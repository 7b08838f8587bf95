/**
 * Where the page's CPU goes during a scheduled 5 % refresh:
 * `node --import tsx test/bench/renderer-refresh-profile.ts [--assets 10000 --runs 3 --reuse-build --out DIR]`.
 *
 * Starts the demo service (frozen clock), a web shell from a production bundle and
 * headless Chromium at 1400×900 (as `npm run bench` does), waits until the list and the
 * markers are drawn, then for each run moves the clock so about 5 % of the assets report
 * anew, lets the schedule refresh once, and samples the page's main thread with the V8
 * CPU profiler from the refresh's request until 500 ms after the page holds the change.
 * Prints the page's busy time (Chromium's TaskDuration, the bench's figure), data ready →
 * map shown, and the functions with the most self time. Builds into folders of its own
 * (out/<tag>-renderer, out/profile-main) so it never races a bench build.
 *
 * Options: `--busy-only` (no sampling profiler: busy time and the renderer process's CPU
 * only, for A/B pairs), `--renderer-src DIR --tag NAME` (build another copy of
 * src-renderer kept inside the repo, e.g. out/ab-before/src-renderer with the old files),
 * `--trace` (each page task over 3 ms after the change arrives, split into script, style,
 * layout, paint and GC, with its top functions), `--verbose` (marker mutations after the
 * change), `--pan-zoom` (the bench's drags and wheel zooms first), `--out DIR` (the
 * .cpuprofile and trace files, for DevTools).
 *
 * Each refresh also prints the web shell's RSS, its CPU per thread (the main thread, the
 * core thread and V8's helper threads, which run most of the garbage collection) and its
 * CPU over the whole cycle from one refresh to the next (collections V8 makes while idle
 * included, which the bench's refresh window leaves out).
 *
 * Other modes: `--search` profiles the bench's search keystrokes instead of a refresh (with
 * `--trace`, their layout and paint; FLEET_TRACE_OUT=path keeps the trace); `--cold` restarts
 * the shell on its filled store `--runs` times and traces each page load until the first rows
 * are painted (with `--busy-only`, untraced, for A/B pairs: medians of page opened → first
 * rows and data ready → first rows). FLEET_SHELL_NODE_ARGS passes Node options to the shell
 * (e.g. `--trace-gc`, which NODE_OPTIONS refuses) and FLEET_SHELL_LOG=file keeps its output.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import { startDemoService } from '../../src-main/demo';
import { buildBenchRenderer, buildBenchWebShell } from './build';
import { dragAndZoomMap } from './renderer-figures';
import { BENCH_CLOCK_MS, stepForShare } from './core-figures';
import { installProbes, readChangeShown, searchKeystrokes, watchNextChange, type PageProbe } from './page-probes';
import { processRssMb, threadCpuMs } from './proc';
import { SEARCH_VALUES } from './search-values';
import { percentile } from './stats';
import { invoke, shellOnline, sleep, waitFor } from './shell-calls';

const ROOT = resolve(import.meta.dirname, '..', '..');
const MAIN_DIR = resolve(ROOT, 'out', 'profile-main');

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  pid: number;
  args?: Record<string, unknown>;
}

/**
 * The page's renderer main thread in a trace. A fresh context can start two renderer
 * processes (the blank first page and the app), so the thread is the one of the process
 * that navigated to the app (its navigationStart names the shell's URL) or, in a trace
 * begun after the navigation, the renderer main thread with the most events.
 */
function pageMainThread(events: TraceEvent[]): { pid: number; tid: number; navigationAt: number | null } | null {
  const mains = events.filter((e) => e.name === 'thread_name' && (e.args as { name?: string })?.name === 'CrRendererMain');
  const navigation = events.find((e) => e.name === 'navigationStart' && /^https?:/.test((e.args as { data?: { documentLoaderURL?: string } })?.data?.documentLoaderURL ?? ''));
  const countOf = (pid: number, tid: number) => events.reduce((n, e) => (e.pid === pid && e.tid === tid ? n + 1 : n), 0);
  const main = navigation ? mains.find((e) => e.pid === navigation.pid) : mains.sort((a, b) => countOf(b.pid, b.tid) - countOf(a.pid, a.tid))[0];
  return main ? { pid: main.pid, tid: main.tid, navigationAt: navigation?.ts ?? null } : null;
}

/**
 * The page main thread's tasks over 3 ms, from the fd:data-ready mark on: start (ms after
 * the mark), length, and how much of it went to script, style, layout, paint and GC.
 */
function summariseTrace(events: TraceEvent[], profile: CpuProfile, log: (s: string) => void): void {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const sampleAt: number[] = [];
  let t = profile.startTime;
  for (const d of profile.timeDeltas) sampleAt.push((t += d));
  /** The functions with the most self time between two trace timestamps (µs). */
  const topBetween = (from: number, to: number): string => {
    const self = new Map<string, number>();
    for (let i = 0; i < profile.samples.length; i++) {
      if (sampleAt[i] < from || sampleAt[i] >= to) continue;
      const f = byId.get(profile.samples[i])!.callFrame;
      const key = `${f.functionName || '(anon)'}:${f.lineNumber + 1}`;
      self.set(key, (self.get(key) ?? 0) + ((sampleAt[i + 1] ?? sampleAt[i]) - sampleAt[i]) / 1000);
    }
    return [...self].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, v]) => `${k} ${v.toFixed(1)}`).join(', ');
  };
  const main = pageMainThread(events);
  if (!main) return log('  (no renderer main thread in the trace)');
  const own = events.filter((e) => e.tid === main.tid && e.pid === main.pid);
  const mark = own.find((e) => e.name === 'fd:data-ready');
  const zero = mark?.ts ?? own[0]?.ts ?? 0;
  const kinds: Record<string, string> = {
    FunctionCall: 'script', EvaluateScript: 'script', TimerFire: 'script', FireAnimationFrame: 'script', EventDispatch: 'script',
    UpdateLayoutTree: 'style', Layout: 'layout', PrePaint: 'paint', Paint: 'paint', Layerize: 'paint', UpdateLayer: 'paint',
    MajorGC: 'gc', MinorGC: 'gc', 'V8.GC_MARK_COMPACTOR': 'gc', 'V8.GC_SCAVENGER': 'gc', ParseHTML: 'parse', 'v8.compile': 'compile',
  };
  const totals: Record<string, number> = {};
  for (const task of own.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > 3000)) {
    const end = task.ts + (task.dur ?? 0);
    const parts: Record<string, number> = {};
    // Direct kinds only (nested FunctionCall inside FunctionCall would count twice): take each kind's outermost events.
    const inside = own.filter((e) => e.ph === 'X' && e.ts >= task.ts && e.ts < end && kinds[e.name]);
    const covered: [number, number][] = [];
    for (const e of inside.sort((a, b) => a.ts - b.ts)) {
      const eEnd = e.ts + (e.dur ?? 0);
      if (covered.some(([a, b]) => e.ts >= a && eEnd <= b) && kinds[e.name] === 'script') continue;
      if (kinds[e.name] === 'script') covered.push([e.ts, eEnd]);
      parts[kinds[e.name]] = (parts[kinds[e.name]] ?? 0) + (e.dur ?? 0) / 1000;
    }
    for (const [k, v] of Object.entries(parts)) totals[k] = (totals[k] ?? 0) + v;
    totals.task = (totals.task ?? 0) + (task.dur ?? 0) / 1000;
    const text = Object.entries(parts).map(([k, v]) => `${k} ${v.toFixed(1)}`).join(', ');
    log(`  task at ${((task.ts - zero) / 1000).toFixed(0).padStart(6)} ms: ${((task.dur ?? 0) / 1000).toFixed(1).padStart(6)} ms (${text})`);
    if ((task.dur ?? 0) > 8000) log(`      ${topBetween(task.ts, end)}`);
  }
  log(`  tasks over 3 ms: ${Object.entries(totals).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', ')} ms`);
  // The rest of the busy time: many short tasks (messages, timers, frames), by what each ran first.
  const short = own.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) <= 3000 && (e.dur ?? 0) > 0);
  const byFirst = new Map<string, { n: number; ms: number }>();
  for (const task of short) {
    const end = task.ts + (task.dur ?? 0);
    const first = own.find((e) => e.ph === 'X' && e.ts >= task.ts && e.ts < end && e !== task && e.name !== 'RunTask');
    const key = first?.name ?? '(nothing traced)';
    const entry = byFirst.get(key) ?? { n: 0, ms: 0 };
    entry.n++;
    entry.ms += (task.dur ?? 0) / 1000;
    byFirst.set(key, entry);
  }
  const shortMs = short.reduce((sum, task) => sum + (task.dur ?? 0) / 1000, 0);
  const top = [...byFirst].sort((a, b) => b[1].ms - a[1].ms).slice(0, 6).map(([k, v]) => `${k} ${v.n}× ${v.ms.toFixed(1)}`).join(', ');
  log(`  tasks up to 3 ms: ${short.length}, ${shortMs.toFixed(0)} ms (${top})`);
}

/** Builds the renderer from `source` into `rendererDir` and the web shell (unless `reuse` and both are there). */
async function buildAll(source: string, rendererDir: string, reuse: boolean, log: (s: string) => void): Promise<string> {
  await buildBenchRenderer({ source, outDir: rendererDir, reuse, log, minify: false });
  return buildBenchWebShell({ outDir: MAIN_DIR, reuse, log });
}

async function taskMs(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return (metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0) * 1000;
}

/** Self time per function (ms), biggest first; also the total per bundle "area" (by URL). */
function selfTimes(profile: CpuProfile): { fn: Map<string, number>; total: number } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const fn = new Map<string, number>();
  let total = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const node = byId.get(profile.samples[i])!;
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const f = node.callFrame;
    if (f.functionName === '(idle)') continue;
    const file = f.url ? f.url.replace(/^.*\//, '') : '';
    const key = `${f.functionName || '(anonymous)'} ${file}:${f.lineNumber + 1}`;
    fn.set(key, (fn.get(key) ?? 0) + ms);
    total += ms;
  }
  return { fn, total };
}

/** The middle sample, the upper one of two (this tool's A/B figures have always been read so). */
const upperMedian = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** `--search`: the bench's keystrokes `runs` times under the sampling profiler; each keystroke's time and the self time per function. */
async function profileSearch(page: Page, cdp: CDPSession, runs: number, top: number, trace: boolean, log: (s: string) => void): Promise<void> {
  const totals = new Map<string, number>();
  const samples: number[] = [];
  const traceEvents: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => {
    traceEvents.push(...(e.value as unknown as TraceEvent[]));
  });
  let busy = 0;
  for (let run = 0; run < runs; run++) {
    const busyBefore = await taskMs(cdp);
    traceEvents.length = 0;
    let traceDone: Promise<void> | null = null;
    if (trace) {
      traceDone = new Promise((r) => cdp.once('Tracing.tracingComplete', () => r()));
      await cdp.send('Tracing.start', { categories: 'devtools.timeline,v8,blink.user_timing,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
    }
    await cdp.send('Profiler.start');
    const times = await page.evaluate(searchKeystrokes, SEARCH_VALUES);
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
    if (traceDone) {
      await cdp.send('Tracing.end');
      await traceDone;
      summariseTrace(traceEvents, profile, log);
      if (process.env.FLEET_TRACE_OUT) writeFileSync(`${process.env.FLEET_TRACE_OUT}-${run + 1}.json`, JSON.stringify({ traceEvents }));
    }
    busy += (await taskMs(cdp)) - busyBefore;
    samples.push(...times);
    log(`run ${run + 1}: ${times.map((t) => t.toFixed(0)).join(' ')} ms`);
    for (const [k, v] of selfTimes(profile).fn) totals.set(k, (totals.get(k) ?? 0) + v / runs);
  }
  process.stdout.write(`keystroke → list updated: p50 ${percentile(samples, 50).toFixed(1)} ms, p95 ${percentile(samples, 95).toFixed(1)} ms (as the bench counts them); page busy ${(busy / runs / SEARCH_VALUES.length).toFixed(1)} ms a keystroke\n`);
  process.stdout.write(`\nself time per round of ${SEARCH_VALUES.length} keystrokes (mean of ${runs}), ms:\n`);
  for (const [k, v] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, top)) process.stdout.write(`${v.toFixed(1).padStart(8)}  ${k}\n`);
}

/** The page's probe once it has painted its first rows. */
function firstRowsPainted(page: Page): Promise<PageProbe> {
  return waitFor('the first rows', async () => {
    const p = await page.evaluate(() => (window as unknown as { __bench?: PageProbe }).__bench ?? null);
    return p && (p.listPaintedAt ?? 0) > 0 ? p : null;
  });
}

/** `--cold`: one page load of a just-started shell, traced; where the page's time went until the first rows were painted. */
async function traceColdStart(browser: Browser, url: string, run: number, out: string | undefined, plain: boolean, log: (s: string) => void): Promise<{ painted: number; ready: number }> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript({ content: 'globalThis.__name = (f) => f;' });
  await page.addInitScript(installProbes);
  const file = join(out ?? tmpdir(), `cold-start-${run + 1}.trace.json`);
  if (plain) {
    await page.goto(url.replace('/#', '/?testhooks&perfmarks#'));
    const painted = await firstRowsPainted(page);
    await context.close();
    log(`cold run ${run + 1}: first rows painted at ${painted.listPaintedAt!.toFixed(0)} ms, data ready at ${painted.dataReadyAt!.toFixed(0)} ms`);
    return { painted: painted.listPaintedAt!, ready: painted.dataReadyAt! };
  }
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  await browser.startTracing(page, { path: file, categories: ['devtools.timeline', 'v8', 'blink.user_timing', 'disabled-by-default-devtools.timeline', 'loading', 'v8.execute'] });
  await page.goto(url.replace('/#', '/?testhooks&perfmarks#'));
  const probe = await firstRowsPainted(page);
  const timing = await page.evaluate(() => ({
    nav: performance.getEntriesByType('navigation').map((e) => { const n = e as PerformanceNavigationTiming; return { responseEnd: n.responseEnd, dcl: n.domContentLoadedEventEnd }; })[0],
    resources: performance.getEntriesByType('resource').map((e) => { const r = e as PerformanceResourceTiming; return `${r.name.replace(/^.*\//, '').slice(0, 40)} ${r.startTime.toFixed(0)}→${r.requestStart.toFixed(0)}→${r.responseStart.toFixed(0)}→${r.responseEnd.toFixed(0)}`; }),
    marks: performance.getEntriesByType('mark').map((m) => `${m.name} ${m.startTime.toFixed(0)}`),
  }));
  await browser.stopTracing();
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
  if (out) writeFileSync(join(out, `cold-start-${run + 1}.cpuprofile`), JSON.stringify(profile));
  const { fn, total } = selfTimes(profile);
  log(`  sampled ${total.toFixed(0)} ms; most self time: ${[...fn].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, v]) => `${k} ${v.toFixed(1)}`).join('; ')}`);
  await context.close();
  const events = (JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  log(`cold run ${run + 1}: first rows painted at ${probe.listPaintedAt!.toFixed(0)} ms; data ready ${probe.dataReadyAt?.toFixed(0)} ms; document ${timing.nav.responseEnd.toFixed(0)} ms, DOMContentLoaded ${timing.nav.dcl.toFixed(0)} ms`);
  for (const r of timing.resources) log(`  resource ${r}`);
  log(`  marks: ${timing.marks.join(', ')}`);
  const main = pageMainThread(events);
  const start = main?.navigationAt ?? null;
  if (!main || start === null) {
    log('  (no page main thread or navigation start in the trace)');
    return { painted: probe.listPaintedAt!, ready: probe.dataReadyAt! };
  }
  const own = events.filter((e) => e.tid === main.tid && e.pid === main.pid && e.ph === 'X' && (e.dur ?? 0) > 2000 && e.name === 'RunTask');
  for (const task of own) {
    const inside = events.filter((e) => e.tid === main.tid && e.pid === main.pid && e.ph === 'X' && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + (task.dur ?? 0) && e !== task && (e.dur ?? 0) > 1000);
    const parts = inside.slice(0, 8).map((e) => `${e.name}${(e.args as { data?: { url?: string; functionName?: string } })?.data?.url ? `(${String((e.args as { data: { url: string } }).data.url).replace(/^.*\//, '')})` : ''} ${((e.dur ?? 0) / 1000).toFixed(1)}`);
    log(`  task at ${((task.ts - start) / 1000).toFixed(0).padStart(5)} ms: ${((task.dur ?? 0) / 1000).toFixed(1).padStart(6)} ms  ${parts.join(', ')}`);
  }
  return { painted: probe.listPaintedAt!, ready: probe.dataReadyAt! };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      assets: { type: 'string', default: '10000' },
      runs: { type: 'string', default: '3' },
      'reuse-build': { type: 'boolean', default: false },
      out: { type: 'string' },
      top: { type: 'string', default: '30' },
      verbose: { type: 'boolean', default: false },
      trace: { type: 'boolean', default: false },
      // Another copy of the renderer's source (an A/B against a change; keep it inside the repo so node_modules resolve).
      'renderer-src': { type: 'string', default: resolve(ROOT, 'src-renderer') },
      tag: { type: 'string', default: 'profile' },
      // Busy time only, without the sampling profiler's own cost (for A/B pairs).
      'busy-only': { type: 'boolean', default: false },
      // Drag and wheel-zoom the map first, as the bench's pan-and-zoom figure does before its refreshes.
      'pan-zoom': { type: 'boolean', default: false },
      // Profile the bench's search keystrokes instead of a refresh (each keystroke's time, and where the page's CPU went).
      search: { type: 'boolean', default: false },
      // Trace cold starts instead: the shell restarted on its filled store, a fresh page traced from its navigation to the first rows.
      cold: { type: 'boolean', default: false },
    },
  });
  const assets = Number(values.assets);
  const runs = Number(values.runs);
  const log = (line: string) => process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${line}\n`);
  const rendererDir = resolve(ROOT, 'out', `${values.tag}-renderer`);
  const entry = await buildAll(resolve(values['renderer-src']!), rendererDir, values['reuse-build'] ?? false, log);

  let clock = BENCH_CLOCK_MS;
  const demo = await startDemoService({ assetCount: assets, now: () => clock });
  const folder = mkdtempSync(join(tmpdir(), 'fleet-renderer-profile-'));
  writeFileSync(join(folder, 'settings.json'), JSON.stringify({ refreshIntervalSec: 3600 }));
  let child: ChildProcess | null = null;
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
    headless: true,
  });
  try {
    // FLEET_SHELL_NODE_ARGS: Node options for the shell (e.g. --trace-gc, which NODE_OPTIONS refuses).
    const startShell = () => spawn(process.execPath, [...(process.env.FLEET_SHELL_NODE_ARGS?.split(' ').filter(Boolean) ?? []), entry], {
      cwd: ROOT,
      env: {
        ...process.env,
        FLEET_BASE_URL: demo.baseUrl,
        FLEET_AEMP_URL: demo.aempUrl,
        FLEET_TOKEN: demo.demoToken,
        FLEET_USER_DATA: folder,
        FLEET_RENDERER_DIR: rendererDir,
        FLEET_WEB_PORT: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const urlOf = (shell: ChildProcess) => new Promise<string>((ok, fail) => {
      // FLEET_SHELL_LOG=file keeps what the shell writes (e.g. its --trace-gc lines, see FLEET_SHELL_NODE_ARGS).
      if (process.env.FLEET_SHELL_LOG) shell.stdout?.on('data', (chunk: Buffer) => appendFileSync(process.env.FLEET_SHELL_LOG!, chunk));
      let out = '';
      const timer = setTimeout(() => fail(new Error('the web shell did not start within 60 s')), 60_000);
      shell.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const m = /^(http:\/\/127\.0\.0\.1:\d+\/#secret=\S+)$/m.exec(out);
        if (m) {
          clearTimeout(timer);
          ok(m[1]);
        }
      });
      shell.once('exit', (code) => fail(new Error(`the web shell exited (${code})`)));
    });
    child = startShell();
    const url = await urlOf(child);
    await waitFor('the first refresh', () => shellOnline(url));
    log('web shell online');
    if (values.cold) {
      const painted: number[] = [];
      const readyToPainted: number[] = [];
      for (let run = 0; run < runs; run++) {
        await sleep(2500); // the start-up refresh's store write and the shell's collection
        const exited = new Promise((r) => child!.once('exit', r));
        child.kill('SIGTERM');
        await exited;
        child = startShell();
        const coldUrl = await urlOf(child);
        const times = await traceColdStart(browser, coldUrl, run, values.out, values['busy-only'] ?? false, log);
        painted.push(times.painted);
        readyToPainted.push(times.painted - times.ready);
        await waitFor('the start-up refresh', () => shellOnline(coldUrl)).catch(() => undefined);
      }
      process.stdout.write(`cold start → first rows painted: median ${upperMedian(painted).toFixed(0)} ms (${painted.map((t) => t.toFixed(0)).join(', ')})\n`);
      process.stdout.write(`data ready → first rows painted: median ${upperMedian(readyToPainted).toFixed(0)} ms (${readyToPainted.map((t) => t.toFixed(0)).join(', ')})\n`);
      return;
    }

    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page: Page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await page.addInitScript({ content: 'globalThis.__name = (f) => f;' });
    await page.addInitScript(installProbes);
    await page.goto(url.replace('/#', '/?testhooks&perfmarks#'));
    await waitFor('the first paint', async () => {
      const p = await page.evaluate(() => (window as unknown as { __bench?: PageProbe }).__bench ?? null);
      const now = await page.evaluate(() => performance.now());
      return p && p.dataReadyAt !== null && (p.listPaintedAt ?? 0) > 0 && p.markersPaintedAt !== null && now - p.lastMarkerChangeAt > 1000;
    });
    log('page drawn');
    if (values['pan-zoom']) {
      await dragAndZoomMap(page);
      const view = await page.evaluate(() => {
        const m = (window as unknown as { __fleetMap?: { getZoom(): number } }).__fleetMap;
        return { zoom: m?.getZoom(), clusters: document.querySelectorAll('.leaflet-marker-pane .fd-cluster').length, points: document.querySelectorAll('.leaflet-marker-pane .fd-dot').length };
      });
      log(`after pan and zoom: zoom ${view.zoom}, ${view.clusters} bubbles and ${view.points} points in view`);
    }
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    if (values.search) {
      await profileSearch(page, cdp, runs, Number(values.top), values.trace ?? false, log);
      await context.close();
      return;
    }

    const traceEvents: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (e) => {
      traceEvents.push(...(e.value as unknown as TraceEvent[]));
    });
    const totals = new Map<string, number>();
    // CPU time of the renderer processes (Chromium's own accounting): unlike TaskDuration
    // (wall time of the page's tasks) it does not grow while a loaded machine holds the page off a core.
    const browserCdp = await browser.newBrowserCDPSession();
    const rendererCpuMs = async () => {
      const { processInfo } = (await browserCdp.send('SystemInfo.getProcessInfo')) as { processInfo: { type: string; cpuTime: number }[] };
      return processInfo.filter((p) => p.type === 'renderer').reduce((sum, p) => sum + p.cpuTime * 1000, 0);
    };
    const cpuRuns: number[] = [];
    let lastReadyAt = Date.now();
    let lastCycleCpu: number | null = null;
    const busyRuns: number[] = [];
    const mapRuns: number[] = [];
    for (let run = 0; run < runs; run++) {
      const step = stepForShare(demo, clock, 0.05);
      clock += step;
      // The schedule refreshes at once only when the last refresh is 15 s old (the bench's page is older than that).
      await sleep(Math.max(500, lastReadyAt + 15_500 - Date.now()));
      await page.evaluate(watchNextChange);
      await page.evaluate(() => {
        const w = window as unknown as { __mutations: number[] };
        w.__mutations = [];
        const pane = document.querySelector('.leaflet-marker-pane');
        if (pane) new MutationObserver(() => w.__mutations.push(performance.now())).observe(pane, { childList: true, subtree: true, attributes: true });
      });
      const marksBefore = await page.evaluate(() => performance.getEntriesByName('fd:data-ready').length);
      const busyBefore = await taskMs(cdp);
      const cpuBefore = await rendererCpuMs();
      const threadsBefore = threadCpuMs(child.pid!);
      const cycleCpu = [...threadsBefore.values()].reduce((a, b) => a + b, 0);
      if (lastCycleCpu !== null) log(`  web shell CPU over the whole last cycle (refresh start → next refresh start, idle-time collections included): ${(cycleCpu - lastCycleCpu).toFixed(0)} ms`);
      lastCycleCpu = cycleCpu;
      if (process.env.FLEET_SHELL_LOG) appendFileSync(process.env.FLEET_SHELL_LOG, `=== refresh ${run + 1} starts\n`);
      if (!values['busy-only']) await cdp.send('Profiler.start');
      traceEvents.length = 0;
      let traceDone: Promise<void> | null = null;
      if (values.trace) {
        traceDone = new Promise((r) => cdp.once('Tracing.tracingComplete', () => r()));
        await cdp.send('Tracing.start', { categories: 'devtools.timeline,v8,blink.user_timing,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
      }
      await invoke(url, 'settings:set', [{ refreshIntervalSec: 15 }]);
      await waitFor('the refresh', async () => (await page.evaluate(() => performance.getEntriesByName('fd:data-ready').length)) > marksBefore, 60_000);
      await sleep(500);
      const { profile } = values['busy-only'] ? { profile: { nodes: [], samples: [], timeDeltas: [], startTime: 0, endTime: 0 } as CpuProfile } : ((await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile });
      if (traceDone) {
        await cdp.send('Tracing.end');
        await traceDone;
        summariseTrace(traceEvents, profile, log);
        if (values.out) writeFileSync(join(values.out, `renderer-refresh-${run + 1}.trace.json`), JSON.stringify({ traceEvents }));
      }
      const threadsAfter = threadCpuMs(child.pid!);
      if (process.env.FLEET_SHELL_LOG) appendFileSync(process.env.FLEET_SHELL_LOG, `=== refresh ${run + 1} measured\n`);
      log(`  web shell RSS ${processRssMb(child.pid!).toFixed(0)} MB; CPU by thread (ms): ${[...threadsAfter].map(([k, v]) => [k, v - (threadsBefore.get(k) ?? 0)] as const).filter(([, v]) => v > 0).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', ')}`);
      const busy = (await taskMs(cdp)) - busyBefore;
      const cpu = (await rendererCpuMs()) - cpuBefore;
      lastReadyAt = Date.now() - 500;
      await invoke(url, 'settings:set', [{ refreshIntervalSec: 3600 }]);
      const shown = await waitFor('the change shown', async () => {
        const s = await page.evaluate(readChangeShown);
        return s && s.readyAt !== null && s.listShownAt !== null && s.now - (s.lastMarkerChangeAt ?? s.readyAt) > 1000 ? s : null;
      });
      const mutations = await page.evaluate(() => (window as unknown as { __mutations: number[] }).__mutations);
      if (values.verbose) log(`  marker mutations after data ready (ms): ${mutations.map((t) => (t - shown.readyAt!).toFixed(0)).join(' ')}`);
      const { fn, total } = selfTimes(profile);
      for (const [k, v] of fn) totals.set(k, (totals.get(k) ?? 0) + v / runs);
      const mapShown = (shown.mapShownAt ?? shown.listShownAt!) - shown.readyAt!;
      busyRuns.push(busy);
      cpuRuns.push(cpu);
      mapRuns.push(mapShown);
      log(
        `run ${run + 1}: page busy ${busy.toFixed(0)} ms (TaskDuration), renderer CPU ${cpu.toFixed(0)} ms, sampled non-idle ${total.toFixed(0)} ms; ` +
          `data ready → list shown ${(shown.listShownAt! - shown.readyAt!).toFixed(0)} ms, → map shown ${mapShown.toFixed(0)} ms; ${shown.markerChanges} marker mutation batches`,
      );
      if (values.out) writeFileSync(join(values.out, `renderer-refresh-${run + 1}.cpuprofile`), JSON.stringify(profile));
    }
    process.stdout.write(`page busy during the refresh: median ${upperMedian(busyRuns).toFixed(0)} ms (${busyRuns.map((b) => b.toFixed(0)).join(', ')}); renderer CPU median ${upperMedian(cpuRuns).toFixed(0)} ms (${cpuRuns.map((b) => b.toFixed(0)).join(', ')}); data ready → map shown median ${upperMedian(mapRuns).toFixed(0)} ms\n`);
    const top = [...totals].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top));
    process.stdout.write(`\nself time per refresh (mean of ${runs}), ms:\n`);
    for (const [k, v] of top) process.stdout.write(`${v.toFixed(1).padStart(8)}  ${k}\n`);
    await context.close();
  } finally {
    await browser.close().catch(() => undefined);
    child?.kill('SIGTERM');
    await demo.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`The renderer profile failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
