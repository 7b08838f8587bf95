import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultAlertRules, parseAlertRules } from '../../../../src-main/core/alerts/rules-schema';
import { AlertRulesStore, RULES_FOLDER } from '../../../../src-main/core/alerts/rules-store';
import { makeTempDir } from '../../../fixtures/store/temp-dir';
import { rulesRefusal } from '../../../fixtures/alerts/rules-refusal';

let dir: string;
let cleanup: () => void;
beforeEach(() => ({ dir, cleanup } = makeTempDir('fleet-place-rules-')));
afterEach(() => cleanup());

const refusal = rulesRefusal;

/** A rules file as Fleet Desk wrote it before the place rules existed. */
function rulesWithoutPlaces(): Record<string, unknown> {
  const { site: _site, towed: _towed, offSite: _offSite, ...older } = defaultAlertRules();
  return { ...older, quiet: true, lowFuel: { ...older.lowFuel, belowPercent: 22 } };
}

describe('place alert rules', () => {
  it('start with site changes and towing on (300 m), off site after hours off (it needs sites wherever machines park)', () => {
    const rules = defaultAlertRules();
    expect([rules.site.enabled, rules.site.on, rules.site.siteKinds, rules.site.siteIds]).toEqual([true, 'both', [], []]);
    expect([rules.towed.enabled, rules.towed.minMetres]).toEqual([true, 300]);
    expect([rules.offSite.enabled, defaultAlertRules({ demo: true }).offSite.enabled]).toEqual([false, false]);
    expect(parseAlertRules(rules)).toEqual(rules);
  });

  it('load from a file saved before they existed, keeping every saved rule and raising no notice', () => {
    const folder = join(dir, RULES_FOLDER);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'north.json'), JSON.stringify(rulesWithoutPlaces()));
    const store = new AlertRulesStore(dir);
    const rules = store.get('north', { demo: false });
    expect([rules.quiet, rules.lowFuel.belowPercent]).toEqual([true, 22]);
    expect([rules.site, rules.towed, rules.offSite]).toEqual([defaultAlertRules().site, defaultAlertRules().towed, defaultAlertRules().offSite]);
    expect(store.notice('north')).toBeNull();
    // A copy sent whole by an older Fleet Desk (the room, a call) is accepted too.
    expect(parseAlertRules(rulesWithoutPlaces()).towed.minMetres).toBe(300);
  });

  it('are refused with messages for people', () => {
    const rules = defaultAlertRules();
    const towed = (minMetres: unknown) => refusal({ ...rules, towed: { ...rules.towed, minMetres } });
    const distance = 'Moved with the ignition off: enter a distance from 50 m to 50,000 m.';
    expect([towed(49).message, towed(50_001).message, towed(120.5).message, towed('300').message]).toEqual([distance, distance, distance, distance]);
    expect(towed(49).path).toBe('towed.minMetres');
    expect(parseAlertRules({ ...rules, towed: { ...rules.towed, minMetres: 50 } }).towed.minMetres).toBe(50);
    expect(refusal({ ...rules, site: { ...rules.site, siteKinds: ['yard', 'depot'] } }).message).toBe('A site kind is yard, job site, customer, restricted or other.');
    expect(refusal({ ...rules, offSite: { ...rules.offSite, siteKinds: ['yard', 'yard'] } }).message).toBe('Tick each site kind once.');
    expect(refusal({ ...rules, site: { ...rules.site, siteIds: ['North yard'] } }).message).toBe('A chosen site is no longer a known site; untick it.');
    const many = Array.from({ length: 201 }, (_, i) => `s-${String(i).padStart(8, '0')}`);
    expect(refusal({ ...rules, site: { ...rules.site, siteIds: many } }).message).toBe('At most 200 sites can be chosen.');
    expect(refusal({ ...rules, site: { ...rules.site, on: 'arrive' } }).message).toBe('Site alerts are raised on entering, leaving, or both.');
    expect(refusal({ ...rules, towed: { ...rules.towed, speed: 3 } }).message).toBe('The moved-with-ignition-off rule has a field Fleet Desk does not know.');
  });
});
