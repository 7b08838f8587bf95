/**
 * Times in an export as a spreadsheet reads them ("2026-03-01 11:00:00"), in UTC or in a
 * named zone. A zone the host does not know falls back to UTC, named as such, so an export
 * never fails on a setting.
 */

/** The host's own zone: the dispatcher's clock. */
export function hostTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The zone itself when Intl knows it, else UTC. */
export function usableZone(zone: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
}

/** Formats an instant as "YYYY-MM-DD HH:mm:ss" in one zone; one Intl formatter per export. */
export function wallClockFormatter(zone: string): (ms: number) => string {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  return (ms) => {
    const part: Record<string, string> = {};
    for (const { type, value } of format.formatToParts(ms)) part[type] = value;
    return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}`;
  };
}
