/**
 * `node --import tsx test/bench/utilization-render.ts [--machines 10000] [--runs 3]`: how
 * long the Utilization view takes to show a report of that many machines, from the click
 * to the painted frame. Needs a production build in out/ (`npx electron-vite build`). The
 * web shell runs a demo fleet of that size; the report is the one a cache would give (every
 * machine, hours on every day, a few history marks), answered at once in place of the core's
 * so the figure is the page's work: reading the answer, joining names, categories and places,
 * grouping, the chart and the windowed table. Measured for the first open (Last 7 days), then
 * for a switch to Last 30 days and to Last 90 days.
 */
import { parseArgs } from 'node:util';
import { chromium, type CDPSession, type Page } from 'playwright-core';
import type { MachineUtilization, UtilizationRange, UtilizationReport } from '../../src-main/contract';
import { startWebShell } from '../e2e/support/web-shell';
import { invoke, sleep, waitFor } from './shell-calls';
import { median } from './stats';

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'];

function daysOf(range: UtilizationRange): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${range.from}T00:00:00Z`); t <= Date.parse(`${range.to}T00:00:00Z`); t += 86_400_000) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

/** A report as a cache would give it: hours every day, one machine in nine idle at the end, a mark now and then. */
function cachedReport(ids: readonly string[], range: UtilizationRange, timeZone: string): UtilizationReport {
  const days = daysOf(range);
  const machines: MachineUtilization[] = ids.map((assetId, k) => {
    const hours = days.map((_, i) => (k % 9 === 0 && i >= days.length - 4 ? 0 : ((k * 7 + i * 3) % 11) * 0.9));
    const totalHours = hours.reduce((a, b) => a + b, 0);
    let idleDays = 0;
    for (let i = hours.length - 1; i >= 0 && hours[i] < 0.5; i--) idleDays++;
    return {
      assetId,
      source: k % 4 === 0 ? 'observed' : 'aemp',
      hours,
      marks: k % 13 === 0 ? [{ day: 0, kind: 'reset', count: 1 }] : [],
      totalHours,
      daysUsed: hours.filter((h) => h >= 0.5).length,
      utilizationPct: (totalHours / (days.length * 24)) * 100,
      idleDays,
    };
  });
  return { profileId: 'demo', range, timeZone, days, usedDayHours: 0.5, machines, generatedAt: Date.now() };
}

/**
 * In the page: clicks a button or tab by its text and times until the view shows the range
 * starting `expectFrom` painted: from the click, and from the moment the report's answer had
 * arrived (the page's own work: reading it and showing it).
 */
function timeToPaint([kind, name, expectFrom]: [string, string, string]): Promise<{ click: number; render: number }> {
  return new Promise((resolve, reject) => {
    const target = [...document.querySelectorAll<HTMLElement>(kind === 'tab' ? '[role="tab"]' : 'section.utilization button')].find((b) => b.textContent?.trim() === name);
    if (!target) return reject(new Error(`no ${kind} "${name}"`));
    const start = performance.now();
    target.click();
    const check = () => {
      const about = document.querySelector('[data-testid="utilization-about"]');
      const row = document.querySelector('[data-testid="utilization-row"]');
      const shown = (document.querySelector('section.utilization') as HTMLElement | null)?.dataset.range;
      if (about && row && shown?.startsWith(expectFrom)) {
        // The frame after the one that laid the rows out has painted them.
        requestAnimationFrame(() =>
          setTimeout(() => {
            const end = performance.now();
            const answers = performance.getEntriesByType('resource').filter((e) => e.name.includes('utilization%3Areport')) as PerformanceResourceTiming[];
            const arrived = answers.length ? answers[answers.length - 1].responseEnd : start;
            resolve({ click: end - start, render: end - Math.max(start, arrived) });
          }, 0),
        );
        return;
      }
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}

/** The page's main-thread busy time so far, seconds (CPU it was given, not the wall time: the figure a loaded machine changes least). */
async function taskSeconds(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((m) => m.name === 'TaskDuration')?.value ?? Number.NaN;
}

async function openOnce(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await waitFor('the asset list with its rows', () => page.evaluate(() => document.querySelectorAll('[data-testid="asset-list-scroller"] [role="option"], [data-testid="asset-list-scroller"] [role="row"]').length > 0).catch(() => false), 300_000);
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { machines: { type: 'string', default: '10000' }, runs: { type: 'string', default: '3' } } });
  const count = Number(values.machines);
  const runs = Number(values.runs);
  const shell = await startWebShell({ env: { FLEET_DEMO_ASSETS: String(count) } });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const list = (await waitFor('the demo list', () => invoke(shell.url, 'assets:get').catch(() => null), 300_000)) as { assets: { assetId: string[] } | { assetId: string }[] };
    const ids = Array.isArray(list.assets) ? list.assets.map((a) => a.assetId) : list.assets.assetId;
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.addInitScript({ content: 'globalThis.__name = (f) => f;' });
    const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    // The core's answer, as the cache would give it (built here once per range, sent at once).
    const answers = new Map<string, string>();
    await page.route(/\/api\/invoke\/utilization%3Areport$/, async (route) => {
      const { args } = JSON.parse(route.request().postData() ?? '{}') as { args: [UtilizationRange] };
      const key = `${args[0].from}/${args[0].to}`;
      if (!answers.has(key)) answers.set(key, JSON.stringify({ ok: true, value: cachedReport(ids, args[0], timeZone) }));
      await route.fulfill({ status: 200, contentType: 'application/json', body: answers.get(key)! });
    });
    const figures: Record<string, { click: number; render: number; busy: number }[]> = { 'first open, 7 days': [], 'switch to 30 days': [], 'switch to 90 days': [] };
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const timed = async (kind: string, name: string, from: string) => {
      const before = await taskSeconds(cdp);
      const t = await page.evaluate(timeToPaint, [kind, name, from] as [string, string, string]);
      return { ...t, busy: ((await taskSeconds(cdp)) - before) * 1000 };
    };
    for (let run = 1; run <= runs; run++) {
      await openOnce(page, shell.url);
      await sleep(3000); // the lazy views load in idle moments after the first rows
      const today = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
      const from = (days: number) => new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
      figures['first open, 7 days'].push(await timed('tab', 'Utilization', from(7)));
      figures['switch to 30 days'].push(await timed('button', 'Last 30 days', from(30)));
      figures['switch to 90 days'].push(await timed('button', 'Last 90 days', from(90)));
      process.stderr.write(`run ${run}: ${Object.entries(figures).map(([k, v]) => `${k} ${v.at(-1)!.click.toFixed(0)} ms (render ${v.at(-1)!.render.toFixed(0)} ms, busy ${v.at(-1)!.busy.toFixed(0)} ms)`).join(', ')}\n`);
    }
    process.stdout.write(
      `${ids.length} machines, 1280×800, median of ${runs}: click to painted frame / answer arrived to painted frame / page main thread busy meanwhile\n` +
        Object.entries(figures)
          .map(([k, v]) => `  ${k}: ${median(v.map((x) => x.click)).toFixed(0)} ms / ${median(v.map((x) => x.render)).toFixed(0)} ms / ${median(v.map((x) => x.busy)).toFixed(0)} ms`)
          .join('\n') +
        '\n',
    );
  } finally {
    await browser.close();
    await shell.stop();
  }
}

await main();
