/**
 * `node --import tsx test/bench/fleet-scroll.ts [--assets 9500] [--runs 3]`: the Fleet
 * table's scroll figure, measured the way renderer-figures.ts measures the asset list's.
 * Needs a production build in out/ (`npx electron-vite build`). The web shell runs on a demo
 * fleet of that size; the page opens the Fleet view at 1280×800 and a mouse wheel turns over
 * the table (down, then back up) twice: once under a Chromium trace (the page's main-thread
 * frame times, scroll-trace.ts), once with frames timed by requestAnimationFrame (the frame
 * interval). Only page.evaluate is used in the page: Playwright's selector queries add a
 * touch listener that moves scrolling onto the main thread (see scroll-trace.ts).
 */
import { parseArgs } from 'node:util';
import { chromium, type CDPSession, type Page } from 'playwright-core';
import { startWebShell } from '../e2e/support/web-shell';
import { startFrameRecorder, stopFrameRecorder } from './page-probes';
import { readScrollTrace, SCROLL_TRACE_CATEGORIES, type TraceEvent } from './scroll-trace';
import { sleep, waitFor } from './shell-calls';
import { percentile } from './stats';

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'];
/** The same brisk wheel as the asset list's figure (renderer-figures.ts). */
const WHEEL_EVERY_MS = 40;
const WHEEL_DELTA_PX = 100;
const WHEEL_NOTCHES = 60;

/** The Fleet table's scroller, and the asset list's (the reference the brief compares with). */
const FLEET = '.fleet-view [role="region"][aria-label="Equipment"]';
const ASSETS = '[data-testid="asset-list-scroller"]';

/** In the page: the scroller's box, or null until it has rows to scroll. */
function scrollerBox(selector: string): { x: number; y: number; width: number; height: number; scrollTop: number; rows: number } | null {
  const el = document.querySelector<HTMLElement>(selector);
  if (!el || el.scrollHeight <= el.clientHeight) return null;
  const box = el.getBoundingClientRect();
  return { x: box.x, y: box.y, width: box.width, height: box.height, scrollTop: el.scrollTop, rows: el.querySelectorAll('[role="row"], tr, [role="option"]').length };
}

function openTab(name: string): boolean {
  const tab = [...document.querySelectorAll<HTMLElement>('[role="tab"]')].find((t) => t.textContent?.trim() === name);
  tab?.click();
  return !!tab;
}

function scrollTo([selector, top]: [string, number]): void {
  const el = document.querySelector<HTMLElement>(selector);
  if (el) el.scrollTop = top;
}

async function turnWheel(page: Page, selector: string): Promise<number> {
  const box = (await page.evaluate(scrollerBox, selector))!;
  await page.mouse.move(box.x + box.width / 2, box.y + Math.min(box.height / 2, 200));
  await sleep(200);
  const start = performance.now();
  for (let i = 0; i < WHEEL_NOTCHES; i++) {
    const wait = start + i * WHEEL_EVERY_MS - performance.now();
    if (wait > 0) await sleep(wait);
    await page.mouse.wheel(0, i < (WHEEL_NOTCHES * 2) / 3 ? WHEEL_DELTA_PX : -WHEEL_DELTA_PX);
  }
  await sleep(300);
  const after = (await page.evaluate(scrollerBox, selector))!;
  return after.scrollTop;
}

async function traced(page: Page, cdp: CDPSession, selector: string): Promise<number[]> {
  const events: TraceEvent[] = [];
  const collect = (batch: { value: Record<string, unknown>[] }) => events.push(...(batch.value as unknown as TraceEvent[]));
  cdp.on('Tracing.dataCollected', collect);
  try {
    await cdp.send('Tracing.start', { traceConfig: { includedCategories: SCROLL_TRACE_CATEGORIES }, transferMode: 'ReportEvents' });
    try {
      await turnWheel(page, selector);
    } finally {
      const complete = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
      await cdp.send('Tracing.end');
      await complete;
    }
    return readScrollTrace(events).mainFrameMs;
  } finally {
    cdp.off('Tracing.dataCollected', collect);
  }
}

async function taskSeconds(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((m) => m.name === 'TaskDuration')?.value ?? Number.NaN;
}

/** One pass of each kind over one list: traced main-thread frames, then rAF intervals with the main thread's busy time per frame. */
async function measure(page: Page, cdp: CDPSession, selector: string): Promise<string> {
  await page.evaluate(scrollTo, [selector, 0] as [string, number]);
  await sleep(500);
  const frames = await traced(page, cdp, selector);
  await page.evaluate(scrollTo, [selector, 0] as [string, number]);
  await sleep(500);
  const busyBefore = await taskSeconds(cdp);
  await page.evaluate(startFrameRecorder);
  await turnWheel(page, selector);
  const intervals = await page.evaluate(stopFrameRecorder);
  const busyMs = ((await taskSeconds(cdp)) - busyBefore) * 1000;
  return (
    `main-thread frame p95 ${percentile(frames, 95).toFixed(1)} ms, max ${Math.max(...frames).toFixed(1)} ms (${frames.length}); ` +
    `frame interval p95 ${percentile(intervals, 95).toFixed(1)} ms, max ${Math.max(...intervals).toFixed(1)} ms (${intervals.length}); ` +
    `main thread busy ${(busyMs / intervals.length).toFixed(1)} ms a frame`
  );
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { assets: { type: 'string', default: '9500' }, runs: { type: 'string', default: '3' } } });
  const assets = Number(values.assets);
  const runs = Number(values.runs);
  const shell = await startWebShell({ env: { FLEET_DEMO_ASSETS: String(assets) } });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    // tsx compiles this file with esbuild's keepNames, whose `__name` helper the functions
    // handed to page.evaluate call (as in renderer-figures.ts).
    await page.addInitScript({ content: 'globalThis.__name = (f) => f;' });
    await page.goto(shell.url);
    await waitFor('the asset list with its rows', () => page.evaluate(scrollerBox, ASSETS), 300_000);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const rows: string[] = [];
    for (let run = 1; run <= runs; run++) {
      // The asset list first, as the reference under the same load of the machine.
      await waitFor('the Assets tab', () => page.evaluate(openTab, 'Assets'), 60_000);
      await waitFor('the asset list', () => page.evaluate(scrollerBox, ASSETS), 60_000);
      rows.push(`run ${run} asset list: ${await measure(page, cdp, ASSETS)}`);
      process.stderr.write(`${rows.at(-1)}\n`);
      await waitFor('the Fleet tab', () => page.evaluate(openTab, 'Fleet'), 60_000);
      const box = await waitFor('the Fleet table with its rows', () => page.evaluate(scrollerBox, FLEET), 300_000);
      if (run === 1) process.stderr.write(`Fleet table ready: ${box.rows} rows in the DOM\n`);
      rows.push(`run ${run} Fleet table: ${await measure(page, cdp, FLEET)}`);
      process.stderr.write(`${rows.at(-1)}\n`);
    }
    process.stdout.write(`${assets} demo assets, 1280×800, mouse wheel:\n${rows.join('\n')}\n`);
  } finally {
    await browser.close();
    await shell.stop();
  }
}

await main();
