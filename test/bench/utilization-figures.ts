/**
 * Utilization figures: the history fetch of a whole fleet against its floor under 50 ms of
 * service latency (like the AEMP listing figure), the report built from the store for
 * 90 days, and what the store keeps per 10,000 machine-days.
 *
 * Alone: `node --import tsx test/bench/utilization-figures.ts [--machines 10000] [--report-machines 10000]`.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { AempClient } from '../../src-main/core/aemp/aemp-client';
import { createHttpClient } from '../../src-main/core/http/http-client';
import type { StoredUtilizationDay } from '../../src-main/core/ports';
import { createStoreFactory } from '../../src-main/core/store/sqlite-store';
import { dayAt, dayBounds } from '../../src-main/core/utilization/days';
import { HISTORY_CONCURRENCY, HistoryFetcher } from '../../src-main/core/utilization/history-fetcher';
import { buildReport } from '../../src-main/core/utilization/report';
import { pinTokenSource } from '../fixtures/http/pinned-token-source';
import { gc, startDemoProcess } from './core-figures';
import { since } from './stats';

const LATENCY_MS = 50;
const ZONE = 'America/Denver';
const DAY_MS = 86_400_000;

export interface HistoryFetchRun {
  machines: number;
  ms: number;
  /** Requests × latency ÷ machines asked at once: no client can do better. */
  floorMs: number;
  failures: number;
}

export interface ReportRun {
  machines: number;
  days: number;
  /** Reading the range's machine-days from the store and building the report. */
  ms: number;
  /** Store file bytes per 10,000 machine-days. */
  bytesPer10kDays: number;
}

const dayBefore = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) - n * DAY_MS).toISOString().slice(0, 10);

/** Yesterday's history of every machine of an `assetCount` fleet, one page each. */
export async function measureHistoryFetch(assetCount: number): Promise<HistoryFetchRun> {
  const demo = await startDemoProcess(['--assets', String(assetCount), '--page-size', '100', '--latency-ms', String(LATENCY_MS)]);
  const dir = mkdtempSync(join(tmpdir(), 'fleet-bench-utilization-'));
  const store = createStoreFactory(dir).open('bench');
  try {
    const http = createHttpClient(pinTokenSource({ getToken: async () => demo.token, handleUnauthorized: async () => false }, [demo.aempUrl]));
    const client = new AempClient(http, demo.aempUrl);
    const listing = await client.listEquipment('2.0');
    const machines = listing.equipment
      .filter((e) => e.equipmentId)
      .map((e, i) => ({ assetId: `thing:${i + 1}`, identifier: e.equipmentId!, identity: [e.equipmentId!] }));
    const yesterday = dayBefore(dayAt(Date.now(), ZONE), 1);
    const bounds = dayBounds({ from: yesterday, to: yesterday }, ZONE);
    const fetcher = new HistoryFetcher(() => ({ source: client, store: store.utilization!(), emit: () => {}, now: () => Date.now() }));
    gc();
    const start = performance.now();
    fetcher.start({ profileId: 'bench', zone: ZONE, bounds, machines });
    const last = await fetcher.settled();
    const ms = since(start);
    return { machines: machines.length, ms, floorMs: (machines.length * LATENCY_MS) / HISTORY_CONCURRENCY, failures: last?.failures.length ?? 0 };
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
    await demo.stop();
  }
}

/**
 * The fetcher alone: a source that answers a day's history after exactly 50 ms, with no
 * service or HTTP behind it, so the ratio to the floor is the fetcher's and the store's own cost.
 */
export async function measureFetcherOverhead(machines: number): Promise<HistoryFetchRun> {
  const dir = mkdtempSync(join(tmpdir(), 'fleet-bench-utilization-'));
  const store = createStoreFactory(dir).open('bench');
  try {
    const bounds = dayBounds({ from: '2026-11-19', to: '2026-11-19' }, ZONE);
    const points = Array.from({ length: 120 }, (_, i) => ({ at: new Date(bounds[0].start - 6 * 3_600_000 + i * 900_000).toISOString(), value: 1000 + i * 0.1 }));
    const source = { getHistory: () => new Promise<{ points: typeof points; issues: [] }>((r) => setTimeout(() => r({ points, issues: [] }), LATENCY_MS)) };
    const list = Array.from({ length: machines }, (_, i) => ({ assetId: `thing:${i + 1}`, identifier: `EQ-${i + 1}`, identity: [`EQ-${i + 1}`] }));
    const fetcher = new HistoryFetcher(() => ({ source, store: store.utilization!(), emit: () => {}, now: () => Date.parse('2026-11-21T00:00:00Z') }));
    gc();
    const start = performance.now();
    fetcher.start({ profileId: 'bench', zone: ZONE, bounds, machines: list });
    const last = await fetcher.settled();
    return { machines, ms: since(start), floorMs: (machines * LATENCY_MS) / HISTORY_CONCURRENCY, failures: last?.failures.length ?? 0 };
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A 90-day report of `machines` machines whose every day is in the store. */
export function measureReport(machines: number, days = 90): ReportRun {
  const dir = mkdtempSync(join(tmpdir(), 'fleet-bench-utilization-'));
  const store = createStoreFactory(dir).open('bench');
  try {
    const to = '2026-11-19';
    const range = { from: dayBefore(to, days - 1), to };
    const bounds = dayBounds(range, ZONE);
    const assetIds = Array.from({ length: machines }, (_, i) => `thing:${i + 1}`);
    const utilization = store.utilization!();
    for (let from = 0; from < machines; from += 1000) {
      const rows: StoredUtilizationDay[] = [];
      for (const assetId of assetIds.slice(from, from + 1000)) {
        bounds.forEach((b, i) => {
          const hours = (i + assetId.length) % 7 < 5 ? 6 + ((i * 7) % 30) / 10 : 0;
          rows.push({ assetId, day: b.day, hours, marks: i % 45 === 3 ? [{ kind: 'gap', count: 1 }] : [], source: 'aemp', fetchedAt: '2026-11-20T00:00:00.000Z' });
        });
      }
      utilization.putDays(ZONE, rows);
    }
    gc();
    const start = performance.now();
    const report = buildReport({
      profileId: 'bench',
      range,
      timeZone: ZONE,
      bounds,
      usedDayHours: 0.5,
      assetIds,
      fetched: utilization.machineDays(range.from, range.to, ZONE),
      engineDays: utilization.engineDays(range.from, range.to),
      now: Date.parse('2026-11-21T00:00:00Z'),
    });
    const ms = since(start);
    if (report.machines.length !== machines) throw new Error('The report left machines out');
    store.close();
    const bytes = statSync(join(dir, 'offline', 'bench.sqlite')).size;
    return { machines, days, ms, bytesPer10kDays: (bytes / (machines * days)) * 10_000 };
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function formatUtilizationFigures(fetch: HistoryFetchRun | null, report: ReportRun, overhead: HistoryFetchRun | null = null): string {
  const lines = [
    `Utilization report, ${report.machines.toLocaleString('en-US')} machines × ${report.days} days from the store: ${report.ms.toFixed(0)} ms`,
    `Store size per 10,000 machine-days: ${(report.bytesPer10kDays / 1024).toFixed(0)} KiB`,
  ];
  if (overhead) {
    lines.unshift(`Fetcher alone (a 50 ms stub source), ${overhead.machines.toLocaleString('en-US')} machines ÷ floor: ${(overhead.ms / overhead.floorMs).toFixed(2)} ×; ${overhead.ms.toFixed(0)} ms, floor ${overhead.floorMs.toFixed(0)} ms`);
  }
  if (fetch) {
    const ratio = fetch.ms / fetch.floorMs;
    lines.unshift(
      `History fetch, ${fetch.machines.toLocaleString('en-US')} machines, ${LATENCY_MS} ms latency ÷ floor: ${ratio.toFixed(2)} × (target ≤ 1.3 ×, ${ratio <= 1.3 ? 'PASS' : 'MISS'}); ${fetch.ms.toFixed(0)} ms, floor ${fetch.floorMs.toFixed(0)} ms, ${fetch.failures} failures`,
    );
  }
  return lines.join('\n');
}

export async function runUtilizationFigures(options: { fetchAssets: number; reportMachines: number }): Promise<string> {
  const fetch = options.fetchAssets > 0 ? await measureHistoryFetch(options.fetchAssets) : null;
  const overhead = options.fetchAssets > 0 ? await measureFetcherOverhead(options.fetchAssets) : null;
  const report = measureReport(options.reportMachines);
  return formatUtilizationFigures(fetch, report, overhead);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { machines: { type: 'string', default: '10000' }, 'report-machines': { type: 'string', default: '10000' } } });
  runUtilizationFigures({ fetchAssets: Number(values.machines), reportMachines: Number(values['report-machines']) })
    .then((text) => process.stdout.write(`${text}\n`))
    .catch((err: unknown) => {
      process.stderr.write(`The utilization figures failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      process.exit(1);
    });
}
