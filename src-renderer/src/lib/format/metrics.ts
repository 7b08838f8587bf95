/**
 * Turns one metric of an asset into text a dispatcher can read. Pure: the caller passes
 * units and `now`. A value of the wrong type or out of range is shown with a flag, never
 * dropped and never thrown on.
 */
import { DEFAULT_SPEED_UNIT, isKnownMetric, isOldReading, metricLabel, regionCodeText, type Metric, type SpeedUnit, type Units, type ValueIssue } from '@contract';
import { speedReading } from './speed';
import { formatDistanceCm, formatHeading, formatLatLng, formatNumber, formatRuntime } from './numbers';
import { formatInZone, formatDateTime, isValidTimeZone, parseTime, relativeTime, formatSpan } from './time';

export interface FormatOptions {
  units: Units;
  now: number;
  /** Newest collectedOn over the asset's metrics (ms), to mark metrics far older than the rest. */
  newestAt: number | null;
  /** The asset's `time-zone` metric value, when valid, for a second rendering of timestamps. */
  assetTimeZone?: string | null;
  /** The unit the profile says its service sends speeds in. */
  speedUnit: SpeedUnit;
}

export interface FormattedMetric {
  key: string;
  label: string;
  text: string;
  /** Extra line, e.g. the time in the asset's zone or "unit not stated by the service". */
  detail: string | null;
  /** A problem with the value (wrong type, out of range); shown next to it. */
  flag: string | null;
  /** 0–100 for gauges (fuel), clamped; null when not a gauge. */
  gauge: number | null;
  /** "from telematics · 3 min ago" */
  provenance: string;
  collectedOn: string;
  /** True when the value is much older than the newest metric of the same asset. */
  old: boolean;
  known: boolean;
}

/** Newest `collectedOn` over an asset's metrics (ms), or null when none is readable. */
export function newestCollectedAt(metrics: Record<string, Metric> | null): number | null {
  if (!metrics) return null;
  let newestAt: number | null = null;
  for (const m of Object.values(metrics)) {
    const at = parseTime(m?.meta?.collectedOn);
    if (at !== null && (newestAt === null || at > newestAt)) newestAt = at;
  }
  return newestAt;
}

const LIGHT_RUNTIME = /^lights?(\d+)-runtime$/;
const INPUT = /^input(\d+)$/;

export { isKnownMetric, metricLabel };

/** Order in the details pane: the metrics a dispatcher looks at first. */
const ORDER = ['gps', 'ignition', 'in-motion', 'speed', 'heading', 'fuel', 'odometer', 'engine-runtime', 'last-device-update', 'time-zone'];

export function metricOrder(a: string, b: string): number {
  const ia = ORDER.indexOf(a);
  const ib = ORDER.indexOf(b);
  if (ia !== -1 || ib !== -1) return (ia === -1 ? 99 : ia) - (ib === -1 ? 99 : ib);
  return a.localeCompare(b);
}

/** Readable JSON for unknown values: short, stable, never throws. */
export function readableJson(value: unknown): string {
  if (value === undefined) return '(no value)';
  if (typeof value === 'string') return value;
  try {
    const text = JSON.stringify(value);
    return text.length > 200 ? `${text.slice(0, 199)}…` : text;
  } catch {
    return String(value);
  }
}

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

interface ValueText {
  text: string;
  detail?: string | null;
  flag?: string | null;
  gauge?: number | null;
}

const UNSTATED = 'unit not stated by the service';

function wrongType(value: unknown, expected: string): ValueText {
  return { text: readableJson(value), flag: `expected ${expected}, got ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value}` };
}

function onOff(value: unknown, on = 'On', off = 'Off'): ValueText {
  if (typeof value !== 'boolean') return wrongType(value, 'true or false');
  return { text: value ? on : off };
}

function plainNumber(value: unknown, suffix = '', detail: string | null = UNSTATED): ValueText {
  if (!isNum(value)) return wrongType(value, 'a number');
  return { text: `${formatNumber(value)}${suffix}`, detail };
}

function timestamp(value: unknown, opts: FormatOptions): ValueText {
  if (typeof value !== 'string') return wrongType(value, 'an ISO 8601 timestamp');
  if (parseTime(value) === null) return { text: value, flag: 'not a readable ISO 8601 timestamp' };
  const zone = opts.assetTimeZone ? formatInZone(value, opts.assetTimeZone) : null;
  return {
    text: `${formatDateTime(value)} (${relativeTime(value, opts.now)})`,
    detail: zone?.ok ? `${zone.text} in ${opts.assetTimeZone}` : null,
  };
}

function valueText(key: string, value: unknown, opts: FormatOptions): ValueText {
  if (LIGHT_RUNTIME.test(key) || key === 'engine-runtime') {
    if (!isNum(value)) return wrongType(value, 'milliseconds');
    return { text: formatRuntime(value), flag: value < 0 ? 'negative running time' : null };
  }
  if (INPUT.test(key)) return onOff(value);
  switch (key) {
    case 'fuel': {
      if (!isNum(value)) return wrongType(value, 'a percentage');
      const inRange = value >= 0 && value <= 100;
      return {
        text: inRange ? `${formatNumber(value, 0)} %` : `${formatNumber(value)} % — outside 0–100`,
        flag: inRange ? null : 'fuel reading outside 0–100 %',
        gauge: Math.min(100, Math.max(0, value)),
      };
    }
    case 'ignition':
      return onOff(value);
    case 'in-motion':
      return onOff(value, 'Moving', 'Stationary');
    case 'gps': {
      const v = value as { lat?: unknown; lng?: unknown } | null;
      if (!v || typeof v !== 'object' || !isNum(v.lat) || !isNum(v.lng)) return wrongType(value, 'an object with numeric lat and lng');
      const outside = Math.abs(v.lat) > 90 || Math.abs(v.lng) > 180;
      return { text: formatLatLng(v.lat, v.lng), flag: outside ? 'position outside the valid latitude/longitude range' : null };
    }
    case 'odometer':
      if (!isNum(value)) return wrongType(value, 'centimetres');
      return { text: formatDistanceCm(value, opts.units), flag: value < 0 ? 'negative odometer' : null };
    case 'heading':
      if (!isNum(value)) return wrongType(value, 'degrees');
      return { text: formatHeading(value) };
    case 'speed':
      if (!isNum(value)) return wrongType(value, 'a number');
      return speedReading(value, opts.speedUnit, opts.units);
    case 'altitude':
      return plainNumber(value);
    case 'cab-temperature':
      return plainNumber(value, ' °');
    case 'battery':
    case 'device-battery':
    case 'solar-battery1':
    case 'signal-strength':
    case 'current1':
      return plainNumber(value);
    case 'last-device-update':
      return timestamp(value, opts);
    case 'time-zone':
      if (typeof value !== 'string') return wrongType(value, 'a time-zone name');
      return isValidTimeZone(value) ? { text: value } : { text: value, flag: `unknown time zone "${value}"` };
    case 'ip-endpoint':
    case 'address-region':
      if (typeof value !== 'string') return wrongType(value, 'text');
      return { text: value || '(empty)' };
    case 'geo-regions': {
      if (!Array.isArray(value)) return wrongType(value, 'a list of regions');
      if (value.length === 0) return { text: 'none' };
      return { text: value.map((r) => (typeof r === 'string' ? regionCodeText(r) : readableJson(r))).join(', ') };
    }
    default:
      return { text: readableJson(value) };
  }
}


export function formatMetric(key: string, metric: Metric, opts: FormatOptions, issues: ValueIssue[] = []): FormattedMetric {
  const meta = metric && typeof metric === 'object' && metric.meta ? metric.meta : { collectedOn: '', source: '', other: {} };
  const vt = valueText(key, metric?.value, opts);
  const issueText = issues.filter((i) => i.metric === key).map((i) => i.message);
  const flags = [vt.flag, ...issueText].filter((f): f is string => !!f);
  const at = parseTime(meta.collectedOn);
  const old = isOldReading(at, opts.newestAt);
  const age = at === null ? 'time unknown' : relativeTime(meta.collectedOn, opts.now);
  const provenance = [meta.source ? `from ${meta.source}` : 'source unknown', age].join(' · ');
  return {
    key,
    label: metricLabel(key),
    text: vt.text,
    detail: vt.detail ?? null,
    flag: flags.length ? [...new Set(flags)].join('; ') : null,
    gauge: vt.gauge ?? null,
    provenance: old && opts.newestAt !== null && at !== null ? `${provenance} · ${formatSpan(opts.newestAt - at)} older than the newest reading` : provenance,
    collectedOn: meta.collectedOn,
    old,
    known: isKnownMetric(key),
  };
}

/** All metrics of an asset, formatted and ordered; empty for `metrics: null`. */
export function formatAllMetrics(metrics: Record<string, Metric> | null, units: Units, now: number, issues: ValueIssue[] = [], speedUnit: SpeedUnit = DEFAULT_SPEED_UNIT): FormattedMetric[] {
  if (!metrics) return [];
  const newestAt = newestCollectedAt(metrics);
  const zone = metrics['time-zone']?.value;
  const assetTimeZone = typeof zone === 'string' && isValidTimeZone(zone) ? zone : null;
  const opts: FormatOptions = { units, now, newestAt, assetTimeZone, speedUnit };
  return Object.keys(metrics)
    .sort(metricOrder)
    .map((key) => formatMetric(key, metrics[key], opts, issues));
}
