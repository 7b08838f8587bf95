/**
 * `node --import tsx test/bench/nearest-figures.ts [--assets 50000] [--queries 2000]`: the
 * nearest-machines index and the offline gazetteer (src-main/core/places/) on the demo
 * fleet: index build time, query p95 with and without filters, the gazetteer's first load
 * and the p95 of one description. `npm run bench` prints the same table after its own.
 * Target: a nearest query's p95 at 50,000 machines within NEAREST_QUERY_P95_TARGET_MS. Query
 * points lie in the fleet's box (the question the panel is for); one row asks from points
 * around it, well away from every machine.
 */
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { normalizeAssetList } from '../../src-main/core/assets/asset-schema';
import { rowOfAsset } from '../../src-main/core/assets/asset-row';
import { NearestIndex, type NearestOptions } from '../../src-main/core/places/nearest-index';
import { Gazetteer, loadTowns } from '../../src-main/core/places/gazetteer';
import { AssetListRenderer } from '../../src-main/demo/asset-list';
import { EmbedSigner } from '../../src-main/demo/embed/signer';
import { FleetSimulation } from '../../src-main/demo/sim';
import { median, percentile } from './stats';

export const NEAREST_QUERY_P95_TARGET_MS = 5;

export interface NearestFigure {
  what: string;
  /** Milliseconds. */
  value: number;
  target: number | null;
}

interface Box {
  minLat: number;
  maxLat: number;
  minLng: number;
  maxLng: number;
}

/**
 * Deterministic query points (two runs ask the same questions): `inside` the fleet's box
 * (a customer's site in the branch's area, the question the panel is for), or in a band
 * `margin` degrees wide around it (a point well away from every machine).
 */
function points(count: number, box: Box, where: 'inside' | 'around', margin = 1): { lat: number; lng: number }[] {
  let seed = 7;
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const out: { lat: number; lng: number }[] = [];
  while (out.length < count) {
    const grow = where === 'inside' ? 0 : margin;
    const lat = box.minLat - grow + next() * (box.maxLat - box.minLat + 2 * grow);
    const lng = box.minLng - grow + next() * (box.maxLng - box.minLng + 2 * grow);
    const inside = lat >= box.minLat && lat <= box.maxLat && lng >= box.minLng && lng <= box.maxLng;
    if (where === 'inside' || !inside) out.push({ lat, lng });
  }
  return out;
}

function boxOf(rows: readonly { lat: number | null; lng: number | null }[]): Box {
  const box = { minLat: 90, maxLat: -90, minLng: 180, maxLng: -180 };
  for (const r of rows) {
    if (r.lat === null || r.lng === null) continue;
    box.minLat = Math.min(box.minLat, r.lat);
    box.maxLat = Math.max(box.maxLat, r.lat);
    box.minLng = Math.min(box.minLng, r.lng);
    box.maxLng = Math.max(box.maxLng, r.lng);
  }
  return box;
}

function p95Of(run: () => void, count: number): number {
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    run();
    samples.push(performance.now() - start);
  }
  return percentile(samples, 95);
}

export async function measureNearestFigures(options: { assets?: number; queries?: number; log?: (line: string) => void } = {}): Promise<NearestFigure[]> {
  const size = options.assets ?? 50_000;
  const queries = options.queries ?? 2000;
  const log = options.log ?? (() => {});
  log(`nearest: building the demo fleet of ${size.toLocaleString('en-US')}`);
  const at = Date.UTC(2026, 2, 10, 18, 30, 7);
  const renderer = new AssetListRenderer(new FleetSimulation(42, size), new EmbedSigner(), 'http://127.0.0.1:9');
  const rows = normalizeAssetList(JSON.parse(renderer.render(at)), new Date(at)).assets.map(rowOfAsset);
  const categories = [...new Set(rows.map((r) => r.category).filter((c): c is string => !!c))];
  const box = boxOf(rows);
  const asks = points(queries, box, 'inside');
  const far = points(queries, box, 'around');

  const builds: number[] = [];
  let index = new NearestIndex(() => rows);
  for (let i = 0; i < 5; i++) {
    index = new NearestIndex(() => rows);
    const start = performance.now();
    index.query({ lat: 40.6, lng: -111.9, limit: 10 });
    builds.push(performance.now() - start);
  }
  let i = 0;
  const ask = (extra: Partial<NearestOptions>, from = asks) => () => {
    const p = from[i++ % from.length];
    index.query({ ...p, limit: 10, ...extra });
  };
  // Warm the code up first, as a running app is.
  p95Of(ask({}), 200);
  const figures: NearestFigure[] = [
    { what: `nearest: index build, ${size.toLocaleString('en-US')} machines (median of 5)`, value: median(builds), target: null },
    { what: 'nearest: query p95, nearest 10, no filter', value: p95Of(ask({}), queries), target: NEAREST_QUERY_P95_TARGET_MS },
    { what: 'nearest: query p95, nearest 50, no filter', value: p95Of(ask({ limit: 50 }), queries), target: NEAREST_QUERY_P95_TARGET_MS },
    { what: 'nearest: query p95, nearest 10, one category', value: p95Of(ask({ categories: [categories[0]] }), queries), target: NEAREST_QUERY_P95_TARGET_MS },
    { what: 'nearest: query p95, nearest 10, one category + parked', value: p95Of(ask({ categories: [categories[0]], parkedOnly: true }), queries), target: NEAREST_QUERY_P95_TARGET_MS },
    { what: 'nearest: query p95, nearest 50, one category + parked + excluded', value: p95Of(ask({ limit: 50, categories: [categories[0]], parkedOnly: true, excludeAssetId: rows[0].assetId }), queries), target: NEAREST_QUERY_P95_TARGET_MS },
    { what: 'nearest: query p95, nearest 10, points up to 1° outside the fleet', value: p95Of(ask({}, far), queries), target: NEAREST_QUERY_P95_TARGET_MS },
  ];

  log('nearest: loading the gazetteer');
  const loadStart = performance.now();
  const gazetteer = new Gazetteer(loadTowns());
  figures.push({ what: 'gazetteer: first load (read the towns, build the index)', value: performance.now() - loadStart, target: null });
  let j = 0;
  figures.push({ what: 'gazetteer: describe p95', value: p95Of(() => void gazetteer.describe(asks[j % asks.length].lat, asks[j++ % asks.length].lng), queries), target: null });
  return figures;
}

export function formatNearestTable(figures: readonly NearestFigure[]): string {
  const lines = ['| Figure | ms | Target |', '|---|---|---|'];
  for (const f of figures) lines.push(`| ${f.what} | ${f.value.toFixed(2)} | ${f.target === null ? '' : `≤ ${f.target}${f.value <= f.target ? '' : ' (missed)'}`} |`);
  return lines.join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { assets: { type: 'string', default: '50000' }, queries: { type: 'string', default: '2000' } } });
  const assets = Number(values.assets);
  const queries = Number(values.queries);
  if (!Number.isInteger(assets) || assets <= 0 || !Number.isInteger(queries) || queries <= 0) throw new Error('--assets and --queries want whole numbers above 0');
  const figures = await measureNearestFigures({ assets, queries, log: (line) => process.stderr.write(`${line}\n`) });
  process.stdout.write(`\n${formatNearestTable(figures)}\n`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err: unknown) => {
    process.stderr.write(`The nearest figures failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  });
}
