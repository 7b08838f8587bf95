import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { AssetListRenderer } from '../../../src-main/demo/asset-list';
import { EmbedSigner } from '../../../src-main/demo/embed/signer';
import { SeededRandom } from '../../../src-main/demo/prng';
import { FleetSimulation } from '../../../src-main/demo/sim';

const NOW = Date.UTC(2026, 2, 10, 18, 30); // a Tuesday, 11:30 local
const ORIGIN = 'http://127.0.0.1:9';

interface WireAsset {
  assetId: string;
  type: string;
  name: string;
  serialNumber?: string;
  category?: string;
  urls: Record<string, string>;
  metrics: Record<string, { value: unknown; meta: { collectedOn: string; source: string; other: object } }> | null;
}

function render(faults?: Parameters<AssetListRenderer['render']>[1], count = 60): WireAsset[] {
  const renderer = new AssetListRenderer(new FleetSimulation(42, count), new EmbedSigner(), ORIGIN);
  return JSON.parse(renderer.render(NOW, faults)) as WireAsset[];
}

const ALL_METRICS = [
  'fuel', 'ignition', 'gps', 'engine-runtime', 'lights1-runtime', 'lights2-runtime', 'lights3-runtime', 'lights4-runtime', 'light1-runtime', 'odometer',
  'last-device-update', 'time-zone', 'address-region', 'altitude', 'cab-temperature', 'solar-battery1', 'speed', 'in-motion', 'battery', 'heading',
  'signal-strength', 'device-battery', 'ip-endpoint', 'input1', 'input2', 'input3', 'input4', 'current1', 'geo-regions',
];

describe('AssetListRenderer', () => {
  const assets = render();

  it('sends every metric of both tables somewhere in the default fleet', () => {
    const seen = new Set(assets.flatMap((a) => Object.keys(a.metrics ?? {})));
    expect(ALL_METRICS.filter((m) => !seen.has(m))).toEqual([]);
  });

  it('follows the Asset table: things have serial and category, areas have neither', () => {
    for (const a of assets) {
      expect(a.assetId).toMatch(/^(thing|area):\d+$/);
      expect(a.assetId.split(':')[0]).toBe(a.type);
      if (a.type === 'thing') {
        expect(typeof a.serialNumber).toBe('string');
        expect(typeof a.category).toBe('string');
      } else {
        expect(a).not.toHaveProperty('serialNumber');
        expect(a).not.toHaveProperty('category');
      }
    }
    expect(assets.some((a) => a.serialNumber === '')).toBe(true);
    expect(assets.some((a) => a.metrics === null)).toBe(true);
  });

  it('gives each asset one embed URL focused on it, under a name other than mapEmbed', () => {
    for (const a of assets) {
      const entries = Object.entries(a.urls);
      expect(entries).toHaveLength(1);
      const [key, url] = entries[0];
      expect(key).toBe('embedUrl');
      const parsed = new URL(url);
      expect(parsed.origin).toBe(ORIGIN);
      expect(parsed.searchParams.get('req')).toBe(`/embed/map#focus=${a.assetId}`);
      expect(decodeJwt(parsed.searchParams.get('jws')!).exp).toBeGreaterThan(NOW / 1000 + 50 * 60);
    }
  });

  it('writes collectedOn with and without fractional seconds, gps as {lat,lng}, regions as region:UT, ip-endpoint with a port', () => {
    const stamps = assets.flatMap((a) => Object.values(a.metrics ?? {}).map((m) => m.meta.collectedOn));
    expect(stamps.some((s) => /T\d\d:\d\d:\d\d\.\d{3}Z$/.test(s))).toBe(true);
    expect(stamps.some((s) => /T\d\d:\d\d:\d\dZ$/.test(s))).toBe(true);
    expect(stamps.every((s) => !Number.isNaN(Date.parse(s)) && Date.parse(s) <= NOW)).toBe(true);
    const withGps = assets.filter((a) => a.metrics?.gps);
    expect(withGps.length).toBeGreaterThan(40);
    for (const a of withGps) expect(Object.keys(a.metrics!.gps.value as object).sort()).toEqual(['lat', 'lng']);
    expect(assets.filter((a) => a.metrics?.['geo-regions']).every((a) => JSON.stringify(a.metrics!['geo-regions'].value) === '["region:UT"]')).toBe(true);
    const ip = assets.find((a) => a.metrics?.['ip-endpoint'])!.metrics!['ip-endpoint'].value as string;
    expect(ip).toMatch(/^\d+\.\d+\.\d+\.\d+:\d+$/);
    const fuel = assets.flatMap((a) => (a.metrics?.fuel ? [a.metrics.fuel.value as number] : []));
    expect(fuel.every((f) => f >= 0 && f <= 100)).toBe(true);
  });

  it('corrupts single fields at the malformed rate, deterministically per seed', () => {
    const faults = (seed: number) => ({ malformedRate: 1, hugePayload: false, hugePayloadBytes: 0, random: new SeededRandom(seed) });
    const bad = render(faults(1));
    const clean = JSON.stringify(assets.map((a) => a.metrics));
    expect(JSON.stringify(bad.map((a) => a.metrics))).not.toBe(clean);
    const problems = bad.filter((a) => {
      const m = a.metrics;
      if (!m) return false;
      const gps = m.gps?.value as { lat?: unknown; lng?: unknown } | undefined;
      return (m.fuel && (m.fuel.value as number) > 100) || (gps && (gps.lng === undefined || typeof gps.lat !== 'number' || (gps.lat as number) > 90)) || (m.ignition && typeof m.ignition.value !== 'boolean') || Object.values(m).some((x) => Number.isNaN(Date.parse(x.meta.collectedOn)));
    });
    expect(problems.length).toBeGreaterThan(30);
    expect(render(faults(1)).map((a) => a.metrics)).toEqual(bad.map((a) => a.metrics));
  });

  it('pads the list to the huge size asked for with well-formed assets', () => {
    const padded = render({ malformedRate: 0, hugePayload: true, hugePayloadBytes: 1_000_000, random: new SeededRandom(1) });
    expect(padded.length).toBeGreaterThan(60);
    expect(JSON.stringify(padded).length).toBeGreaterThan(1_000_000);
    expect(padded.slice(0, 60).map((a) => a.assetId)).toEqual(assets.map((a) => a.assetId));
  });
});
