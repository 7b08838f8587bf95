import type { Metric } from '../contract';
import type { UnitDescriptor, UnitState } from './sim';

function iso(ms: number, fractional: boolean): string {
  const text = new Date(ms).toISOString();
  return fractional ? text : text.replace(/\.\d{3}Z$/, 'Z');
}

const SOURCE_BY_METRIC: Record<string, string> = {
  gps: 'gps-receiver',
  speed: 'gps-receiver',
  heading: 'gps-receiver',
  altitude: 'gps-receiver',
  'in-motion': 'gps-receiver',
  ignition: 'can-bus',
  fuel: 'can-bus',
  'engine-runtime': 'can-bus',
  odometer: 'can-bus',
  battery: 'can-bus',
  'cab-temperature': 'can-bus',
};

/** The `metrics` object of one asset as the service sends it (null when nothing was collected). */
export function metricsFor(unit: UnitDescriptor, state: UnitState): Record<string, Metric> | null {
  if (!unit.hasMetrics) return null;
  const out: Record<string, Metric> = {};
  // Most metrics of one report share a handful of timestamps: format each once.
  const stamps = new Map<number, string>();
  const stamp = (ms: number): string => {
    let text = stamps.get(ms);
    if (text === undefined) {
      text = iso(ms, unit.fractionalTimestamps);
      stamps.set(ms, text);
    }
    return text;
  };
  const add = (name: string, value: unknown, collectedKey = name, other: Record<string, unknown> = {}): void => {
    out[name] = {
      value,
      meta: { collectedOn: stamp(state.collectedOn[collectedKey]), source: SOURCE_BY_METRIC[collectedKey] ?? 'telematics-device', other },
    };
  };
  if (unit.hasGps) {
    add('gps', { lat: Math.round(state.lat * 1e6) / 1e6, lng: Math.round(state.lng * 1e6) / 1e6 }, 'gps', unit.index % 3 === 0 ? { accuracyM: 3 + (unit.index % 7) } : {});
    if (unit.type === 'thing') {
      add('speed', state.speedKmh);
      add('heading', state.heading);
      add('in-motion', state.inMotion);
      add('altitude', state.altitude);
    }
  }
  add('last-device-update', new Date(state.reportedAt).toISOString());
  add('time-zone', state.timeZone);
  add('address-region', state.region);
  add('geo-regions', state.geoRegions);
  if (unit.type === 'area') return out;

  if (unit.hasEngine) {
    add('ignition', state.ignition);
    add('fuel', state.fuelPct);
    add('engine-runtime', state.engineRuntimeMs);
    add('battery', state.battery);
  }
  if (unit.hasOdometer) add('odometer', state.odometerCm);
  for (let i = 0; i < unit.lightCount; i++) add(`${unit.lightsKey}${i + 1}-runtime`, state.lightsRuntimeMs[i], `lights${i + 1}-runtime`);
  if (unit.hasCab) add('cab-temperature', state.cabTemp);
  if (unit.hasSolar) add('solar-battery1', state.solarBattery);
  if (unit.category === 'generator') add('current1', state.current1);
  if (unit.hasInputs) state.inputs.forEach((on, i) => add(`input${i + 1}`, on));
  add('signal-strength', state.signal);
  add('device-battery', state.deviceBattery);
  if (state.ipEndpoint) add('ip-endpoint', state.ipEndpoint);
  return out;
}
