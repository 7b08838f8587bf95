/** Which field of a renderer row holds when a metric's reading was collected. */
import type { AssetRow } from '@contract';

/** When the row's reading of `metric` was collected (ms), or null (no reading, or a metric rows keep no time for). */
export function readingAt(row: AssetRow, metric: string): number | null {
  switch (metric) {
    case 'gps':
      return row.gpsAt;
    case 'fuel':
      return row.fuelAt;
    case 'ignition':
      return row.ignitionAt;
    case 'speed':
      return row.speedAt;
    case 'engine-runtime':
      return row.engineAt;
    case 'odometer':
      return row.odometerAt;
    default:
      return null;
  }
}
