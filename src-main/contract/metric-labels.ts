/**
 * What a service metric is called for people, and the unit its value is in when the
 * service states one: written once for the details pane, the list and the exports.
 */
import { ROW_METRICS, ROW_READINGS } from './row-fields';

const LABELS: Readonly<Record<string, string>> = {
  ...Object.fromEntries(ROW_METRICS.map((key) => [key, ROW_READINGS[key].label])),
  'last-device-update': 'Last device update',
  'time-zone': 'Time zone',
  'address-region': 'Region (address)',
  altitude: 'Altitude',
  'cab-temperature': 'Cab temperature',
  'solar-battery1': 'Solar battery 1',
  battery: 'Battery',
  'signal-strength': 'Signal strength',
  'device-battery': 'Device battery',
  'ip-endpoint': 'IP endpoint',
  current1: 'Current 1',
  'geo-regions': 'Geo regions',
};

const LIGHT_RUNTIME = /^lights?(\d+)-runtime$/;
const INPUT = /^input(\d+)$/;

/** "Cab temperature" for `cab-temperature`; an unknown metric keeps the service's name. */
export function metricLabel(key: string): string {
  if (Object.hasOwn(LABELS, key)) return LABELS[key];
  const light = LIGHT_RUNTIME.exec(key);
  if (light) return `Lights ${light[1]} runtime`;
  const input = INPUT.exec(key);
  if (input) return `Input ${input[1]}`;
  return key;
}

/** Whether the app knows this metric by name (a label of its own, not the service's key). */
export function isKnownMetric(key: string): boolean {
  return Object.hasOwn(LABELS, key) || LIGHT_RUNTIME.test(key) || INPUT.test(key);
}

/**
 * Metrics the service sends as plain numbers without saying in which unit (its interface
 * lists their value type only). A header or a detail says so rather than guess one.
 */
export const NUMBERS_WITHOUT_UNIT: ReadonlySet<string> = new Set([
  'altitude',
  'cab-temperature',
  'solar-battery1',
  'speed',
  'battery',
  'signal-strength',
  'device-battery',
  'current1',
]);

/** The words for a unit the service leaves out. */
export const UNIT_NOT_STATED = 'unit not stated';
