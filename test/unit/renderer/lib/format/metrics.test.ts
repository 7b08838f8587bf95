import { describe, expect, it } from 'vitest';
import { formatAllMetrics, formatMetric, metricLabel, type FormatOptions } from '../../../../../src-renderer/src/lib/format/metrics';
import { formatDistanceCm, formatHeading, formatRuntime } from '../../../../../src-renderer/src/lib/format/numbers';
import { formatDateTime } from '../../../../../src-renderer/src/lib/format/time';
import { metric, NOW } from '../../fixtures';

const opts: FormatOptions = { units: 'metric', now: NOW, newestAt: Date.parse('2026-11-22T11:58:00Z'), speedUnit: 'unstated' };
const fmt = (key: string, value: unknown, o: Partial<FormatOptions> = {}) => formatMetric(key, metric(value), { ...opts, ...o });

describe('metrics with a stated meaning', () => {
  it('fuel: percent with a gauge; out of range is flagged, not hidden', () => {
    expect(fmt('fuel', 42)).toMatchObject({ text: '42 %', gauge: 42, flag: null });
    expect(fmt('fuel', 140)).toMatchObject({ text: '140 % — outside 0–100', gauge: 100, flag: 'fuel reading outside 0–100 %' });
    expect(fmt('fuel', -5)).toMatchObject({ gauge: 0, flag: 'fuel reading outside 0–100 %' });
    expect(fmt('fuel', '42').flag).toBe('expected a percentage, got string');
  });

  it('ignition and inputs are on/off, in-motion is moving/stationary', () => {
    expect(fmt('ignition', true).text).toBe('On');
    expect(fmt('ignition', false).text).toBe('Off');
    expect(fmt('input3', true).text).toBe('On');
    expect(metricLabel('input3')).toBe('Input 3');
    expect(fmt('in-motion', false).text).toBe('Stationary');
    expect(fmt('ignition', 'yes').flag).toMatch(/expected true or false/);
  });

  it('gps: lat, lng with five decimals; bad shapes flagged', () => {
    expect(fmt('gps', { lat: 40.7608, lng: -111.891 }).text).toBe('40.76080, -111.89100');
    expect(fmt('gps', { lat: 95, lng: 10 }).flag).toMatch(/outside/);
    expect(fmt('gps', { lat: 'x' }).flag).toMatch(/numeric lat and lng/);
  });

  it('engine and lights runtimes in ms → hours and minutes (both spellings)', () => {
    const ms = (1234 * 60 + 5) * 60_000;
    expect(fmt('engine-runtime', ms).text).toBe('1,234 h 05 min');
    expect(fmt('lights2-runtime', 90 * 60_000).text).toBe('1 h 30 min');
    expect(fmt('light1-runtime', 0).text).toBe('0 h 00 min');
    expect(metricLabel('lights4-runtime')).toBe('Lights 4 runtime');
    expect(metricLabel('light1-runtime')).toBe('Lights 1 runtime');
  });

  it('odometer in cm → km or miles by the units setting', () => {
    expect(fmt('odometer', 1_234_567_800).text).toBe('12,345.7 km');
    expect(fmt('odometer', 160_934_400, { units: 'imperial' }).text).toBe('1,000 mi');
  });
});

describe('metrics with a value type only', () => {
  it('heading in degrees with a compass point', () => {
    expect(fmt('heading', 270).text).toBe('270° W');
    expect(fmt('heading', 361).text).toBe('1° N');
    expect(formatHeading(-45)).toBe('315° NW');
  });

  it('numbers without a stated unit say so', () => {
    for (const key of ['speed', 'altitude', 'battery', 'device-battery', 'solar-battery1', 'signal-strength', 'current1']) {
      const m = fmt(key, 12.34);
      expect(m.text).toBe('12.3');
      expect(m.detail).toBe('unit not stated by the service');
    }
    expect(fmt('cab-temperature', 21.5).text).toBe('21.5 °');
  });

  it('speed in the profile\'s unit, converted to the units shown, with the value as sent beside it', () => {
    expect(fmt('speed', 100, { speedUnit: 'km/h' })).toMatchObject({ text: '100 km/h', detail: null });
    expect(fmt('speed', 100, { speedUnit: 'km/h', units: 'imperial' })).toMatchObject({ text: '62.1 mph', detail: '100 km/h as sent' });
    expect(fmt('speed', 10, { speedUnit: 'm/s' })).toMatchObject({ text: '36 km/h', detail: '10 m/s as sent' });
    expect(fmt('speed', 50, { speedUnit: 'mph' })).toMatchObject({ text: '80.5 km/h', detail: '50 mph as sent' });
    expect(fmt('speed', 'fast', { speedUnit: 'km/h' }).flag).toBe('expected a number, got string');
    const all = formatAllMetrics({ speed: metric(20) }, 'imperial', NOW, [], 'km/h');
    expect(all[0].text).toBe('12.4 mph');
  });

  it('strings: ip-endpoint, address-region; geo-regions without the region: prefix', () => {
    expect(fmt('ip-endpoint', '10.0.0.7:5044').text).toBe('10.0.0.7:5044');
    expect(fmt('address-region', 'Utah').text).toBe('Utah');
    expect(fmt('geo-regions', ['region:UT', 'region:NV']).text).toBe('UT, NV');
    expect(fmt('geo-regions', []).text).toBe('none');
  });

  it('time-zone: valid shown, invalid flagged', () => {
    expect(fmt('time-zone', 'America/Denver')).toMatchObject({ text: 'America/Denver', flag: null });
    expect(fmt('time-zone', 'Mars/Base').flag).toBe('unknown time zone "Mars/Base"');
  });

  it('last-device-update: local time, relative age and the asset zone', () => {
    process.env.TZ = 'UTC';
    const m = fmt('last-device-update', '2026-11-22T11:00:00Z', { assetTimeZone: 'America/Denver' });
    expect(m.text).toBe(`${formatDateTime('2026-11-22T11:00:00Z')} (1 h ago)`);
    expect(m.detail).toContain('04:00:00');
    expect(m.detail).toContain('America/Denver');
    expect(fmt('last-device-update', 'soon').flag).toMatch(/not a readable/);
  });
});

describe('unknown metrics, provenance and old values', () => {
  it('unknown keys are shown as readable JSON and marked unknown', () => {
    const m = fmt('tyre-pressure', { front: 2.2, rear: 2.4 });
    expect(m).toMatchObject({ label: 'tyre-pressure', text: '{"front":2.2,"rear":2.4}', known: false });
  });

  it('provenance names the source and the age', () => {
    expect(fmt('fuel', 50).provenance).toBe('from telematics · 2 min ago');
  });

  it('a metric months older than the newest is marked old', () => {
    const all = formatAllMetrics(
      { gps: metric({ lat: 1, lng: 2 }, '2026-11-22T11:58:00Z', 'GPS'), fuel: metric(30, '2026-07-01T00:00:00Z', 'CAN bus') },
      'metric',
      NOW,
    );
    const fuel = all.find((m) => m.key === 'fuel')!;
    const gps = all.find((m) => m.key === 'gps')!;
    expect(fuel.old).toBe(true);
    expect(fuel.provenance).toMatch(/^from CAN bus · 4 mo ago · 4 mo older than the newest reading$/);
    expect(gps.old).toBe(false);
    expect(all.map((m) => m.key)).toEqual(['gps', 'fuel']);
  });

  it('asset issues appear as flags on their metric', () => {
    const all = formatAllMetrics({ fuel: metric(140) }, 'metric', NOW, [{ metric: 'fuel', path: '$[0].metrics.fuel.value', message: 'fuel 140 is outside 0–100' }]);
    expect(all[0].flag).toBe('fuel reading outside 0–100 %; fuel 140 is outside 0–100');
  });

  it('null metrics give nothing to list; invalid time-zone metric does not crash the rest', () => {
    expect(formatAllMetrics(null, 'metric', NOW)).toEqual([]);
    const all = formatAllMetrics({ 'time-zone': metric('Nowhere/Land'), 'last-device-update': metric('2026-11-22T11:00:00Z') }, 'metric', NOW);
    expect(all.find((m) => m.key === 'last-device-update')!.detail).toBeNull();
    expect(all.find((m) => m.key === 'time-zone')!.flag).toMatch(/unknown time zone/);
  });
});

describe('number helpers', () => {
  it('formatRuntime and formatDistanceCm', () => {
    expect(formatRuntime(59_999)).toBe('0 h 00 min');
    expect(formatDistanceCm(100_000, 'metric')).toBe('1 km');
  });
});
