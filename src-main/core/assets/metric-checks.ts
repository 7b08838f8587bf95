import { describeValue } from './json-path';
import { parseIsoTimestamp } from './timestamps';

/**
 * Checks of the metric values whose type or range docs/service.md states ("Metrics"). Each returns a
 * message for a dispatcher, or null when the value is fine. The value is always kept:
 * these checks flag, they never hide.
 */
export type ValueCheck = (value: unknown) => string | null;

function numberIssue(name: string, value: unknown): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? null : `${name} is not a finite number`;
  return `${name} is ${describeValue(value)}, expected a number`;
}

const number =
  (name: string): ValueCheck =>
  (value) =>
    numberIssue(name, value);

const nonNegative =
  (name: string, unit: string): ValueCheck =>
  (value) =>
    numberIssue(name, value) ?? ((value as number) < 0 ? `${name} is negative (${value} ${unit})` : null);

const boolean =
  (name: string): ValueCheck =>
  (value) =>
    typeof value === 'boolean' ? null : `${name} is ${describeValue(value)}, expected true or false`;

const text =
  (name: string): ValueCheck =>
  (value) =>
    typeof value === 'string' ? null : `${name} is ${describeValue(value)}, expected text`;

const fuel: ValueCheck = (value) => {
  const issue = numberIssue('Fuel', value);
  if (issue) return issue;
  const n = value as number;
  return n < 0 || n > 100 ? `Fuel ${n} % is outside 0–100 %` : null;
};

/** GPS: returns the first problem with its sub-path (`.lat`, `.lng`) or null. */
export function gpsIssue(value: unknown): { sub: string; message: string } | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { sub: '', message: `GPS position is ${describeValue(value)}, expected an object with lat and lng` };
  }
  const { lat, lng } = value as { lat?: unknown; lng?: unknown };
  if (lat === undefined) return { sub: '.lat', message: 'GPS position has no latitude (lat)' };
  if (lng === undefined) return { sub: '.lng', message: 'GPS position has no longitude (lng)' };
  const latIssue = numberIssue('GPS latitude', lat);
  if (latIssue) return { sub: '.lat', message: latIssue };
  const lngIssue = numberIssue('GPS longitude', lng);
  if (lngIssue) return { sub: '.lng', message: lngIssue };
  if ((lat as number) < -90 || (lat as number) > 90) return { sub: '.lat', message: `GPS latitude ${lat} is outside ±90°` };
  if ((lng as number) < -180 || (lng as number) > 180) return { sub: '.lng', message: `GPS longitude ${lng} is outside ±180°` };
  return null;
}

const isoText: ValueCheck = (value) => {
  if (typeof value !== 'string') return `Last device update is ${describeValue(value)}, expected a timestamp`;
  return Number.isNaN(parseIsoTimestamp(value)) ? `Last device update ${describeValue(value)} is not an ISO 8601 timestamp` : null;
};

const ipEndpoint: ValueCheck = (value) => {
  if (typeof value !== 'string') return `IP endpoint is ${describeValue(value)}, expected host:port`;
  return /^\S+:\d{1,5}$/.test(value) ? null : `IP endpoint ${describeValue(value)} is not in host:port form`;
};

const geoRegions: ValueCheck = (value) => {
  if (!Array.isArray(value)) return `Geo regions is ${describeValue(value)}, expected a list`;
  for (let i = 0; i < value.length; i++) {
    const item: unknown = value[i];
    if (typeof item !== 'string' || !/^region:\S+$/.test(item)) return `Geo region ${i + 1} is ${describeValue(item)}, expected region:<code>`;
  }
  return null;
};

const KNOWN: Record<string, ValueCheck> = {
  fuel,
  ignition: boolean('Ignition'),
  'engine-runtime': nonNegative('Engine runtime', 'ms'),
  odometer: nonNegative('Odometer', 'cm'),
  'last-device-update': isoText,
  'time-zone': text('Time zone'),
  'address-region': text('Address region'),
  altitude: number('Altitude'),
  'cab-temperature': number('Cab temperature'),
  'solar-battery1': number('Solar battery'),
  speed: number('Speed'),
  'in-motion': boolean('In motion'),
  battery: number('Battery'),
  heading: number('Heading'),
  'signal-strength': number('Signal strength'),
  'device-battery': number('Device battery'),
  'ip-endpoint': ipEndpoint,
  input1: boolean('Input 1'),
  input2: boolean('Input 2'),
  input3: boolean('Input 3'),
  input4: boolean('Input 4'),
  current1: number('Current 1'),
  'geo-regions': geoRegions,
};

const LIGHTS_RUNTIME = /^lights?(\d+)-runtime$/;
const lightsChecks = new Map<string, ValueCheck>();

/** The check for a metric name, or null for metrics without a stated type (kept as they are). */
export function checkFor(metric: string): ValueCheck | null {
  const known = KNOWN[metric];
  if (known && Object.prototype.hasOwnProperty.call(KNOWN, metric)) return known;
  const cached = lightsChecks.get(metric);
  if (cached) return cached;
  const lights = LIGHTS_RUNTIME.exec(metric);
  if (!lights) return null;
  const check = nonNegative(`Lights ${lights[1]} runtime`, 'ms');
  if (lightsChecks.size < 64) lightsChecks.set(metric, check);
  return check;
}
