import { describe, expect, it } from 'vitest';
import type { AlertRules } from '../../../../src-main/contract';
import { afterHoursCheck, weekTime, workingMinutes } from '../../../../src-main/core/alerts/after-hours';
import { everyAsset, weekdaySchedule } from '../../../../src-main/core/alerts/rules-schema';
import { asset, metric, Run } from './fixtures';

type Rule = AlertRules['afterHours'];
const rule = (patch: Partial<Rule> = {}): Rule => ({
  enabled: true,
  trigger: 'either',
  schedule: weekdaySchedule(),
  timeZone: 'America/Denver',
  scope: everyAsset(),
  ...patch,
});
const run = (patch: Partial<Rule> = {}) => new Run((now) => [afterHoursCheck(rule(patch), now)]);

/** One evaluation at `at` of a unit whose ignition was seen on at `at`. */
function ignitionOnAt(at: string, patch: Partial<Rule> = {}, extra: Record<string, unknown> = {}) {
  return run(patch).step([asset('thing:1', { ignition: metric(true, at), ...extra }, { at })], at).raised;
}

describe('after-hours rule: working hours in the branch zone, DST-correct', () => {
  it('uses daylight time after the spring change (Monday 9 March 2026, Denver is UTC−6)', () => {
    // 12:59 UTC = 06:59 MDT: before work. 13:00 UTC = 07:00 MDT: working (06:00 if the offset were fixed at MST).
    expect(ignitionOnAt('2026-03-09T12:59:00Z')).toHaveLength(1);
    expect(ignitionOnAt('2026-03-09T13:00:00Z')).toEqual([]);
    expect(ignitionOnAt('2026-03-09T23:59:00Z')).toEqual([]); // 17:59 MDT
    expect(ignitionOnAt('2026-03-10T00:00:00Z')).toHaveLength(1); // 18:00 MDT: the end is not inside
  });

  it('uses standard time before the spring change and after the autumn change', () => {
    expect(ignitionOnAt('2026-03-06T13:30:00Z')).toHaveLength(1); // Friday 06:30 MST
    expect(ignitionOnAt('2026-03-06T14:00:00Z')).toEqual([]); // Friday 07:00 MST
    expect(ignitionOnAt('2026-11-02T13:30:00Z')).toHaveLength(1); // Monday 06:30 MST (07:30 if still on MDT)
    expect(ignitionOnAt('2026-11-02T14:00:00Z')).toEqual([]);
  });

  it('follows the clock through the change hours themselves', () => {
    const sundayEarly = rule({ schedule: [{ day: 0, start: '03:00', end: '04:00' }] });
    // 8 March 2026: 08:59 UTC is 01:59 MST, 09:00 UTC is already 03:00 MDT.
    expect(ignitionOnAt('2026-03-08T08:59:00Z', sundayEarly)).toHaveLength(1);
    expect(ignitionOnAt('2026-03-08T09:00:00Z', sundayEarly)).toEqual([]);
    // 1 November 2026: 01:30 happens twice; 08:30 UTC is the second one (MST), outside 02:00–03:00.
    const sundayTwo = rule({ schedule: [{ day: 0, start: '02:00', end: '03:00' }] });
    expect(ignitionOnAt('2026-11-01T07:30:00Z', sundayTwo)).toHaveLength(1); // 01:30 MDT
    expect(ignitionOnAt('2026-11-01T08:30:00Z', sundayTwo)).toHaveLength(1); // 01:30 MST
    expect(ignitionOnAt('2026-11-01T09:00:00Z', sundayTwo)).toEqual([]); // 02:00 MST
  });

  it("uses the asset's own time-zone metric, and the rule's zone when that is missing or unknown", () => {
    // 2026-03-10T15:00Z: Tuesday 09:00 in Denver (working), 00:00 Wednesday in Tokyo (not).
    const at = '2026-03-10T15:00:00Z';
    const tokyo = ignitionOnAt(at, {}, { 'time-zone': metric('Asia/Tokyo', at) });
    expect(tokyo).toHaveLength(1);
    expect(tokyo[0].message).toBe('Ignition on Wed 00:00 (Tokyo), outside working hours');
    expect(ignitionOnAt(at, {}, { 'time-zone': metric('Mars/Olympus', at) })).toEqual([]);
    expect(ignitionOnAt(at, {}, { 'time-zone': metric(42, at) })).toEqual([]);
  });

  it('watches ignition, movement or either as the rule says, with the true time of the reading', () => {
    const night = '2026-03-10T09:00:00Z'; // 03:00 MDT
    const moving = { 'in-motion': metric(true, '2026-03-10T08:58:00Z') };
    const speeding = { speed: metric(42, '2026-03-10T08:57:00Z') };
    const unit = (metrics: Record<string, unknown>) => [asset('thing:1', metrics, { at: night })];
    expect(run({ trigger: 'ignition' }).step(unit(moving), night).raised).toEqual([]);
    const seen = run({ trigger: 'moving' }).step(unit(moving), night).raised;
    expect(seen.map((a) => [a.value, a.raisedAt])).toEqual([['moving', '2026-03-10T08:58:00.000Z']]);
    expect(run({ trigger: 'moving' }).step(unit(speeding), night).raised).toHaveLength(1);
    expect(run({ trigger: 'moving' }).step(unit({ speed: metric(0, night), ignition: metric(true, night) }), night).raised).toEqual([]);
    expect(run().step(unit({ ignition: metric(false, night), 'in-motion': metric(false, night) }), night).raised).toEqual([]);
    expect(run().step(unit({}), night).raised).toEqual([]);
  });

  it('raises one alert for an engine switched on and off through the night, cleared when work starts', () => {
    const r = run();
    const times = ['2026-03-10T07:00:00Z', '2026-03-10T07:10:00Z', '2026-03-10T07:20:00Z', '2026-03-10T07:30:00Z']; // 01:00–01:30 MDT
    let raised = 0;
    let cleared = 0;
    times.forEach((at, i) => {
      const step = r.step([asset('thing:1', { ignition: metric(i % 2 === 0, at) }, { at })], at);
      raised += step.raised.length;
      cleared += step.cleared.length;
    });
    expect([raised, cleared]).toEqual([1, 0]);
    const morning = '2026-03-10T13:05:00Z'; // 07:05 MDT
    expect(r.step([asset('thing:1', { ignition: metric(false, morning) }, { at: morning })], morning).cleared).toHaveLength(1);
  });

  it('builds the week from the schedule and names local times', () => {
    const minutes = workingMinutes(weekdaySchedule());
    expect(minutes[1 * 1440 + 7 * 60]).toBe(1);
    expect(minutes[1 * 1440 + 18 * 60]).toBe(0);
    expect(minutes[0 * 1440 + 12 * 60]).toBe(0);
    expect(workingMinutes([{ day: 6, start: '22:00', end: '24:00' }])[7 * 1440 - 1]).toBe(1);
    expect(weekTime(6 * 1440 + 23 * 60 + 14)).toBe('Sat 23:14');
  });
});
