import { distance } from '@turf/distance';
import type { AlertRules, Asset } from '../../contract';
import { collectedAt, figure, metricOf, numberOf, type FindingSink, type RuleCheck } from './rule-check';
import { DEFAULT_TIME_ZONE } from './rules-schema';
import { AssetScope } from './scope';
import { zoneClock, type ZoneClock } from './zoned-time';

/** A GPS position as [lng, lat], or null when the metric is missing or not a position. */
export function positionOf(asset: Asset | undefined): [number, number] | null {
  const value = metricOf(asset, 'gps')?.value as { lat?: unknown; lng?: unknown } | null | undefined;
  if (value === null || typeof value !== 'object') return null;
  const { lat, lng } = value;
  if (typeof lat !== 'number' || typeof lng !== 'number' || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return [lng, lat];
}

/** Metres between two positions ([lng, lat]), great circle. */
export function metresBetween(a: [number, number], b: [number, number]): number {
  return distance(a, b, { units: 'kilometers' }) * 1000;
}

/** "1.2 km" or "450 m". */
export function distanceText(metres: number): string {
  return metres >= 1000 ? `${figure(metres / 1000)} km` : `${Math.round(metres)} m`;
}

function clockTime(clock: ZoneClock, ms: number): string {
  const minute = clock.minuteOfWeek(ms) % 1440;
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}

/**
 * Moved with the ignition off (towed, or carried away): two reports in a row, both with the
 * ignition off, more than N metres apart, and no engine time run between them (an engine that
 * ran was driven, even when the reports missed it on). An unknown ignition, a missing
 * position or no previous report raises nothing. The alert stays open until the ignition is
 * on again: one alert per tow, however many reports the ride takes.
 */
export class TowedCheck implements RuleCheck {
  readonly rule = 'towed';
  readonly timeCan = 'nothing';
  readonly scope: AssetScope;
  private readonly minMetres: number;
  private readonly fallback: ZoneClock;

  constructor(rule: AlertRules['towed'], timeZone: string) {
    this.scope = new AssetScope(rule.scope);
    this.minMetres = rule.minMetres;
    this.fallback = zoneClock(timeZone) ?? zoneClock(DEFAULT_TIME_ZONE) ?? zoneClock('UTC')!;
  }

  prepare(): void {}

  check(asset: Asset, previous: Asset | undefined, sink: FindingSink): void {
    const ignition = metricOf(asset, 'ignition')?.value;
    if (sink.isOpen('')) {
      if (ignition !== true) sink.hold('');
      return;
    }
    if (ignition !== false || metricOf(previous, 'ignition')?.value !== false) return;
    const from = positionOf(previous);
    const to = positionOf(asset);
    if (!from || !to) return;
    const metres = metresBetween(from, to);
    if (!(metres > this.minMetres)) return;
    const ranBefore = numberOf(metricOf(previous, 'engine-runtime'));
    const ranNow = numberOf(metricOf(asset, 'engine-runtime'));
    if (ranBefore !== null && ranNow !== null && ranNow > ranBefore) return;
    const fromAt = collectedAt(metricOf(previous, 'gps'));
    const toAt = collectedAt(metricOf(asset, 'gps'));
    if (!fromAt || !toAt || !(toAt > fromAt)) return;
    const clock = this.clockOf(asset);
    const message = `Moved ${distanceText(metres)} with the ignition off between ${clockTime(clock, Date.parse(fromAt))} and ${clockTime(clock, Date.parse(toAt))}`;
    sink.active('', message, Math.round(metres), toAt);
  }

  private clockOf(asset: Asset): ZoneClock {
    const zone = metricOf(asset, 'time-zone')?.value;
    return (typeof zone === 'string' ? zoneClock(zone) : null) ?? this.fallback;
  }
}

export function towedCheck(rule: AlertRules['towed'], timeZone: string): RuleCheck {
  return new TowedCheck(rule, timeZone);
}
