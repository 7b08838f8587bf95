/**
 * `node --import tsx test/bench/site-figures.ts [--runs 5]`: where the machines are, as the
 * core works it out, on a real offline store:
 * - a periodic refresh that moved 5 % of 10,000 machines among 500 sites (the changed rows
 *   placed, their presence written and announced);
 * - at 50,000 machines and 2,000 sites, an import (every machine placed again) and a site
 *   edit (the machines near the site placed again).
 * `npm run bench` prints these after its own table.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import type { Asset, AssetSnapshot, LngLat, SiteInput, SiteShape } from '../../src-main/contract';
import { AssetRepository } from '../../src-main/core/assets/asset-repository';
import { smallChange } from '../../src-main/core/handlers/assets';
import { SiteService } from '../../src-main/core/sites/site-service';
import { createStoreFactory } from '../../src-main/core/store/sqlite-store';
import { makeSnapshot } from '../fixtures/store/make-assets';
import { since, summarize, type Summary } from './stats';

export interface SiteFigure extends Summary {
  label: string;
  /** Median CPU time of the same runs (all threads of the process), in ms: steadier than wall time on a busy machine. */
  cpuMedian: number;
  machines: number;
  sites: number;
  /** Upper bound of the median, in ms. */
  target: number;
  verdict: 'PASS' | 'MISS';
  detail: string;
}

/** A deterministic generator (mulberry32), so every run measures the same fleet and sites. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The box the fixture fleet's positions fill (see test/fixtures/store/make-assets.ts). */
function fleetBox(machines: number): { west: number; south: number; east: number; north: number } {
  return { west: -111 - Math.floor((machines - 1) / 1000) / 100, south: 40, east: -111, north: 41 };
}

/** Sites spread over the fleet: half circles, half star-shaped polygons of 8 to 40 corners. */
function makeSites(count: number, machines: number, seed: number): SiteInput[] {
  const r = random(seed);
  const box = fleetBox(machines);
  const sites: SiteInput[] = [];
  for (let k = 0; k < count; k++) {
    const lng = box.west + (box.east - box.west) * r();
    const lat = box.south + (box.north - box.south) * r();
    let shape: SiteShape;
    if (k % 2 === 0) {
      shape = { type: 'circle', center: [lng, lat], radiusM: 100 + r() * 1900 };
    } else {
      const corners = 8 + Math.floor(r() * 33);
      const size = 0.002 + r() * 0.02;
      const ring: LngLat[] = [];
      for (let i = 0; i < corners; i++) {
        const angle = (2 * Math.PI * i) / corners;
        const reach = size * (0.4 + 0.6 * r());
        ring.push([lng + Math.cos(angle) * reach, lat + Math.sin(angle) * reach]);
      }
      ring.push(ring[0]);
      shape = { type: 'polygon', rings: [ring] };
    }
    sites.push({ name: `Site ${k}`, kind: k % 5 === 0 ? 'yard' : 'job', shape });
  }
  return sites;
}

interface Bench {
  service: SiteService;
  repository: AssetRepository;
  snapshot: AssetSnapshot;
  close(): void;
}

function setUp(machines: number, siteCount: number): Bench {
  const dir = mkdtempSync(join(tmpdir(), 'fleet-site-bench-'));
  const store = createStoreFactory(dir).open('bench');
  const at = new Date('2026-11-01T08:00:00Z');
  const snapshot = makeSnapshot(machines, at, 'bench');
  store.saveAssetSnapshot(snapshot);
  store.siteStore!().change({
    put: makeSites(siteCount, machines, 7).map((input, k) => ({ ...input, id: `s-${k.toString(16).padStart(8, '0')}`, notes: '', regionCode: null, createdAt: 0, updatedAt: 0 })),
    remove: [],
  });
  const repository = new AssetRepository('bench', store);
  repository.snapshot();
  const service = new SiteService({ profileId: () => 'bench', store: () => store, assets: () => repository, emit: () => {}, now: () => at });
  service.open();
  return {
    service,
    repository,
    snapshot,
    close: () => {
      store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The snapshot with `share` of its machines moved a little (a new GPS reading each). */
function moved(previous: AssetSnapshot, share: number, run: number): AssetSnapshot {
  const r = random(1000 + run);
  const at = new Date(Date.parse(previous.fetchedAt) + 60_000).toISOString();
  const assets = previous.assets.map((asset): Asset => {
    if (r() >= share) return asset;
    const gps = asset.metrics!.gps;
    const { lat, lng } = gps.value as { lat: number; lng: number };
    return { ...asset, metrics: { ...asset.metrics, gps: { value: { lat: lat + (r() - 0.5) * 0.01, lng: lng + (r() - 0.5) * 0.01 }, meta: { ...gps.meta, collectedOn: at } } } };
  });
  return { ...previous, assets, fetchedAt: at };
}

/** Wall and CPU milliseconds of one piece of work. */
function timed(work: () => void): { wall: number; cpu: number } {
  const cpu = process.cpuUsage();
  const start = performance.now();
  work();
  const wall = since(start);
  const used = process.cpuUsage(cpu);
  return { wall, cpu: (used.user + used.system) / 1000 };
}

function figure(label: string, machines: number, sites: number, target: number, samples: { wall: number; cpu: number }[], detail: string): SiteFigure {
  const summary = summarize(samples.map((s) => s.wall));
  const cpuMedian = summarize(samples.map((s) => s.cpu)).median;
  return { label, machines, sites, target, ...summary, cpuMedian, verdict: summary.median <= target ? 'PASS' : 'MISS', detail };
}

export function periodicFigure(runs: number): SiteFigure {
  const bench = setUp(10_000, 500);
  const samples: { wall: number; cpu: number }[] = [];
  let changedRows = 0;
  let previous = bench.snapshot;
  for (let run = 0; run < runs + 1; run++) {
    const next = moved(previous, 0.05, run);
    bench.repository.replace(next);
    const change = smallChange(previous, next);
    if (!change) throw new Error('a 5 % change was announced whole');
    changedRows = change.changed.length;
    const sample = timed(() => bench.service.noteChange(change));
    // The first run warms the code up; it is not counted.
    if (run > 0) samples.push(sample);
    previous = next;
  }
  bench.close();
  return figure('periodic refresh, 5 % of machines moved: changed rows placed, stored, announced', 10_000, 500, 20, samples, `${changedRows} changed rows`);
}

/** A GeoJSON file of one feature that replaces this site (same name and kind). */
function replacingFile(site: { name: string; kind: string; shape: SiteShape }): string {
  const geometry = site.shape.type === 'circle' ? { type: 'Point', coordinates: site.shape.center } : { type: 'Polygon', coordinates: site.shape.rings };
  const radius = site.shape.type === 'circle' ? { radius_m: site.shape.radiusM } : {};
  return JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', geometry, properties: { name: site.name, kind: site.kind, ...radius } }] });
}

export function largeFigures(runs: number): SiteFigure[] {
  const bench = setUp(50_000, 2000);
  const full: { wall: number; cpu: number }[] = [];
  const edit: { wall: number; cpu: number }[] = [];
  const sites = bench.service.state().sites;
  const onSites = Object.values(bench.service.state().presence).filter((p) => p.siteId !== null).length;
  for (let run = 0; run < runs + 1; run++) {
    const site = sites[run];
    // An import: every machine is placed again.
    const imported = timed(() => bench.service.importGeoJson(replacingFile(site)));
    // A site edit: the machines in the site's old and new box are placed again.
    const saved = timed(() => bench.service.save({ id: site.id, name: site.name, kind: site.kind, notes: site.notes, shape: site.shape, regionCode: site.regionCode }));
    // The first run warms the code up; it is not counted.
    if (run > 0) {
      full.push(imported);
      edit.push(saved);
    }
  }
  bench.close();
  return [
    figure('full recompute (an import): every machine placed again, changes stored and announced', 50_000, 2000, 250, full, `${onSites} machines on sites`),
    figure('site edit: the machines near the site placed again', 50_000, 2000, 250, edit, 'one site saved'),
  ];
}

export function formatSiteFigures(figures: readonly SiteFigure[]): string {
  const lines = ['Sites: where the machines are (ms, median of runs; min–max)'];
  for (const f of figures) {
    lines.push(
      `  ${f.label} — ${f.machines.toLocaleString('en-US')} machines × ${f.sites.toLocaleString('en-US')} sites: ${f.median.toFixed(1)} (${f.min.toFixed(1)}–${f.max.toFixed(1)}), CPU ${f.cpuMedian.toFixed(1)}, target ≤ ${f.target}: ${f.verdict}; ${f.detail}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

export function measureSiteFigures(runs = 5): SiteFigure[] {
  return [periodicFigure(runs), ...largeFigures(runs)];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs <= 0) throw new Error('--runs wants a whole number above 0');
  process.stdout.write(formatSiteFigures(measureSiteFigures(runs)));
}
