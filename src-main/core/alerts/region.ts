import { regionCodeText, type AlertRules, type Asset } from '../../contract';
import { NO_PLACES, type AlertPlaces } from './places';
import { collectedAt, metricOf, type FindingSink, type RuleCheck } from './rule-check';
import { AssetScope } from './scope';

const ENTER = 'enter:';
const LEAVE = 'leave:';

/** The `geo-regions` list, or null when it is missing or not a list of text. */
export function regionsOf(asset: Asset | undefined): readonly string[] | null {
  const value = metricOf(asset, 'geo-regions')?.value;
  if (!Array.isArray(value)) return null;
  for (const item of value) if (typeof item !== 'string') return null;
  return value as string[];
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Entered or left a region: the `geo-regions` list differs from the previous snapshot's.
 * Key `enter:<code>` holds while the asset stays in the region, `leave:<code>` while it
 * stays out, so coming back clears it. Without a previous list nothing is known to have
 * changed; a missing list keeps what is open.
 */
export class RegionCheck implements RuleCheck {
  readonly rule = 'region';
  readonly timeCan = 'nothing';
  readonly scope: AssetScope;
  private readonly chosen: ReadonlySet<string> | null;
  private readonly onEnter: boolean;
  private readonly onLeave: boolean;

  constructor(
    rule: AlertRules['region'],
    private readonly places: AlertPlaces = NO_PLACES,
  ) {
    this.scope = new AssetScope(rule.scope);
    this.chosen = rule.regions.length > 0 ? new Set(rule.regions.map((r) => r.toLowerCase())) : null;
    this.onEnter = rule.on !== 'leave';
    this.onLeave = rule.on !== 'enter';
  }

  prepare(): void {}

  check(asset: Asset, previous: Asset | undefined, sink: FindingSink): void {
    const current = regionsOf(asset);
    const before = regionsOf(previous);
    const at = current && before && !sameList(current, before) ? collectedAt(metricOf(asset, 'geo-regions')) : null;
    if (current && before && at) {
      if (this.onEnter) {
        for (const code of current) if (!before.includes(code) && this.wanted(code)) sink.active(ENTER + code, `Entered ${this.nameOf(code)}`, code, at);
      }
      if (this.onLeave) {
        for (const code of before) if (!current.includes(code) && this.wanted(code)) sink.active(LEAVE + code, `Left ${this.nameOf(code)}`, code, at);
      }
    }
    for (const key of sink.openKeys()) {
      if (current === null) sink.hold(key);
      else if (key.startsWith(ENTER) ? current.includes(key.slice(ENTER.length)) : key.startsWith(LEAVE) && !current.includes(key.slice(LEAVE.length))) {
        sink.hold(key);
      }
    }
  }

  /** The name of the site standing for the code, else the code as people read it. */
  private nameOf(code: string): string {
    return this.places.siteForRegion(code)?.name || regionCodeText(code);
  }

  private wanted(code: string): boolean {
    return this.chosen === null || this.chosen.has(code.toLowerCase());
  }
}

export function regionCheck(rule: AlertRules['region'], places: AlertPlaces = NO_PLACES): RuleCheck {
  return new RegionCheck(rule, places);
}
