import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultAlertRules, demoSchedule, parseAlertRules, weekdaySchedule } from '../../../../src-main/core/alerts/rules-schema';
import { AlertRulesStore, RULES_FOLDER } from '../../../../src-main/core/alerts/rules-store';
import { makeTempDir } from '../../../fixtures/store/temp-dir';
import { rulesRefusal } from '../../../fixtures/alerts/rules-refusal';

let dir: string;
let cleanup: () => void;
beforeEach(() => ({ dir, cleanup } = makeTempDir('fleet-rules-')));
afterEach(() => cleanup());

const refusal = rulesRefusal;

describe('alert rules', () => {
  it('start with every kind on but maintenance, 15 %, 60 min, weekdays 07:00–18:00 in America/Denver', () => {
    const rules = defaultAlertRules();
    expect([rules.lowFuel.enabled, rules.stale.enabled, rules.afterHours.enabled, rules.region.enabled, rules.maintenance.enabled]).toEqual([true, true, true, true, false]);
    expect([rules.lowFuel.belowPercent, rules.stale.afterMin, rules.afterHours.timeZone, rules.quiet]).toEqual([15, 60, 'America/Denver', false]);
    expect(rules.afterHours.schedule).toEqual(weekdaySchedule());
    // The demo branch works every day (its simulated shifts run from 06:00 to 19:45 local).
    expect(defaultAlertRules({ demo: true }).afterHours.schedule).toEqual(demoSchedule());
    expect(parseAlertRules(rules)).toEqual(rules);
  });

  it('are refused with a message for people and the path of the field', () => {
    const rules = defaultAlertRules();
    expect(refusal({ ...rules, lowFuel: { ...rules.lowFuel, belowPercent: 0 } }).message).toBe('Fuel threshold must be a whole number of percent from 1 to 99.');
    expect(refusal({ ...rules, stale: { ...rules.stale, afterMin: 1.5 } }).message).toBe('Minutes without a report must be a whole number from 1 to 10,080 (a week).');
    const period = refusal({ ...rules, afterHours: { ...rules.afterHours, schedule: [{ day: 7, start: '07:00', end: '18:00' }] } });
    expect([period.message, period.path]).toEqual(['A working day must be 0 (Sunday) to 6 (Saturday).', 'afterHours.schedule.0.day']);
    expect(refusal({ ...rules, afterHours: { ...rules.afterHours, schedule: [{ day: 1, start: '7:00', end: '18:00' }] } }).message).toBe('Monday: enter start and end as hours and minutes, e.g. 07:00 and 17:30 (24:00 for midnight).');
    const dup = { id: 'a', metric: 'odometer', dueAt: 5, scope: rules.lowFuel.scope };
    expect(refusal({ ...rules, maintenance: { enabled: true, thresholds: [dup, dup] } }).message).toBe('Each maintenance threshold needs its own id.');
    expect(refusal({ ...rules, region: { ...rules.region, regions: ['region:\u0000UT'] } }).message).toContain('control characters');
    expect(refusal({ ...rules, lowFuel: { ...rules.lowFuel, scope: { categories: [], assetIds: ['truck 1'], selectionName: null } } }).message).toContain('thing:123');
    expect(refusal(null).kind).toBe('invalid-argument');
  });
});

describe('AlertRulesStore', () => {
  it('keeps each profile its own rules across runs, in a file without secrets', () => {
    const store = new AlertRulesStore(dir);
    expect(store.get('north', { demo: false })).toEqual(defaultAlertRules());
    const changed = { ...defaultAlertRules(), quiet: true, lowFuel: { ...defaultAlertRules().lowFuel, belowPercent: 20 } };
    store.set('north', changed);
    const again = new AlertRulesStore(dir);
    expect(again.get('north', { demo: false })).toEqual(changed);
    expect(again.get('south', { demo: false })).toEqual(defaultAlertRules());
    expect(JSON.parse(readFileSync(join(dir, RULES_FOLDER, 'north.json'), 'utf8'))).toEqual({ ...changed, changes: {} });
  });

  it('keeps who changed each rule and when, beside the rules and across runs, for the rules whose value changed', () => {
    const store = new AlertRulesStore(dir);
    const before = defaultAlertRules();
    store.set('north', { ...before, quiet: true, lowFuel: { ...before.lowFuel, belowPercent: 20 } }, { by: 'Ana', at: '2026-03-10T10:42:00.000Z', previous: before });
    const again = new AlertRulesStore(dir);
    // Quiet mode is this desk's own and no rule: only the low-fuel rule counts as changed.
    expect(again.changes('north')).toEqual({ lowFuel: { by: 'Ana', at: '2026-03-10T10:42:00.000Z' } });
    again.setRule('north', 'stale', { ...before.stale, afterMin: 90 }, { by: 'Ben', at: '2026-03-10T10:43:00.000Z' }, { demo: false });
    const third = new AlertRulesStore(dir);
    expect(third.get('north', { demo: false }).stale.afterMin).toBe(90);
    expect(third.get('north', { demo: false }).lowFuel.belowPercent).toBe(20);
    expect(Object.keys(third.changes('north')).sort()).toEqual(['lowFuel', 'stale']);
  });

  it('a rule from another desk is checked like any other before it is kept', () => {
    const store = new AlertRulesStore(dir);
    const before = defaultAlertRules();
    expect(() => store.setRule('north', 'lowFuel', { ...before.lowFuel, belowPercent: 0 }, { by: 'Ben', at: '2026-03-10T10:43:00.000Z' }, { demo: false })).toThrow(/Fuel threshold/);
    expect(store.get('north', { demo: false }).lowFuel.belowPercent).toBe(before.lowFuel.belowPercent);
  });

  it('refuses invalid rules and keeps the saved ones', () => {
    const store = new AlertRulesStore(dir);
    expect(() => store.set('north', { ...defaultAlertRules(), quiet: 'yes' })).toThrow('Quiet mode must be on or off.');
    expect(existsSync(join(dir, RULES_FOLDER, 'north.json'))).toBe(false);
    expect(store.get('north', { demo: false }).quiet).toBe(false);
  });

  it('keeps the valid rules of a damaged file, resets the others and says which', () => {
    mkdirSync(join(dir, RULES_FOLDER));
    const saved = { ...defaultAlertRules(), quiet: true, stale: { enabled: true, afterMin: -5, scope: defaultAlertRules().stale.scope } };
    writeFileSync(join(dir, RULES_FOLDER, 'north.json'), JSON.stringify(saved));
    const store = new AlertRulesStore(dir);
    const rules = store.get('north', { demo: false });
    expect(rules.quiet).toBe(true);
    expect(rules.stale.afterMin).toBe(60);
    expect(store.notice('north')).toBe('Some alert rules were invalid and reset to their defaults: stale.');
    writeFileSync(join(dir, RULES_FOLDER, 'south.json'), '{not json');
    expect(store.get('south', { demo: true })).toEqual(defaultAlertRules({ demo: true }));
    expect(store.notice('south')).toMatch(/could not be read/);
  });
});

describe('a deleted profile', () => {
  it('leaves no rules behind for a later profile of the same id', () => {
    const store = new AlertRulesStore(dir);
    const changed = { ...defaultAlertRules(), quiet: true };
    store.set('p-gone', changed);
    store.remove('p-gone');
    expect(store.get('p-gone', { demo: false }).quiet).toBe(false);
    expect(new AlertRulesStore(dir).get('p-gone', { demo: false }).quiet).toBe(false);
  });
});
