/**
 * Figures measured through the web shell in headless Chromium: the shell runs as its own
 * process from a production bundle (so its CPU time and RSS are the main side's alone) against a demo service in
 * this process whose clock the benchmark controls.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import { startDemoService } from '../../src-main/demo';
import { BENCH_CLOCK_MS, stepForShare } from './core-figures';
import { installProbes, scrollFrames, searchKeystrokes, startFrameRecorder, stopFrameRecorder, type PageProbe } from './page-probes';
import { percentile } from './stats';

const ROOT = resolve(import.meta.dirname, '..', '..');
const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'];
const CLOCK_TICKS_PER_SECOND = 100; // Linux USER_HZ
const SEARCH_VALUES = ['t', 'tr', 'tru', 'truc', 'truck', 'truck ', 'truck 1', 'truck 12', 'truck 1', 'truck', 'tru', 't', '', '4', '42', '4', '', 'ex', 'exc', 'ex', 'e', ''];

export interface RendererRun {
  listPaintMs: number;
  markersMs: number;
  searchP95Ms: number;
  scrollP95Ms: number;
  panZoomP95Ms: number;
  refreshCpuMs: number;
  refreshMainCpuMs: number;
  refreshRendererCpuMs: number;
  changedShare: number;
  heapMb: number;
  rssMb: number;
}

export interface RendererHarness {
  run(): Promise<RendererRun>;
  close(): Promise<void>;
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

function processCpuMs(pid: number): number {
  // Fields after the command name: state is field 3, utime 14, stime 15.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

function processRssMb(pid: number): number {
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`No VmRSS for process ${pid}`);
  return Number(match[1]) / 1024;
}

async function startWebShell(entry: string, env: Record<string, string>, log: (line: string) => void): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [entry], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
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
  log('  web shell ready');
  return { child, url };
}

async function invoke(url: string, channel: string, args: unknown[] = []): Promise<unknown> {
  const page = new URL(url);
  const secret = new URLSearchParams(page.hash.slice(1)).get('secret') ?? '';
  const res = await fetch(`${page.origin}/api/invoke/${channel}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-fleet-secret': secret },
    body: JSON.stringify({ args }),
  });
  const body = (await res.json()) as { ok: boolean; value?: unknown; error?: { message: string } };
  if (!body.ok) throw new Error(`${channel} failed: ${body.error?.message}`);
  return body.value;
}

async function waitFor<T>(what: string, check: () => Promise<T | null | undefined | false>, timeoutMs = 300_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await sleep(100);
  }
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
  let clock = BENCH_CLOCK_MS;
  const demo = await startDemoService({ assetCount, now: () => clock });
  const userData = mkdtempSync(join(tmpdir(), 'fleet-bench-web-'));
  // No scheduled refresh during the measurements: the benchmark refreshes by hand.
  writeFileSync(join(userData, 'settings.json'), JSON.stringify({ refreshIntervalSec: 3600 }));
  let child: ChildProcess | null = null;
  let browser: Browser | null = null;
  const close = async () => {
    await browser?.close().catch(() => undefined);
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child?.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(5000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    await demo.close();
    rmSync(userData, { recursive: true, force: true });
  };
  try {
    const shell = await startWebShell(
      build.webShellEntry,
      {
        FLEET_USER_DATA: userData,
        FLEET_RENDERER_DIR: build.rendererDir,
        FLEET_BASE_URL: demo.baseUrl,
        FLEET_AEMP_URL: demo.aempUrl,
        FLEET_TOKEN: demo.demoToken,
        FLEET_WEB_PORT: '0',
      },
      log,
    );
    child = shell.child;
    const pid = child.pid!;
    // The first refresh fills the store; every page load then starts from the same state.
    await waitFor('the first refresh of the web shell', async () => {
      if (child?.exitCode !== null) throw new Error(`The web shell exited (${child?.exitCode})`);
      // A shell busy with a big list may not accept a connection in time: ask again.
      const status = (await invoke(shell.url, 'status:get').catch(() => null)) as { state: string; error: { message: string } | null } | null;
      if (!status) return false;
      if (status.state === 'error' || status.error) throw new Error(`The first refresh failed: ${status.error?.message}`);
      return status.state === 'online';
    });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
    const pageUrl = shell.url.replace('/#', '/?testhooks&perfmarks#');

    const run = async (): Promise<RendererRun> => {
      const context = await browser!.newContext({ viewport: { width: 1400, height: 900 } });
      try {
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Performance.enable');
        // tsx compiles this file with esbuild's keepNames, whose `__name` helper the
        // serialised probe functions call: give the page a do-nothing one.
        await page.addInitScript({ content: 'globalThis.__name = (f) => f;' });
        await page.addInitScript(installProbes);
        await page.goto(pageUrl);
        const probe = await waitFor('the list and the markers to be painted', async () => {
          const p = await page.evaluate(() => (window as unknown as { __bench?: PageProbe }).__bench ?? null);
          const now = await page.evaluate(() => performance.now());
          return p && p.dataReadyAt !== null && (p.listPaintedAt ?? 0) > 0 && p.markersPaintedAt !== null && now - p.lastMarkerChangeAt > 1000 ? p : null;
        });
        const listPaintMs = probe.listPaintedAt! - probe.dataReadyAt!;
        const markersMs = probe.markersPaintedAt! - probe.dataReadyAt!;

        await cdp.send('HeapProfiler.collectGarbage');
        const heapMb = (await metric(cdp, 'JSHeapUsedSize')) / (1024 * 1024);
        const rssMb = processRssMb(pid);

        const search = await page.evaluate(searchKeystrokes, SEARCH_VALUES);
        const scroll = await page.evaluate(scrollFrames, { frames: 120, step: 240 });
        const panZoom = await panAndZoom(page);

        const changedShare = await advanceClock();
        const refresh = await scheduledRefreshCpu(page, cdp, pid, shell.url);
        return {
          listPaintMs,
          markersMs,
          searchP95Ms: percentile(search, 95),
          scrollP95Ms: percentile(scroll, 95),
          panZoomP95Ms: percentile(panZoom, 95),
          refreshCpuMs: refresh.main + refresh.renderer,
          refreshMainCpuMs: refresh.main,
          refreshRendererCpuMs: refresh.renderer,
          changedShare,
          heapMb,
          rssMb,
        };
      } finally {
        await context.close();
      }
    };

    /** Moves the demo's clock so about 5 % of the assets report anew. */
    const advanceClock = async (): Promise<number> => {
      const step = stepForShare(demo, clock, 0.05);
      const units = demo.sim.units;
      const changed = units.filter((u) => demo.sim.reportedAt(u, clock + step) !== demo.sim.reportedAt(u, clock)).length;
      clock += step;
      return changed / units.length;
    };

    return { run, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/** Drags the map around and zooms in and out with the wheel while frames are recorded. */
async function panAndZoom(page: Page): Promise<number[]> {
  const box = await page.locator('[data-testid="asset-map"]').boundingBox();
  if (!box) throw new Error('The map is not on screen');
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  await page.evaluate(startFrameRecorder);
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
  return page.evaluate(stopFrameRecorder);
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
  await invoke(shellUrl, 'settings:set', [{ refreshIntervalSec: 10 }]);
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
