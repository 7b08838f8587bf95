/**
 * Readers for the AEMP data elements (Location, CumulativeOperatingHours, Distance,
 * FuelUsed, FuelRemaining, EngineStatus). Each returns null and records a ParseIssue
 * when the element is present but cannot be understood.
 */
import type { ParseIssue } from '../../contract';
import { bool, datetimeOf, hours, isNode, keyOf, num, pick, text } from './tolerant';
import { litresPer, metresPer } from './units';

export interface IssueSink {
  issues: ParseIssue[];
}

function issue(sink: IssueSink, path: string, message: string): null {
  sink.issues.push({ path, message });
  return null;
}

function at(element: unknown, path: string, sink: IssueSink): string | null {
  const raw = pick(element, 'datetime');
  const value = datetimeOf(element);
  if (value === null && raw !== undefined && raw !== '') issue(sink, `${path}.${keyOf(element, 'datetime')}`, 'Timestamp is not an ISO 8601 date; kept the value without a time.');
  return value;
}

function requireNode(element: unknown, path: string, sink: IssueSink): element is Record<string, unknown> {
  if (isNode(element)) return true;
  issue(sink, path, 'Expected an element with fields; skipped.');
  return false;
}

export function readLocation(element: unknown, path: string, sink: IssueSink): { lat: number; lng: number; altitudeM: number | null; at: string | null } | null {
  if (!requireNode(element, path, sink)) return null;
  const lat = num(pick(element, 'Latitude', 'lat'));
  const lng = num(pick(element, 'Longitude', 'lon', 'lng'));
  if (lat === null || lat < -90 || lat > 90) return issue(sink, `${path}.${keyOf(element, 'Latitude')}`, 'Latitude is missing or not a number between -90 and 90; location skipped.');
  if (lng === null || lng < -180 || lng > 180) return issue(sink, `${path}.${keyOf(element, 'Longitude')}`, 'Longitude is missing or not a number between -180 and 180; location skipped.');
  let altitudeM: number | null = null;
  const altitude = pick(element, 'Altitude');
  if (altitude !== undefined && altitude !== '') {
    const value = num(altitude);
    const factor = metresPer(text(pick(element, 'AltitudeUnits', 'AltitudeUnit')), 'metre');
    if (value === null || factor === null) issue(sink, `${path}.${keyOf(element, 'Altitude')}`, 'Altitude or its unit is not understood; altitude left out.');
    else altitudeM = value * factor;
  }
  return { lat, lng, altitudeM, at: at(element, path, sink) };
}

export function readHours(element: unknown, path: string, sink: IssueSink): { hours: number; at: string | null } | null {
  if (!requireNode(element, path, sink)) return null;
  const value = hours(pick(element, 'Hour', 'Hours'));
  if (value === null || value < 0) return issue(sink, `${path}.${keyOf(element, 'Hour', 'Hours')}`, 'Hours are missing or not a decimal or ISO 8601 duration; skipped.');
  return { hours: value, at: at(element, path, sink) };
}

export function readDistance(element: unknown, path: string, sink: IssueSink): { metres: number; at: string | null } | null {
  if (!requireNode(element, path, sink)) return null;
  const value = num(pick(element, 'Odometer'));
  if (value === null || value < 0) return issue(sink, `${path}.${keyOf(element, 'Odometer')}`, 'Odometer is missing or not a number; skipped.');
  const unit = text(pick(element, 'OdometerUnits', 'OdometerUnit', 'Units'));
  const factor = metresPer(unit, 'kilometre');
  if (factor === null) return issue(sink, `${path}.${keyOf(element, 'OdometerUnits')}`, `Unknown distance unit "${unit}"; skipped.`);
  return { metres: value * factor, at: at(element, path, sink) };
}

export function readFuelUsed(element: unknown, path: string, sink: IssueSink): { litres: number; at: string | null } | null {
  if (!requireNode(element, path, sink)) return null;
  const value = num(pick(element, 'FuelConsumed', 'FuelUsed'));
  if (value === null || value < 0) return issue(sink, `${path}.${keyOf(element, 'FuelConsumed')}`, 'Fuel consumed is missing or not a number; skipped.');
  const unit = text(pick(element, 'FuelUnits', 'FuelUnit', 'Units'));
  const factor = litresPer(unit, 'litre');
  if (factor === null) return issue(sink, `${path}.${keyOf(element, 'FuelUnits')}`, `Unknown fuel unit "${unit}"; skipped.`);
  return { litres: value * factor, at: at(element, path, sink) };
}

export function readFuelRemaining(element: unknown, path: string, sink: IssueSink): { percent: number; at: string | null } | null {
  if (!requireNode(element, path, sink)) return null;
  const value = num(pick(element, 'Percent'));
  if (value === null || value < 0 || value > 100) return issue(sink, `${path}.${keyOf(element, 'Percent')}`, 'Fuel remaining is missing or not a percentage between 0 and 100; skipped.');
  return { percent: value, at: at(element, path, sink) };
}

export function readEngineStatus(element: unknown, path: string, sink: IssueSink): { running: boolean; at: string | null } | null {
  if (!requireNode(element, path, sink)) return null;
  const value = bool(pick(element, 'Running'));
  if (value === null) return issue(sink, `${path}.${keyOf(element, 'Running')}`, 'Engine status is not true or false; skipped.');
  return { running: value, at: at(element, path, sink) };
}
