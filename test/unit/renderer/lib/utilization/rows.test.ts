import { describe, expect, it } from 'vitest';
import { checkIdleDays, filterRows, groupHours, fleetTotals, groupRows, NO_CATEGORY, NO_SITE, sortRows, sumHours, tableLines, utilizationRows, type MachineFacts } from '../../../../../src-renderer/src/lib/utilization/rows';
import { machine, report } from './report-fixture';

const FACTS: Record<string, MachineFacts> = {
  'thing:1': { name: 'Excavator 1', category: 'Excavators', where: 'North Yard', since: 1, sinceAtLeast: false },
  'thing:2': { name: 'Excavator 2', category: 'Excavators', where: '6 km NE of Sandy, UT', since: 2, sinceAtLeast: true },
  'thing:3': { name: 'Lift 3', category: 'Lifts', where: 'North Yard', since: null, sinceAtLeast: false },
  'thing:4': { name: 'Trailer 4', category: null, where: null, since: null, sinceAtLeast: false },
};
const facts = (id: string) => FACTS[id];

const rep = report([
  machine('thing:1', [8, 8, 8, 8, 8, 8, 8]),
  machine('thing:2', [8, 2, 0, 0, 0, 0, 0]),
  machine('thing:3', [null, null, 4, 4, 0, 0, 0]),
  machine('thing:4', [null, null, null, null, null, null, null]),
]);
const rows = utilizationRows(rep, facts);

describe('utilization rows', () => {
  it('join the core’s hours with the name, category and place the page holds', () => {
    expect(rows.map((r) => [r.assetId, r.name, r.category, r.where, r.totalHours, r.idleDays])).toEqual([
      ['thing:1', 'Excavator 1', 'Excavators', 'North Yard', 56, 0],
      ['thing:2', 'Excavator 2', 'Excavators', '6 km NE of Sandy, UT', 10, 5],
      ['thing:3', 'Lift 3', 'Lifts', 'North Yard', 8, 3],
      ['thing:4', 'Trailer 4', null, null, 0, 7],
    ]);
  });

  it('list only the machines idle at least N days for the recovery list', () => {
    expect(filterRows(rows, { search: '', idleAtLeast: 3 }).map((r) => r.assetId)).toEqual(['thing:2', 'thing:3', 'thing:4']);
    expect(filterRows(rows, { search: '', idleAtLeast: 4 }).map((r) => r.assetId)).toEqual(['thing:2', 'thing:4']);
    expect(filterRows(rows, { search: '', idleAtLeast: null })).toHaveLength(4);
  });

  it('search the name, category and place, every word', () => {
    expect(filterRows(rows, { search: 'north', idleAtLeast: null }).map((r) => r.assetId)).toEqual(['thing:1', 'thing:3']);
    expect(filterRows(rows, { search: 'north lift', idleAtLeast: 3 }).map((r) => r.assetId)).toEqual(['thing:3']);
  });

  it('sort by numbers and by text, missing text last either way', () => {
    expect(sortRows(rows, 'totalHours', true).map((r) => r.assetId)).toEqual(['thing:1', 'thing:2', 'thing:3', 'thing:4']);
    expect(sortRows(rows, 'idleDays', false).map((r) => r.assetId)).toEqual(['thing:1', 'thing:3', 'thing:2', 'thing:4']);
    expect(sortRows(rows, 'category', false).map((r) => r.assetId)).toEqual(['thing:1', 'thing:2', 'thing:3', 'thing:4']);
    expect(sortRows(rows, 'category', true).map((r) => r.assetId)).toEqual(['thing:3', 'thing:1', 'thing:2', 'thing:4']);
  });

  it('group by category with group totals, machines without one last', () => {
    const groups = groupRows(rows, 'category', 3);
    expect(groups.map((g) => [g.label, g.rows.length, g.totalHours, g.daysUsed, g.idle])).toEqual([
      ['Excavators', 2, 66, 9, 1],
      ['Lifts', 1, 8, 2, 1],
      [NO_CATEGORY, 1, 0, 0, 1],
    ]);
    expect(groupHours(groups[0], 7)).toEqual([16, 10, 8, 8, 8, 8, 8]);
    // A day nobody in the group knows stays unknown, not zero.
    expect(groupHours(groups[2], 7)).toEqual([null, null, null, null, null, null, null]);
  });

  it('group by site or place, machines nowhere known last', () => {
    expect(groupRows(rows, 'site').map((g) => [g.label, g.rows.map((r) => r.assetId)])).toEqual([
      ['6 km NE of Sandy, UT', ['thing:2']],
      ['North Yard', ['thing:1', 'thing:3']],
      [NO_SITE, ['thing:4']],
    ]);
  });

  it('add hours per day, unknown only where no machine knows the day', () => {
    expect(sumHours([machine('a', [1, null, null]), machine('b', [2, 3, null])], 3)).toEqual([3, 3, null]);
  });

  it('lay groups out as table lines, a header before each group only when grouped', () => {
    const groups = groupRows(rows, 'category');
    expect(tableLines(groups, true).map((l) => (l.kind === 'group' ? `# ${l.group.label}` : l.row.assetId))).toEqual(['# Excavators', 'thing:1', 'thing:2', '# Lifts', 'thing:3', `# ${NO_CATEGORY}`, 'thing:4']);
    expect(tableLines(groupRows(rows, 'none'), false).every((l) => l.kind === 'machine')).toBe(true);
  });

  it('total the fleet', () => {
    expect(fleetTotals(rows, 3)).toEqual({ machines: 4, totalHours: 74, withHours: 3, idle: 3 });
  });
});

describe('the idle filter’s days', () => {
  it('take a whole number of days from 1 to the longest range', () => {
    expect(checkIdleDays('3', 366)).toEqual({ ok: true, days: 3 });
    for (const bad of ['', '0', '-2', '2.5', '367', 'three']) expect(checkIdleDays(bad, 366)).toEqual({ ok: false, message: 'Idle days are a whole number from 1 to 366' });
  });
});
