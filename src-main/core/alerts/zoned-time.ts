/**
 * Local weekday and time of day in an IANA zone, DST-correct, without building an Intl
 * formatter per asset: one formatter per zone, and the zone's UTC offset remembered per
 * quarter hour (checked at both ends of the quarter, so a daylight-saving change inside it
 * is computed exactly instead of guessed).
 */

const QUARTER_MS = 15 * 60_000;
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** Distinct zone names remembered (service data may carry any text in `time-zone`). */
const MAX_ZONES = 500;
/** Quarter hours remembered per zone; one evaluation uses a handful. */
const MAX_QUARTERS = 256;
/** A quarter hour whose start and end offsets differ: the offset is computed per instant. */
const CHANGES_INSIDE = Number.NaN;

export const MINUTES_PER_WEEK = 7 * 1440;

export class ZoneClock {
  private readonly quarters = new Map<number, number>();

  constructor(
    readonly zone: string,
    private readonly format: Intl.DateTimeFormat,
  ) {}

  /** Milliseconds to add to a UTC instant to get the zone's wall-clock time. */
  offsetAt(ms: number): number {
    const quarter = Math.floor(ms / QUARTER_MS);
    let offset = this.quarters.get(quarter);
    if (offset === undefined) {
      const start = quarter * QUARTER_MS;
      const atStart = this.exactOffset(start);
      offset = this.exactOffset(start + QUARTER_MS - 1000) === atStart ? atStart : CHANGES_INSIDE;
      if (this.quarters.size >= MAX_QUARTERS) this.quarters.clear();
      this.quarters.set(quarter, offset);
    }
    return Number.isNaN(offset) ? this.exactOffset(ms) : offset;
  }

  /** Minutes since the start of the local week (Sunday 00:00) at an instant: day × 1440 + minute of day. */
  minuteOfWeek(ms: number): number {
    const local = ms + this.offsetAt(ms);
    const days = Math.floor(local / DAY_MS);
    // 1970-01-01 was a Thursday (day 4).
    const weekday = (((days + 4) % 7) + 7) % 7;
    const minuteOfDay = Math.floor((local - days * DAY_MS) / MINUTE_MS);
    return weekday * 1440 + minuteOfDay;
  }

  private exactOffset(ms: number): number {
    const whole = Math.floor(ms / 1000) * 1000;
    let year = 0;
    let month = 0;
    let day = 0;
    let hour = 0;
    let minute = 0;
    let second = 0;
    for (const part of this.format.formatToParts(whole)) {
      switch (part.type) {
        case 'year': year = Number(part.value); break;
        case 'month': month = Number(part.value); break;
        case 'day': day = Number(part.value); break;
        case 'hour': hour = Number(part.value) % 24; break;
        case 'minute': minute = Number(part.value); break;
        case 'second': second = Number(part.value); break;
        default: break;
      }
    }
    const wall = Date.UTC(year, month - 1, day, hour, minute, second);
    // Years before 100 would be mapped to 19xx by Date.UTC; such instants are not fleet data.
    return wall - whole;
  }
}

const clocks = new Map<string, ZoneClock | null>();

/** The clock of an IANA zone, or null when the name is not a zone this runtime knows. */
export function zoneClock(zone: string): ZoneClock | null {
  const known = clocks.get(zone);
  if (known !== undefined) return known;
  let clock: ZoneClock | null = null;
  if (zone.length > 0 && zone.length <= 64) {
    try {
      const format = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
      clock = new ZoneClock(zone, format);
    } catch {
      clock = null; // RangeError: not a time zone
    }
  }
  if (clocks.size >= MAX_ZONES) clocks.clear();
  clocks.set(zone, clock);
  return clock;
}

export function isTimeZone(zone: string): boolean {
  return zoneClock(zone) !== null;
}
