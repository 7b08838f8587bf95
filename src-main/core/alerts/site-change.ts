import type { AlertRules, Asset, SiteKind } from '../../contract';
import type { AlertPlaces, AlertSite, SiteMemory } from './places';
import { collectedAt, metricOf, type FindingSink, type RuleCheck } from './rule-check';
import { AssetScope } from './scope';
import { positionOf } from './towed';

const ENTER = 'enter:';
const LEAVE = 'leave:';

function samePosition(a: Asset | undefined, b: Asset): boolean {
  const from = positionOf(a);
  const to = positionOf(b);
  return from !== null && to !== null && from[0] === to[0] && from[1] === to[1];
}

/**
 * Entered or left a site: the site a machine is on differs from the one it was on when this
 * rule last looked, and the machine itself moved (a site drawn around a parked machine is no
 * arrival). Like the region rule, `enter:<site>` stays open while the machine stays on the
 * site and `leave:<site>` while it stays off it, so one stay is one alert and coming back
 * clears it. A machine seen for the first time (at a start) is only remembered.
 */
export class SiteChangeCheck implements RuleCheck {
  readonly rule = 'site';
  readonly timeCan = 'nothing';
  readonly scope: AssetScope;
  private readonly kinds: ReadonlySet<SiteKind> | null;
  private readonly ids: ReadonlySet<string> | null;
  private readonly onEnter: boolean;
  private readonly onLeave: boolean;

  constructor(
    rule: AlertRules['site'],
    private readonly places: AlertPlaces,
    private readonly memory: SiteMemory,
  ) {
    this.scope = new AssetScope(rule.scope);
    this.kinds = rule.siteKinds.length > 0 ? new Set(rule.siteKinds) : null;
    this.ids = rule.siteIds.length > 0 ? new Set(rule.siteIds) : null;
    this.onEnter = rule.on !== 'leave';
    this.onLeave = rule.on !== 'enter';
  }

  prepare(): void {}

  check(asset: Asset, previous: Asset | undefined, sink: FindingSink): void {
    const id = asset.assetId;
    const here = this.places.siteOf(id);
    const seen = this.memory.has(id);
    const before = this.memory.get(id);
    this.memory.set(id, here);
    if (seen && (before?.id ?? null) !== (here?.id ?? null) && previous !== undefined && !samePosition(previous, asset)) {
      const at = collectedAt(metricOf(asset, 'gps'));
      if (at !== null) {
        if (this.onLeave && before && this.wanted(before)) sink.active(LEAVE + before.id, `Left ${before.name}`, before.name, at);
        if (this.onEnter && here && this.wanted(here)) sink.active(ENTER + here.id, `Entered ${here.name}`, here.name, at);
      }
    }
    for (const key of sink.openKeys()) {
      if (key.startsWith(ENTER) ? here?.id === key.slice(ENTER.length) : key.startsWith(LEAVE) && here?.id !== key.slice(LEAVE.length)) sink.hold(key);
    }
  }

  private wanted(site: AlertSite): boolean {
    if (this.kinds === null && this.ids === null) return true;
    return (this.kinds?.has(site.kind) ?? false) || (this.ids?.has(site.id) ?? false);
  }
}

export function siteChangeCheck(rule: AlertRules['site'], places: AlertPlaces, memory: SiteMemory): RuleCheck {
  return new SiteChangeCheck(rule, places, memory);
}
