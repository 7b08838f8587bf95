import { describe, expect, it } from 'vitest';
import type { Asset } from '../../../../src-main/contract';
import { normalizeAssetList } from '../../../../src-main/core/assets/asset-schema';
import { evaluateAlerts, ruleChecks } from '../../../../src-main/core/alerts/evaluate';
import { defaultAlertRules } from '../../../../src-main/core/alerts/rules-schema';
import { metresBetween, positionOf } from '../../../../src-main/core/alerts/towed';
import { AssetListRenderer } from '../../../../src-main/demo/asset-list';
import { EmbedSigner } from '../../../../src-main/demo/embed/signer';
import { DEMO_JOB_SITES, DEMO_SITE_PLACES, DEMO_YARDS, type DemoSitePlace } from '../../../../src-main/demo/geography';
import { FleetSimulation, PLACE_TIMES } from '../../../../src-main/demo/sim';

const START = Date.UTC(2026, 2, 10, 18, 30, 7); // a Tuesday, 12:30 in Denver
const MINUTE = 60_000;
const DAY = 86_400_000;

function listAt(sim: FleetSimulation, ms: number): Asset[] {
  const renderer = new AssetListRenderer(sim, new EmbedSigner(), 'http://127.0.0.1:9');
  return normalizeAssetList(JSON.parse(renderer.render(ms)), new Date(ms)).assets;
}

const byId = (assets: Asset[]) => new Map(assets.map((a) => [a.assetId, a]));

/** The demo site a position lies in (circles), or null. */
function siteAt(asset: Asset | undefined): DemoSitePlace | null {
  const at = positionOf(asset);
  if (!at) return null;
  return DEMO_SITE_PLACES.find((site) => metresBetween(at, [site.lng, site.lat]) <= site.radiusM) ?? null;
}

const engineMs = (asset: Asset | undefined) => asset?.metrics?.['engine-runtime']?.value as number;

describe('the place scenario of the demo', () => {
  const sim = new FleetSimulation(7, 40, { scenarioStart: START });
  const roles = sim.scenario!.places;
  const idOf = (index: number) => sim.equipment[index].assetId;

  it('picks four different engine machines (not trucks), apart from the alert scenario units, in small and large fleets', () => {
    for (const count of [25, 40, 500]) {
      const s = new FleetSimulation(7, count, { scenarioStart: START }).scenario!;
      const units = new FleetSimulation(7, count).equipment;
      const picked = [s.places.delivered, s.places.pickedUp, s.places.idle, s.places.towed];
      expect(picked.every((i) => i >= 0)).toBe(true);
      expect(new Set([...picked, s.lowFuel, s.afterHours, s.leavesRegion, s.silent]).size).toBe(8);
      for (const i of picked) {
        expect([units[i].hasEngine, units[i].hasGps]).toEqual([true, true]);
        expect(['dump truck', 'service truck']).not.toContain(units[i].category);
      }
    }
  });

  it('lays its sites apart: no yard or job site overlaps another', () => {
    for (const [i, a] of DEMO_SITE_PLACES.entries()) {
      for (const b of DEMO_SITE_PLACES.slice(i + 1)) expect(metresBetween([a.lng, a.lat], [b.lng, b.lat]), `${a.name} / ${b.name}`).toBeGreaterThan(a.radiusM + b.radiusM);
    }
  });

  it('delivers a machine from a yard into a job site, with its engine run on and off the carrier, raising no tow', () => {
    const before = byId(listAt(sim, START + 30_000)).get(idOf(roles.delivered));
    const after = byId(listAt(sim, START + PLACE_TIMES.delivery.parkAfterMs + MINUTE)).get(idOf(roles.delivered));
    expect(siteAt(before)?.kind).toBe('yard');
    expect(DEMO_YARDS).toContain(siteAt(before));
    expect(siteAt(after)).toBe(DEMO_JOB_SITES[0]);
    expect(engineMs(after)).toBeGreaterThan(engineMs(before));
    expect(after?.metrics?.ignition.value).toBe(false);
    // Driven onto the carrier with its own engine.
    const loading = byId(listAt(sim, START + PLACE_TIMES.delivery.loadAfterMs + 1000)).get(idOf(roles.delivered));
    expect([loading?.metrics?.ignition.value, siteAt(loading)?.kind]).toEqual([true, 'yard']);
    // On the carrier the device is silent: the list still shows the yard.
    const riding = byId(listAt(sim, START + 2 * MINUTE)).get(idOf(roles.delivered));
    expect(siteAt(riding)?.kind).toBe('yard');
  });

  it('picks a machine up from a job site and brings it to a yard', () => {
    const before = byId(listAt(sim, START + MINUTE)).get(idOf(roles.pickedUp));
    const after = byId(listAt(sim, START + PLACE_TIMES.pickUp.parkAfterMs + MINUTE)).get(idOf(roles.pickedUp));
    expect(siteAt(before)).toBe(DEMO_JOB_SITES[1]);
    expect(siteAt(after)?.kind).toBe('yard');
  });

  it('leaves one machine idle on a finished job for days: there, ignition off, its engine time standing still', () => {
    const days = [-4, -1, 0, 2].map((d) => byId(listAt(sim, START + d * DAY + 10 * MINUTE)).get(idOf(roles.idle)));
    for (const asset of days) {
      expect(siteAt(asset)).toBe(DEMO_JOB_SITES[2]);
      expect(asset?.metrics?.ignition.value).toBe(false);
    }
    expect(new Set(days.map(engineMs)).size).toBe(1);
  });

  it('tows one machine with its ignition off within minutes: the only "moved with the ignition off" alert of the fleet', () => {
    const rules = defaultAlertRules({ demo: true });
    let previous = listAt(sim, START);
    const raised: { assetId: string; message: string; minute: number }[] = [];
    for (let minute = 1; minute <= 60; minute++) {
      const now = START + minute * MINUTE;
      const list = listAt(sim, now);
      const result = evaluateAlerts({ checks: ruleChecks(rules, now), assets: list, previous: byId(previous), open: new Map(), now });
      for (const g of result.raise) if (g.shown.rule === 'towed') raised.push({ assetId: g.shown.assetId, message: g.shown.message, minute });
      previous = list;
    }
    expect(raised.length).toBeGreaterThan(0);
    expect(new Set(raised.map((r) => r.assetId))).toEqual(new Set([idOf(roles.towed)]));
    expect(raised[0].minute).toBeLessThanOrEqual(4);
    expect(raised[0].message).toMatch(/^Moved \d+ m with the ignition off between 0[1-3]:\d\d and 0[1-3]:\d\d$/);
    const parked = byId(listAt(sim, START + 10 * MINUTE)).get(idOf(roles.towed));
    expect(siteAt(parked)).toBeNull();
    expect(siteAt(byId(listAt(sim, START)).get(idOf(roles.towed)))).toBe(DEMO_JOB_SITES[3]);
  });

  it('keeps report times moving forward through the rides', () => {
    for (const index of [roles.delivered, roles.pickedUp, roles.towed]) {
      let previous = 0;
      for (let t = START - 3_600_000; t < START + 4 * 3_600_000; t += 7_000) {
        const at = sim.reportedAt(sim.equipment[index], t);
        expect(at).toBeGreaterThanOrEqual(previous);
        expect(at).toBeLessThanOrEqual(t);
        previous = at;
      }
    }
  });
});
