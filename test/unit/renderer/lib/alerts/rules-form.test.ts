import { describe, expect, it } from 'vitest';
import { mergeRulesEdit, normalizeRegion, periodForm, toRulesForm, validateRulesForm, type RulesForm } from '../../../../../src-renderer/src/lib/alerts/rules-form';
import { rules } from '../../views/alerts/alert-fixtures';

function form(patch: (f: RulesForm) => void = () => {}): RulesForm {
  const f = toRulesForm(rules());
  patch(f);
  return f;
}

function errorsOf(f: RulesForm): Record<string, string> {
  const result = validateRulesForm(f);
  return result.ok ? {} : result.errors;
}

describe('rules form', () => {
  it('round-trips valid rules unchanged', () => {
    const original = rules({ maintenance: { enabled: true, thresholds: [{ id: 'mt-1', metric: 'odometer', dueAt: 15000.5, scope: { categories: ['Trucks'], assetIds: [], selectionName: null } }] } });
    const result = validateRulesForm(toRulesForm(original));
    expect(result).toEqual({ ok: true, rules: original });
  });

  it('checks thresholds at their edges with messages for people', () => {
    expect(errorsOf(form((f) => (f.lowFuel.belowPercent = '1')))).toEqual({});
    expect(errorsOf(form((f) => (f.lowFuel.belowPercent = '99')))).toEqual({});
    expect(errorsOf(form((f) => (f.lowFuel.belowPercent = '0')))['lowFuel.belowPercent']).toBe('Fuel threshold must be a whole number of percent from 1 to 99');
    expect(errorsOf(form((f) => (f.lowFuel.belowPercent = '12.5')))['lowFuel.belowPercent']).toBeDefined();
    expect(errorsOf(form((f) => (f.stale.afterMin = '10080')))).toEqual({});
    expect(errorsOf(form((f) => (f.stale.afterMin = '10081')))['stale.afterMin']).toBe('Minutes without a report must be a whole number from 1 to 10,080 (a week)');
    expect(errorsOf(form((f) => (f.stale.afterMin = 'soon')))['stale.afterMin']).toBeDefined();
  });

  it('checks the working schedule: format, end after start (24:00 allowed as an end), overlaps, and at least one period when on', () => {
    const bad = periodForm(2, '18:00', '07:00');
    expect(errorsOf(form((f) => f.afterHours.schedule.push(bad)))[`afterHours.schedule.${bad.key}`]).toBe('Tuesday: the end (07:00) must be after the start (18:00); split a night shift into two days');
    const typo = periodForm(6, '7am', '12:00');
    expect(errorsOf(form((f) => f.afterHours.schedule.push(typo)))[`afterHours.schedule.${typo.key}`]).toMatch(/^Saturday: enter start and end as hours and minutes/);
    expect(errorsOf(form((f) => f.afterHours.schedule.push(periodForm(6, '20:00', '24:00'))))).toEqual({});
    const overlap = periodForm(1, '16:00', '20:00');
    expect(errorsOf(form((f) => f.afterHours.schedule.push(overlap)))[`afterHours.schedule.${overlap.key}`]).toBe('Monday: 16:00–20:00 overlaps 07:00–17:00');
    expect(errorsOf(form((f) => (f.afterHours.schedule = [])))['afterHours.schedule']).toBe('Add at least one working period, or turn the after-hours rule off');
    expect(errorsOf(form((f) => ((f.afterHours.schedule = []), (f.afterHours.enabled = false))))).toEqual({});
  });

  it('refuses an unknown time zone', () => {
    expect(errorsOf(form((f) => (f.afterHours.timeZone = 'Mars/Olympus')))['afterHours.timeZone']).toBe('Choose a time zone from the list ("Mars/Olympus" is not one this computer knows)');
  });

  it('needs a category, or a named non-empty selection, for a limited scope', () => {
    expect(errorsOf(form((f) => (f.lowFuel.scope.mode = 'categories')))['lowFuel.scope']).toBe('Choose at least one category, or watch every asset');
    expect(errorsOf(form((f) => (f.stale.scope.mode = 'selection')))['stale.scope']).toMatch(/^Save a selection of assets first/);
    expect(errorsOf(form((f) => Object.assign(f.stale.scope, { mode: 'selection', assetIds: ['thing:1'] })))['stale.scope']).toBe('Give the saved selection a name');
    expect(errorsOf(form((f) => Object.assign(f.stale.scope, { mode: 'selection', assetIds: ['thing:1'], selectionName: 'Night\nshift' })))['stale.scope']).toMatch(/control characters/);
    const ok = validateRulesForm(form((f) => Object.assign(f.stale.scope, { mode: 'selection', categories: ['Trucks'], assetIds: ['thing:1'], selectionName: ' Night shift ' })));
    expect(ok.ok && ok.rules.stale.scope).toEqual({ categories: [], assetIds: ['thing:1'], selectionName: 'Night shift' });
  });

  it('checks maintenance thresholds', () => {
    expect(errorsOf(form((f) => (f.maintenance.enabled = true)))['maintenance.thresholds']).toBe('Add at least one maintenance threshold, or turn the maintenance rule off');
    const e = errorsOf(form((f) => f.maintenance.thresholds.push({ id: 'mt-x', metric: 'engine-hours', dueAt: '-5', scope: { mode: 'all', categories: [], assetIds: [], selectionName: '' } })));
    expect(e['maintenance.mt-x.dueAt']).toBe('Due at must be a number of engine hours or kilometres above 0 and at most 10,000,000');
  });

  it('normalizes typed region codes', () => {
    expect(normalizeRegion(' UT ')).toBe('region:UT');
    expect(normalizeRegion('REGION:nv')).toBe('region:nv');
    expect(normalizeRegion('  ')).toBeNull();
  });
});

describe('saving the rules dialog while another desk of the room changed the rules', () => {
  it('keeps the other desk’s change in every rule the dispatcher did not edit, and the dispatcher’s edits in the others', () => {
    const opened = rules();
    const edited = form((f) => {
      f.stale.afterMin = String(opened.stale.afterMin + 30);
    });
    const checked = validateRulesForm(edited);
    if (!checked.ok) throw new Error('the edited form should be valid');
    const latest = { ...opened, lowFuel: { ...opened.lowFuel, belowPercent: opened.lowFuel.belowPercent + 7 } };
    const saved = mergeRulesEdit(opened, checked.rules, latest);
    expect(saved.lowFuel.belowPercent).toBe(opened.lowFuel.belowPercent + 7);
    expect(saved.stale.afterMin).toBe(opened.stale.afterMin + 30);
    expect(saved.afterHours).toEqual(latest.afterHours);
  });
});
