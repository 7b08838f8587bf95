/** The time zones offered for the working-hours schedule: every zone this runtime knows. */
export function timeZoneChoices(current: string): string[] {
  let zones: string[];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  if (!zones.includes('UTC')) zones = ['UTC', ...zones];
  // A zone saved earlier (or by another runtime) stays choosable even when not listed here.
  if (current && !zones.includes(current)) zones = [current, ...zones];
  return zones;
}
