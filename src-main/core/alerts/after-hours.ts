import type { AlertRules, Asset, Metric, WorkingPeriod } from '../../contract';
import { metricOf, numberOf, type FindingSink, type RuleCheck } from './rule-check';
import { DEFAULT_TIME_ZONE } from './rules-schema';
import { AssetScope } from './scope';
import { MINUTES_PER_WEEK, zoneClock, type ZoneClock } from './zoned-time';
import { shortZoneName } from './short-text';

const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The weekly schedule as one flag per minute of the week (Sunday 00:00 = 0). */
export function workingMinutes(schedule: readonly WorkingPeriod[]): Uint8Array {
  const minutes = new Uint8Array(MINUTES_PER_WEEK);
  for (const period of schedule) {
    const start = period.day * 1440 + clockMinutes(period.start);
    const end = period.day * 1440 + clockMinutes(period.end);
    minutes.fill(1, start, end);
  }
  return minutes;
}

function clockMinutes(clock: string): number {
  return Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
}

/** "Sat 23:14" from a minute of the week. */
export function weekTime(minuteOfWeek: number): string {
  const day = Math.floor(minuteOfWeek / 1440);
  const minute = minuteOfWeek % 1440;
  return `${DAY_NAMES[day]} ${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}

/**
 * Whether working hours began, in any of these zones, between the previous evaluation and
 * this one (always true at the first): only then can time alone clear an alert held
 * outside working hours.
 */
export function workingHoursBegan(workingWeek: Uint8Array, zones: Iterable<ZoneClock>, now: number, previousNow: number): boolean {
  if (Number.isNaN(previousNow)) return true;
  for (const clock of zones) {
    if (workingWeek[clock.minuteOfWeek(now)] === 1 && workingWeek[clock.minuteOfWeek(previousNow)] === 0) return true;
  }
  return false;
}

/**
 * In use (ignition on, or moving: `in-motion` or speed above 0) at a time outside the
 * working hours, in the asset's own `time-zone` when it reports a known one, else the
 * rule's zone. Once raised, the alert stays open until working hours begin again, so an
 * engine switched on and off through the night is one alert, not one per start.
 */
export class AfterHoursCheck implements RuleCheck {
  readonly rule = 'after-hours';
  readonly timeCan = 'clear';
  readonly scope: AssetScope;
  private readonly workingWeek: Uint8Array;
  private readonly fallback: ZoneClock;
  private readonly watchIgnition: boolean;
  private readonly watchMotion: boolean;
  /** Whether it is working time now, once per zone and evaluation. */
  private readonly workingNow = new Map<ZoneClock, boolean>();

  private now = Number.NaN;
  private previousNow = Number.NaN;
  /** Every zone this check has used, so it can tell whether working hours began in any. */
  private readonly zonesSeen = new Set<ZoneClock>();
  private lastZone = '';
  private lastClock: ZoneClock;

  constructor(rule: AlertRules['afterHours'], now: number) {
    this.scope = new AssetScope(rule.scope);
    this.workingWeek = workingMinutes(rule.schedule);
    this.fallback = zoneClock(rule.timeZone) ?? zoneClock(DEFAULT_TIME_ZONE) ?? zoneClock('UTC')!;
    this.watchIgnition = rule.trigger !== 'moving';
    this.watchMotion = rule.trigger !== 'ignition';
    this.lastClock = this.fallback;
    this.zonesSeen.add(this.fallback);
    this.prepare(now);
  }

  prepare(now: number): void {
    this.previousNow = this.now;
    this.now = now;
    this.workingNow.clear();
  }

  /**
   * An open alert of an asset that sent nothing new can clear only in a zone where it is
   * working time now and was not at the previous evaluation: an evaluation in working time
   * clears every alert its data no longer holds, so what stays open is held by data (used
   * outside hours) that has not changed, whatever happened in between.
   */
  timeMayClear(): boolean {
    return workingHoursBegan(this.workingWeek, this.zonesSeen, this.now, this.previousNow);
  }

  check(asset: Asset, _previous: Asset | undefined, sink: FindingSink): void {
    const open = sink.isOpen('');
    // Outside working hours an open alert stays open, whatever the machine reports now.
    if (open && !this.isWorkingNow(this.clockOf(asset))) {
      sink.hold('');
      return;
    }
    let used: Metric | undefined;
    let what: 'ignition' | 'moving' = 'ignition';
    if (this.watchIgnition) {
      const ignition = metricOf(asset, 'ignition');
      if (ignition?.value === true) used = ignition;
    }
    if (!used && this.watchMotion) {
      what = 'moving';
      const motion = metricOf(asset, 'in-motion');
      const speed = metricOf(asset, 'speed');
      if (motion?.value === true) used = motion;
      else if ((numberOf(speed) ?? 0) > 0) used = speed;
    }
    if (!used) return;
    const usedMs = Date.parse(used.meta?.collectedOn);
    if (Number.isNaN(usedMs)) return;
    const clock = this.clockOf(asset);
    const usedAt = clock.minuteOfWeek(usedMs);
    if (this.workingWeek[usedAt] === 1) return;
    // Used outside working hours (an open alert here is one seen in use before work began).
    if (open) sink.hold('');
    else sink.active('', `${what === 'ignition' ? 'Ignition on' : 'Moving'} ${weekTime(usedAt)} (${shortZoneName(clock.zone)}), outside working hours`, what, new Date(usedMs).toISOString());
  }

  private clockOf(asset: Asset): ZoneClock {
    const zone = metricOf(asset, 'time-zone')?.value;
    if (typeof zone !== 'string') return this.fallback;
    // A fleet is mostly in one zone: comparing with the last name is cheaper than a look-up.
    if (zone !== this.lastZone) {
      this.lastZone = zone;
      this.lastClock = zoneClock(zone) ?? this.fallback;
      this.zonesSeen.add(this.lastClock);
    }
    return this.lastClock;
  }

  private isWorkingNow(clock: ZoneClock): boolean {
    let working = this.workingNow.get(clock);
    if (working === undefined) this.workingNow.set(clock, (working = this.workingWeek[clock.minuteOfWeek(this.now)] === 1));
    return working;
  }
}

export function afterHoursCheck(rule: AlertRules['afterHours'], now: number): RuleCheck {
  return new AfterHoursCheck(rule, now);
}
