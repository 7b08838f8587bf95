import { SITE_KIND_LABELS, type AlertRules, type Asset, type SiteKind } from '../../contract';
import { weekTime, workingHoursBegan, workingMinutes } from './after-hours';
import type { AlertPlaces } from './places';
import { metricOf, type FindingSink, type RuleCheck } from './rule-check';
import { DEFAULT_TIME_ZONE } from './rules-schema';
import { shortZoneName } from './short-text';
import { AssetScope } from './scope';
import { positionOf } from './towed';
import { MINUTES_PER_WEEK, zoneClock, type ZoneClock } from './zoned-time';

const MINUTE_MS = 60_000;
/** No end of working hours within a week (every minute is working time). */
const NEVER = 0xffff;

/** For each minute of the week, the minutes until the next one outside working hours (0: it is outside). */
export function minutesUntilOff(working: Uint8Array): Uint16Array {
  const until = new Uint16Array(MINUTES_PER_WEEK).fill(NEVER);
  // Twice round the week, backwards, so a working stretch over Sunday midnight is counted too.
  let next = NEVER;
  for (let k = 2 * MINUTES_PER_WEEK - 1; k >= 0; k--) {
    const m = k % MINUTES_PER_WEEK;
    if (working[m] === 0) next = 0;
    else if (next !== NEVER) next = Math.min(next + 1, NEVER - 1);
    until[m] = next;
  }
  return until;
}

/**
 * Off its site outside working hours: a machine with a position that is on no site (or on
 * none of the chosen kinds) while it is outside the after-hours rule's working hours, in the
 * machine's own `time-zone` when it reports a known one. Raised when working hours end (or
 * when it leaves its site after them), cleared when it is back on a site or working hours
 * begin. A branch without sites raises nothing: every machine would be "off its site".
 */
export class OffSiteCheck implements RuleCheck {
  readonly rule = 'off-site';
  readonly timeCan = 'both';
  readonly scope: AssetScope;
  private readonly kinds: ReadonlySet<SiteKind> | null;
  private readonly workingWeek: Uint8Array;
  private readonly untilOff: Uint16Array;
  private readonly fallback: ZoneClock;
  private readonly zonesSeen = new Set<ZoneClock>();
  private now = Number.NaN;
  private previousNow = Number.NaN;
  private readonly kindsText: string;

  constructor(
    rule: AlertRules['offSite'],
    hours: AlertRules['afterHours'],
    private readonly places: AlertPlaces,
    now: number,
  ) {
    this.scope = new AssetScope(rule.scope);
    this.kinds = rule.siteKinds.length > 0 ? new Set(rule.siteKinds) : null;
    this.kindsText = rule.siteKinds.map((k) => SITE_KIND_LABELS[k].toLowerCase()).join(' or ');
    this.workingWeek = workingMinutes(hours.schedule);
    this.untilOff = minutesUntilOff(this.workingWeek);
    this.fallback = zoneClock(hours.timeZone) ?? zoneClock(DEFAULT_TIME_ZONE) ?? zoneClock('UTC')!;
    this.zonesSeen.add(this.fallback);
    this.prepare(now);
  }

  prepare(now: number): void {
    this.previousNow = this.now;
    this.now = now;
  }

  /** When working hours end for this machine, if it is off its site now (NaN: not off site, or never). */
  raisesAt(asset: Asset): number {
    if (!this.offSite(asset) || !this.scope.includes(asset)) return Number.NaN;
    const until = this.untilOff[this.clockOf(asset).minuteOfWeek(this.now)];
    if (until === 0 || until === NEVER) return Number.NaN;
    return (Math.floor(this.now / MINUTE_MS) + until) * MINUTE_MS;
  }

  /** Working hours began, in a zone seen, since the previous evaluation. */
  timeMayClear(): boolean {
    return workingHoursBegan(this.workingWeek, this.zonesSeen, this.now, this.previousNow);
  }

  check(asset: Asset, _previous: Asset | undefined, sink: FindingSink): void {
    if (!this.offSite(asset)) return;
    const clock = this.clockOf(asset);
    const minute = clock.minuteOfWeek(this.now);
    if (this.workingWeek[minute] === 1) return;
    if (sink.isOpen('')) {
      sink.hold('');
      return;
    }
    const where = this.kinds === null ? 'Off its site' : `Not on a site (${this.kindsText})`;
    sink.active('', `${where} outside working hours (${weekTime(minute)} ${shortZoneName(clock.zone)})`, null, new Date(this.now).toISOString());
  }

  private offSite(asset: Asset): boolean {
    if (!this.places.hasSites() || positionOf(asset) === null) return false;
    const site = this.places.siteOf(asset.assetId);
    return site === null || (this.kinds !== null && !this.kinds.has(site.kind));
  }

  private clockOf(asset: Asset): ZoneClock {
    const zone = metricOf(asset, 'time-zone')?.value;
    const clock = (typeof zone === 'string' ? zoneClock(zone) : null) ?? this.fallback;
    this.zonesSeen.add(clock);
    return clock;
  }
}

export function offSiteCheck(rule: AlertRules['offSite'], hours: AlertRules['afterHours'], places: AlertPlaces, now: number): RuleCheck {
  return new OffSiteCheck(rule, hours, places, now);
}
