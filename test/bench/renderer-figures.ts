/**
 * Figures measured through the web shell in headless Chromium: the shell runs as its own
 * process from a production bundle (so its CPU time and RSS are the main side's alone) against a demo service in
 * a reniced thread of this process (demo-thread.ts) whose clock the benchmark controls.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import type { SyncStatus } from '../../src-main/contract';
import { startDemoThread } from './demo-thread';
import { startElectronSim, type ElectronSim, type SimRendererState } from './electron-sim';
import { EVENT_LOOP_PROBE, EventLoopProbe, startCallPinger, type EventLoopReading } from './main-side-probe';
import {
  findListScroller,
  installProbes,
  longTasksBetween,
  readChangeShown,
  scrollFrames,
  scrollListTo,
  searchKeystrokes,
  startFrameRecorder,
  startRowCoverage,
  startScrollMeter,
  stopFrameRecorder,
  stopRowCoverage,
  stopScrollMeter,
  watchNextChange,
  type PageProbe,
} from './page-probes';
import { SEARCH_VALUES } from './search-values';
import { readScrollTrace, SCROLL_TRACE_CATEGORIES, type ScrollTraceReading, type TraceEvent } from './scroll-trace';
import { invoke, sleep, waitFor } from './shell-calls';
import { percentile } from './stats';
import { processCpuMs, processRssMb } from './proc';

const ROOT = resolve(import.meta.dirname, '..', '..');
const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'];

/** Wheel notches a second while scrolling the list (a brisk turn of a mouse wheel), and their size (px). */
const WHEEL_EVERY_MS = 40;
const WHEEL_DELTA_PX = 100;
const WHEEL_NOTCHES = 60;

export interface RendererRun {
  listPaintMs: number;
  markersMs: number;
  searchP95Ms: number;
  /** The earlier method: scrollTop set once per frame by script. */
  scrollP95Ms: number;
  scrollMovedPx: number;
  /** The page's main-thread busy time per frame while scrolling (Chromium's TaskDuration): steadier than frame times on a loaded machine. */
  scrollTaskMsPerFrame: number;
  /** Mouse-wheel notches through the browser's input pipeline, read from a Chromium trace (scroll-trace.ts): the page's main-thread frame times. */
  wheelFrameP95Ms: number;
  wheelFrameMaxMs: number;
  wheelFrames: number;
  /** Frames that presented a scroll update, and those Chromium's scroll-jank metric judged late. */
  wheelScrollFrames: number;
  wheelJankyFrames: number;
  /** A scroll update reached the renderer → its frame presented (median, ms). */
  wheelShownP50Ms: number;
  /** The same notches again, frames timed by requestAnimationFrame (the page's frame interval). */
  wheelP95Ms: number;
  wheelMaxMs: number;
  wheelMovedPx: number;
  wheelLongTasks: number;
  wheelLongTaskMaxMs: number;
  wheelTaskMsPerFrame: number;
  /** Scrolls whose new position showed list space without rows before the list re-rendered. */
  wheelRowGaps: number;
  wheelScrolls: number;
  panZoomP95Ms: number;
  refreshCpuMs: number;
  refreshMainCpuMs: number;
  refreshRendererCpuMs: number;
  changedShare: number;
  /** Main side's body of the list complete → the change painted on the list and on the map (ms). */
  changeShownMs: number;
  changeAnswerToDataMs: number;
  changeListShownMs: number;
  changeMapShownMs: number;
  /** The web shell's event loop from the refresh's request until the page held the change. */
  refreshLoop: EventLoopReading;
  /** Small calls every 10 ms during another scheduled refresh: round trips (ms). */
  callTimes: number[];
  callUnanswered: number;
  heapMb: number;
  rssMb: number;
}

/** A cold start of the web shell: a new process on a filled store, the page opened when it is ready. */
export interface ColdRun {
  /** Page opened (navigation start) → first rows painted. */
  pageToRowsMs: number;
  /** Web shell process spawned → first rows painted. */
  spawnToRowsMs: number;
  /** From the shell's readiness (page opened) until the start-up refresh is shown. */
  loop: EventLoopReading;
}

/** The simulated Electron main (electron-main-sim.ts): cold start, then two scheduled refreshes. */
export interface ElectronRun {
  /** Window opened → the renderer holds the first list. */
  coldFirstListMs: number;
  coldLoop: EventLoopReading;
  refreshLoop: EventLoopReading;
  /** Main side's body complete → the renderer thread holds the change. */
  answerToRendererMs: number;
  callTimes: number[];
  callUnanswered: number;
  rssMb: number;
}

export interface RendererHarness {
  run(): Promise<RendererRun>;
  /** A fresh web shell on a filled store: cold start figures. */
  coldRun(): Promise<ColdRun>;
  /** The simulated Electron main on a filled store: cold start and refresh figures. */
  electronRun(): Promise<ElectronRun>;
  close(): Promise<void>;
}

const epochNow = () => performance.timeOrigin + performance.now();

interface WebShellProcess {
  child: ChildProcess;
  url: string;
  probe: EventLoopProbe;
  /** Epoch ms: just before the spawn, and when the shell printed its address. */
  spawnedAt: number;
  readyAt: number;
}

/** Starts the web shell bundle with the event-loop probe preloaded (see event-loop-probe.mjs). */
async function startWebShell(entry: string, env: Record<string, string>, log: (line: string) => void): Promise<WebShellProcess> {
  const spawnedAt = epochNow();
  const child = spawn(process.execPath, ['--import', EVENT_LOOP_PROBE, entry], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = await new Promise<string>((resolveUrl, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`The web shell did not start within 60 s: ${stderr.slice(-500)}`)), 60_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /^(http:\/\/127\.0\.0\.1:\d+\/#secret=\S+)$/m.exec(out);
      if (match) {
        clearTimeout(timer);
        resolveUrl(match[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The web shell exited (${code}) before it was ready: ${stderr.slice(-500)}`));
    });
  });
  const readyAt = epochNow();
  log('  web shell ready');
  return { child, url, probe: new EventLoopProbe(child), spawnedAt, readyAt };
}

async function stopProcess(child: ChildProcess | null): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(5000)]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

async function metric(cdp: CDPSession, name: string): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const found = metrics.find((m) => m.name === name);
  if (!found) throw new Error(`Chromium has no metric ${name}`);
  return found.value;
}

/** Starts the demo (N assets, frozen clock), the web shell and Chromium; each `run()` loads the page afresh. */
export async function startRendererHarness(
  assetCount: number,
  build: { rendererDir: string; webShellEntry: string },
  log: (line: string) => void,
): Promise<RendererHarness> {
  const demo = await startDemoThread(assetCount);
  const folders: string[] = [];
  /** A data folder with no scheduled refresh during the measurements: the benchmark triggers them. */
  const dataFolder = (name: string) => {
    const folder = mkdtempSync(join(tmpdir(), `fleet-bench-${name}-`));
    writeFileSync(join(folder, 'settings.json'), JSON.stringify({ refreshIntervalSec: 3600 }));
    folders.push(folder);
    return folder;
  };
  const serviceEnv = { FLEET_BASE_URL: demo.baseUrl, FLEET_AEMP_URL: demo.aempUrl, FLEET_TOKEN: demo.demoToken };
  const userData = dataFolder('web');
  const shellEnv = (folder: string) => ({ ...serviceEnv, FLEET_USER_DATA: folder, FLEET_RENDERER_DIR: build.rendererDir, FLEET_WEB_PORT: '0' });
  let child: ChildProcess | null = null;
  let browser: Browser | null = null;
  const extra = new Set<ChildProcess>();
  const sims = new Set<ElectronSim>();
  const close = async () => {
    await browser?.close().catch(() => undefined);
    await stopProcess(child);
    for (const other of extra) await stopProcess(other);
    for (const sim of sims) await sim.stop().catch(() => undefined);
    await demo.close();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  };
  try {
    const shell = await startWebShell(build.webShellEntry, shellEnv(userData), log);
    child = shell.child;
    const pid = child.pid!;
    // The first refresh fills the store; every page load then starts from the same state.
    await waitForOnline(shell);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
    const pageUrlOf = (url: string) => url.replace('/#', '/?testhooks&perfmarks#');

    /** A page of `url` with the probes installed, and its CDP session. */
    const openPage = async (url: string) => {
      const context = await browser!.newContext({ viewport: { width: 1400, height: 900 } });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Performance.enable');
      // tsx compiles this file with esbuild's keepNames, whose `__name` helper the
      // serialised probe functions call: give the page a do-nothing one.
      await page.addInitScript({ content: 'globalThis.__name = (f) => f;' });
      await page.addInitScript(installProbes);
      await page.goto(pageUrlOf(url));
      return { context, page, cdp };
    };

    const run = async (): Promise<RendererRun> => {
      const { context, page, cdp } = await openPage(shell.url);
      try {
        const probe = await waitForFirstPaint(page);
        const listPaintMs = probe.listPaintedAt! - probe.dataReadyAt!;
        const markersMs = probe.markersPaintedAt! - probe.dataReadyAt!;

        await cdp.send('HeapProfiler.collectGarbage');
        const heapMb = (await metric(cdp, 'JSHeapUsedSize')) / (1024 * 1024);
        const rssMb = processRssMb(pid);

        const search = await page.evaluate(searchKeystrokes, SEARCH_VALUES);
        const scroll = await withTaskTime(cdp, () => page.evaluate(scrollFrames, { frames: 120, step: 240 }));
        const traced = await wheelScrollTraced(page, cdp);
        const wheel = await withTaskTime(cdp, () => wheelScroll(page));
        const panZoom = await panAndZoom(page);
        // Back to the whole fleet: after the drags and zooms no marker is in view, and the
        // refresh's "→ map shown" would leave out the map's redraw.
        await page.getByRole('button', { name: 'Fit fleet' }).click();
        await sleep(1000);

        // Refresh A, undisturbed: CPU of both sides, when the change shows, the shell's event loop.
        const changedShare = await advanceClock();
        await shell.probe.arm();
        await page.evaluate(watchNextChange);
        const refresh = await scheduledRefreshCpu(page, cdp, pid, shell.url);
        const refreshLoop = await shell.probe.read();
        const shown = await changeShown(page, refreshLoop, assetCount);

        // Refresh B, with a small call every 10 ms from a thread of its own.
        await advanceClock();
        const calls = await callsDuringRefresh(page, shell);
        return {
          listPaintMs,
          markersMs,
          searchP95Ms: percentile(search, 95),
          scrollP95Ms: percentile(scroll.intervals, 95),
          scrollMovedPx: scroll.movedPx,
          scrollTaskMsPerFrame: scroll.taskMs / scroll.intervals.length,
          wheelFrameP95Ms: percentile(traced.mainFrameMs, 95),
          wheelFrameMaxMs: Math.max(...traced.mainFrameMs),
          wheelFrames: traced.mainFrameMs.length,
          wheelScrollFrames: traced.scrollFrames,
          wheelJankyFrames: traced.jankyScrollFrames,
          wheelShownP50Ms: percentile(traced.rendererToShownMs, 50),
          wheelRowGaps: wheel.coverage.gaps,
          wheelScrolls: wheel.coverage.scrolls,
          wheelP95Ms: percentile(wheel.intervals, 95),
          wheelMaxMs: Math.max(...wheel.intervals),
          wheelMovedPx: wheel.movedPx,
          wheelLongTasks: wheel.longTasks.count,
          wheelLongTaskMaxMs: wheel.longTasks.maxMs,
          wheelTaskMsPerFrame: wheel.taskMs / wheel.intervals.length,
          panZoomP95Ms: percentile(panZoom, 95),
          refreshCpuMs: refresh.main + refresh.renderer,
          refreshMainCpuMs: refresh.main,
          refreshRendererCpuMs: refresh.renderer,
          changedShare,
          ...shown,
          refreshLoop,
          callTimes: calls.times,
          callUnanswered: calls.unanswered,
          heapMb,
          rssMb,
        };
      } finally {
        await context.close();
      }
    };

    // Cold starts: a web shell of its own on a store the first one filled, stopped after each run.
    const coldFolder = dataFolder('web-cold');
    let coldFilled = false;
    const coldRun = async (): Promise<ColdRun> => {
      if (!coldFilled) {
        const filler = await startWebShell(build.webShellEntry, shellEnv(coldFolder), log);
        extra.add(filler.child);
        await waitForOnline(filler);
        await stopProcess(filler.child);
        extra.delete(filler.child);
        coldFilled = true;
      }
      const cold = await startWebShell(build.webShellEntry, shellEnv(coldFolder), log);
      extra.add(cold.child);
      try {
        // The dispatcher's wait starts when the page opens.
        await cold.probe.restart();
        const { context, page } = await openPage(cold.url);
        try {
          const probe = await waitForFirstPaint(page);
          const pageOrigin = await page.evaluate(() => performance.timeOrigin);
          await waitForOnline(cold);
          await waitForQuietPage(page);
          const loop = await cold.probe.read();
          return { pageToRowsMs: probe.listPaintedAt!, spawnToRowsMs: pageOrigin + probe.listPaintedAt! - cold.spawnedAt, loop };
        } finally {
          await context.close();
        }
      } finally {
        await stopProcess(cold.child);
        extra.delete(cold.child);
      }
    };

    // The simulated Electron main on a store of its own, filled by a first start.
    const simFolder = dataFolder('electron');
    let simFilled = false;
    const startSim = async () => {
      const sim = await startElectronSim({ ...serviceEnv, FLEET_USER_DATA: simFolder }, log);
      sims.add(sim);
      return sim;
    };
    const stopSim = async (sim: ElectronSim) => {
      await sim.stop();
      sims.delete(sim);
    };
    const electronRun = async (): Promise<ElectronRun> => {
      if (!simFilled) {
        const filler = await startSim();
        await waitForSimSettled(filler);
        await stopSim(filler);
        simFilled = true;
      }
      const sim = await startSim();
      try {
        const settled = await waitForSimSettled(sim);
        const coldLoop = await sim.probe.read();
        const coldFirstListMs = settled.firstListAt! - coldLoop.windowStartAt;

        // Refresh A, undisturbed.
        await advanceClock();
        await sim.probe.arm();
        const a = await simScheduledRefresh(sim);
        const refreshLoop = await sim.probe.read();
        const answerToRendererMs = a.lists.at(-1)!.at - (refreshLoop.answerAt ?? Number.NaN);

        // Refresh B, with a small call every 10 ms from the renderer thread.
        await advanceClock();
        await sim.startPings();
        let calls: { times: number[]; unanswered: number };
        try {
          await simScheduledRefresh(sim);
        } finally {
          calls = await sim.stopPings();
        }
        return { coldFirstListMs, coldLoop, refreshLoop, answerToRendererMs, callTimes: calls.times, callUnanswered: calls.unanswered, rssMb: processRssMb(sim.pid) };
      } finally {
        await stopSim(sim);
      }
    };

    /** Moves the demo's clock so about 5 % of the assets report anew. */
    const advanceClock = (): Promise<number> => demo.advance(0.05);

    return { run, coldRun, electronRun, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/** `work`'s result with the page's main-thread busy time while it ran (ms). */
async function withTaskTime<T extends object>(cdp: CDPSession, work: () => Promise<T>): Promise<T & { taskMs: number }> {
  const before = await metric(cdp, 'TaskDuration');
  const result = await work();
  return { ...result, taskMs: ((await metric(cdp, 'TaskDuration')) - before) * 1000 };
}

/** Until the shell's first refresh is done (a shell busy with a big list may not answer at once: ask again). */
async function waitForOnline(shell: WebShellProcess): Promise<void> {
  await waitFor('the first refresh of the web shell', async () => {
    if (shell.child.exitCode !== null) throw new Error(`The web shell exited (${shell.child.exitCode})`);
    const status = (await invoke(shell.url, 'status:get').catch(() => null)) as SyncStatus | null;
    if (!status) return false;
    if (status.state === 'error' || status.error) throw new Error(`The first refresh failed: ${status.error?.message}`);
    return status.state === 'online';
  });
}

/** Until the list and the markers are painted and the markers have been still for a second. */
async function waitForFirstPaint(page: Page): Promise<PageProbe> {
  return waitFor('the list and the markers to be painted', async () => {
    const p = await page.evaluate(() => (window as unknown as { __bench?: PageProbe }).__bench ?? null);
    const now = await page.evaluate(() => performance.now());
    return p && p.dataReadyAt !== null && (p.listPaintedAt ?? 0) > 0 && p.markersPaintedAt !== null && now - p.lastMarkerChangeAt > 1000 ? p : null;
  });
}

/** Until the page received no list and changed no marker for a second. */
async function waitForQuietPage(page: Page): Promise<void> {
  await waitFor('the page to settle', async () =>
    page.evaluate(() => {
      const now = performance.now();
      const marks = performance.getEntriesByName('fd:data-ready');
      const lastData = marks.length > 0 ? marks[marks.length - 1].startTime : 0;
      const probe = (window as unknown as { __bench?: PageProbe }).__bench;
      return now - lastData > 1000 && now - (probe?.lastMarkerChangeAt ?? 0) > 1000;
    }),
  );
}

/** The simulated renderer holds the start-up refresh's list (status online, its list received). */
async function waitForSimSettled(sim: ElectronSim): Promise<SimRendererState> {
  return waitFor('the simulated Electron main to start', async () => {
    const state = await sim.rendererState();
    if (state.errors.length > 0) throw new Error(`The simulated renderer failed: ${state.errors.join('; ')}`);
    // Events keep their order: 'online' comes after the refresh's list.
    return state.statusState === 'online' && state.firstListAt !== null && state.held > 0 ? state : null;
  });
}

/** One scheduled refresh in the simulated Electron main, until its renderer thread holds the new list. */
async function simScheduledRefresh(sim: ElectronSim): Promise<SimRendererState> {
  const before = await sim.rendererState();
  await sim.call('settings:set', [{ refreshIntervalSec: 15 }]);
  try {
    return await waitFor(
      'the scheduled refresh (simulated Electron main)',
      async () => {
        const state = await sim.rendererState();
        return state.lists.length > before.lists.length && state.fetchedAt !== before.fetchedAt && state.statusState === 'online' ? state : null;
      },
      60_000,
    );
  } finally {
    await sim.call('settings:set', [{ refreshIntervalSec: 3600 }]);
  }
}

/**
 * When the refresh of `watchNextChange` showed, measured from the moment the web shell
 * had the whole answer (its fetch's body complete, seen by the event-loop probe).
 */
async function changeShown(
  page: Page,
  loop: EventLoopReading,
  assetCount: number,
): Promise<Pick<RendererRun, 'changeShownMs' | 'changeAnswerToDataMs' | 'changeListShownMs' | 'changeMapShownMs'>> {
  // The map re-clusters a frame after the list; allow for that at 50,000 assets.
  const settleMs = assetCount > 20_000 ? 3000 : 1000;
  const state = await waitFor('the change to show on the list and the map', async () => {
    const s = await page.evaluate(readChangeShown);
    if (!s || s.readyAt === null || s.listShownAt === null) return null;
    const sinceMarker = s.now - (s.lastMarkerChangeAt ?? s.readyAt);
    return sinceMarker > settleMs ? s : null;
  });
  const origin = await page.evaluate(() => performance.timeOrigin);
  const answerAt = loop.answerAt ?? Number.NaN;
  const listShownAt = origin + state.listShownAt!;
  // No marker changed (map hidden or nothing visible moved): the list's frame is the map's too.
  const mapShownAt = origin + (state.mapShownAt ?? state.listShownAt!);
  return {
    changeShownMs: Math.max(listShownAt, mapShownAt) - answerAt,
    changeAnswerToDataMs: origin + state.readyAt! - answerAt,
    changeListShownMs: listShownAt - answerAt,
    changeMapShownMs: mapShownAt - answerAt,
  };
}

/** A scheduled refresh while a worker thread sends a small call every 10 ms; their round trips. */
async function callsDuringRefresh(page: Page, shell: WebShellProcess): Promise<{ times: number[]; unanswered: number }> {
  await sleep(300);
  const marksBefore = await page.evaluate(() => performance.getEntriesByName('fd:data-ready').length);
  const pinger = await startCallPinger(shell.url);
  let result: { times: number[]; unanswered: number } | null = null;
  try {
    await invoke(shell.url, 'settings:set', [{ refreshIntervalSec: 15 }]);
    await waitFor('the scheduled refresh', async () => (await page.evaluate(() => performance.getEntriesByName('fd:data-ready').length)) > marksBefore, 60_000);
    await sleep(200);
  } finally {
    result = await pinger.stop();
    await invoke(shell.url, 'settings:set', [{ refreshIntervalSec: 3600 }]);
  }
  return result;
}

/**
 * Turns the mouse wheel over the list the way a dispatcher does: the pointer over the rows,
 * notches through the browser's input pipeline at a brisk pace (down, then back up), then
 * waits for the last one's frames. Returns the distance the list moved.
 */
async function turnWheelOverList(page: Page): Promise<number> {
  const box = await page.evaluate(findListScroller);
  await page.mouse.move(box.x + box.width / 2, box.y + Math.min(box.height / 2, 200));
  await sleep(200);
  await page.evaluate(startScrollMeter);
  const start = performance.now();
  for (let i = 0; i < WHEEL_NOTCHES; i++) {
    const wait = start + i * WHEEL_EVERY_MS - performance.now();
    if (wait > 0) await sleep(wait);
    await page.mouse.wheel(0, i < (WHEEL_NOTCHES * 2) / 3 ? WHEEL_DELTA_PX : -WHEEL_DELTA_PX);
  }
  await sleep(300);
  const moved = await page.evaluate(stopScrollMeter);
  if (moved.movedPx === 0) throw new Error('The wheel did not scroll the asset list (is the pointer over it?)');
  return moved.movedPx;
}

/**
 * The wheel scroll under a Chromium trace, with nothing else running in the page (no
 * requestAnimationFrame loop of the benchmark's, which would be an animation the app does
 * not have): the page's main-thread frames and Chromium's verdict on the scroll.
 */
async function wheelScrollTraced(page: Page, cdp: CDPSession): Promise<ScrollTraceReading & { movedPx: number }> {
  const events: TraceEvent[] = [];
  const collect = (batch: { value: Record<string, unknown>[] }) => events.push(...(batch.value as unknown as TraceEvent[]));
  cdp.on('Tracing.dataCollected', collect);
  try {
    await cdp.send('Tracing.start', { traceConfig: { includedCategories: SCROLL_TRACE_CATEGORIES }, transferMode: 'ReportEvents' });
    let movedPx = 0;
    try {
      movedPx = await turnWheelOverList(page);
    } finally {
      const complete = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
      await cdp.send('Tracing.end');
      await complete;
    }
    // Back to the top, so the second pass scrolls the same rows.
    await page.evaluate(scrollListTo, 0);
    await sleep(200);
    return { ...readScrollTrace(events), movedPx };
  } finally {
    cdp.off('Tracing.dataCollected', collect);
  }
}

/**
 * The same wheel scroll with frames timed by requestAnimationFrame, long tasks from the
 * page's PerformanceObserver, and whether rows covered the list at each scroll.
 */
async function wheelScroll(
  page: Page,
): Promise<{ intervals: number[]; movedPx: number; longTasks: { count: number; totalMs: number; maxMs: number }; coverage: { scrolls: number; gaps: number; maxGapPx: number } }> {
  await page.evaluate(startRowCoverage);
  await page.evaluate(startFrameRecorder);
  const from = await page.evaluate(() => performance.now());
  const movedPx = await turnWheelOverList(page);
  const intervals = await page.evaluate(stopFrameRecorder);
  const to = await page.evaluate(() => performance.now());
  const coverage = await page.evaluate(stopRowCoverage);
  const longTasks = await page.evaluate(longTasksBetween, { from, to });
  return { intervals, movedPx, longTasks, coverage };
}

/** Drags the map around and zooms in and out with the wheel while frames are recorded. */
async function panAndZoom(page: Page): Promise<number[]> {
  await page.evaluate(startFrameRecorder);
  await dragAndZoomMap(page);
  return page.evaluate(stopFrameRecorder);
}

/** Three rounds of dragging the map and turning the wheel in and out, as a dispatcher does. */
export async function dragAndZoomMap(page: Page): Promise<void> {
  const box = await page.locator('[data-testid="asset-map"]').boundingBox();
  if (!box) throw new Error('The map is not on screen');
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  for (let i = 0; i < 3; i++) {
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    await page.mouse.move(cx + 150, cy + 80, { steps: 15 });
    await page.mouse.move(cx - 100, cy - 60, { steps: 15 });
    await page.mouse.up();
    await page.mouse.wheel(0, -300);
    await sleep(400);
    await page.mouse.wheel(0, 300);
    await sleep(400);
  }
}

/**
 * Lets the schedule run one refresh (interval set to its minimum, so the overdue refresh
 * starts at once, then set back); CPU time of the web shell process and of the page until
 * the page holds the new list and has drawn it.
 */
async function scheduledRefreshCpu(page: Page, cdp: CDPSession, pid: number, shellUrl: string): Promise<{ main: number; renderer: number }> {
  await sleep(300);
  const marksBefore = await page.evaluate(() => performance.getEntriesByName('fd:data-ready').length);
  const mainBefore = processCpuMs(pid);
  const rendererBefore = await metric(cdp, 'TaskDuration');
  await invoke(shellUrl, 'settings:set', [{ refreshIntervalSec: 15 }]);
  try {
    await waitFor('the scheduled refresh', async () => (await page.evaluate(() => performance.getEntriesByName('fd:data-ready').length)) > marksBefore, 60_000);
    // Let the last frame and the follow-up work (garbage collection) finish.
    await sleep(500);
    const main = processCpuMs(pid) - mainBefore;
    const renderer = ((await metric(cdp, 'TaskDuration')) - rendererBefore) * 1000;
    return { main, renderer };
  } finally {
    await invoke(shellUrl, 'settings:set', [{ refreshIntervalSec: 3600 }]);
  }
}
