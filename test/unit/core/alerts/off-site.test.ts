import { describe, expect, it } from 'vitest';
import { defaultPlaceRules, type AlertRules } from '../../../../src-main/contract';
import { workingMinutes } from '../../../../src-main/core/alerts/after-hours';
import { minutesUntilOff, offSiteCheck } from '../../../../src-main/core/alerts/off-site';
import type { AlertPlaces, AlertSite } from '../../../../src-main/core/alerts/places';
import { defaultAlertRules } from '../../../../src-main/core/alerts/rules-schema';
import { asset, Run } from './fixtures';

const YARD: AlertSite = { id: 's-0000000a', name: 'North yard', kind: 'yard' };
const CUSTOMER: AlertSite = { id: 's-0000000c', name: 'Acme Builders', kind: 'customer' };

class FakePlaces implements AlertPlaces {
  on: AlertSite | null = null;
  any = true;
  siteOf(): AlertSite | null {
    return this.on;
  }
  siteForRegion(): null {
    return null;
  }
  hasSites(): boolean {
    return this.any;
  }
}

// Tuesday 2026-03-10 in Denver (MDT, UTC-6): working hours Mon–Fri 07:00–18:00.
const NIGHT = '2026-03-11T05:30:00.000Z'; // Tue 23:30
const DAY = '2026-03-10T16:00:00.000Z'; // Tue 10:00
const EVENING = '2026-03-11T00:30:00.000Z'; // Tue 18:30

type Rule = AlertRules['offSite'];
function setup(patch: Partial<Rule> = {}) {
  const places = new FakePlaces();
  const hours = defaultAlertRules().afterHours;
  const r = new Run((now) => [offSiteCheck({ ...defaultPlaceRules().offSite, enabled: true, ...patch }, hours, places, now)]);
  return { places, r };
}
const lt3 = (gps: unknown = { lat: 40.6, lng: -111.9 }) => [asset('thing:3', gps === null ? {} : { gps, 'time-zone': 'America/Denver' }, { name: 'LT-3' })];

describe('off its site outside working hours', () => {
  it('raises for a machine on no site outside working hours, and not during them', () => {
    const { r } = setup();
    expect(r.step(lt3(), DAY).raised).toEqual([]);
    const night = r.step(lt3(), NIGHT).raised;
    expect(night.map((a) => [a.message, a.raisedAt])).toEqual([['Off its site outside working hours (Tue 23:30 Denver)', NIGHT]]);
  });

  it('stays open through the night and clears when working hours begin or the machine is back on a site', () => {
    const { places, r } = setup();
    r.step(lt3(), EVENING);
    const later = r.step(lt3(), NIGHT);
    expect([later.raised.length, later.cleared.length]).toEqual([0, 0]);
    expect(r.step(lt3(), '2026-03-11T14:00:00.000Z').cleared).toHaveLength(1); // Wed 08:00
    r.step(lt3(), '2026-03-12T05:00:00.000Z');
    places.on = YARD;
    expect(r.step(lt3(), '2026-03-12T05:10:00.000Z').cleared).toHaveLength(1);
  });

  it('counts only a site of the chosen kinds as its site', () => {
    const { places, r } = setup({ siteKinds: ['yard', 'job'] });
    places.on = CUSTOMER;
    expect(r.step(lt3(), NIGHT).raised.map((a) => a.message)).toEqual(['Not on a site (yard or job site) outside working hours (Tue 23:30 Denver)']);
    const onYard = setup({ siteKinds: ['yard'] });
    onYard.places.on = YARD;
    expect(onYard.r.step(lt3(), NIGHT).raised).toEqual([]);
  });

  it('raises nothing while the branch has no sites, nor for a machine without a position', () => {
    const { places, r } = setup();
    places.any = false;
    expect(r.step(lt3(), NIGHT).raised).toEqual([]);
    const noGps = setup();
    expect(noGps.r.step(lt3(null), NIGHT).raised).toEqual([]);
    expect(noGps.r.step(lt3({ lat: 'x', lng: 3 }), NIGHT).raised).toEqual([]);
  });

  it('knows when working hours end next, minute by minute round the week', () => {
    const until = minutesUntilOff(workingMinutes([{ day: 1, start: '07:00', end: '18:00' }, { day: 0, start: '22:00', end: '24:00' }]));
    expect(until[1 * 1440 + 7 * 60]).toBe(11 * 60); // Mon 07:00 → 18:00
    expect(until[1 * 1440 + 17 * 60 + 59]).toBe(1);
    expect(until[1 * 1440 + 18 * 60]).toBe(0);
    expect(until[0 * 1440 + 23 * 60]).toBe(60); // Sun 23:00 → Mon 00:00 (outside)
    expect(minutesUntilOff(workingMinutes([0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, start: '00:00', end: '24:00' }))))[0]).toBe(0xffff);
  });
});
