/**
 * A site's machines as its page shows them: by category then state, how long each has been
 * there ("at least" when Fleet Desk only saw it arrive), and which sat idle (ignition off,
 * engine reading a day old or more).
 */
import { describe, expect, it } from 'vitest';
import type { AssetRow, SitePresence } from '../../../../../src-main/contract';
import { IDLE_AFTER_MS, isIdle, machineState, machinesOnSite, sinceText } from '../../../../../src-renderer/src/lib/sites/site-machines';
import { NOW, metric, row } from '../../fixtures';

const fresh = '2026-11-22T11:58:00Z';
const HOUR = 3_600_000;

function machine(id: number, category: string | undefined, metrics: Parameters<typeof row>[2], name = `M ${id}`): AssetRow {
  return row(id, { name, category }, { gps: metric({ lat: 40, lng: -111 }, fresh), ...metrics });
}

const on = (siteId: string | null, since: number | null = NOW - 3 * HOUR, sinceAtLeast = false): SitePresence => ({ siteId, since, sinceAtLeast, place: null });

describe('machine state on a site', () => {
  it('tells moving, running, parked and stale apart', () => {
    expect(machineState(machine(1, 'Trucks', { 'in-motion': metric(true, fresh) }), NOW, 60)).toBe('moving');
    expect(machineState(machine(2, 'Trucks', { ignition: metric(true, fresh) }), NOW, 60)).toBe('running');
    expect(machineState(machine(3, 'Trucks', { ignition: metric(false, fresh) }), NOW, 60)).toBe('parked');
    const old = row(4, {}, { gps: metric({ lat: 40, lng: -111 }, '2026-11-20T00:00:00Z') });
    expect(machineState(old, NOW, 60)).toBe('stale');
  });
});

describe('sat idle', () => {
  const engineAt = (ms: number) => new Date(ms).toISOString();
  it('is idle with the ignition off and an engine reading a day old', () => {
    expect(isIdle(machine(1, 'T', { ignition: metric(false, fresh), 'engine-runtime': metric(3_600_000, engineAt(NOW - IDLE_AFTER_MS)) }), NOW)).toBe(true);
  });
  it('is not idle when the engine reading is younger than a day', () => {
    expect(isIdle(machine(1, 'T', { ignition: metric(false, fresh), 'engine-runtime': metric(3_600_000, engineAt(NOW - IDLE_AFTER_MS + 60_000)) }), NOW)).toBe(false);
  });
  it('is not idle with the ignition on, or without an engine reading', () => {
    expect(isIdle(machine(1, 'T', { ignition: metric(true, fresh), 'engine-runtime': metric(1, engineAt(NOW - 3 * IDLE_AFTER_MS)) }), NOW)).toBe(false);
    expect(isIdle(machine(2, 'T', { ignition: metric(false, fresh) }), NOW)).toBe(false);
  });
});

describe('how long it has been there', () => {
  it('says the span and the time it arrived', () => {
    expect(sinceText(on('s-1', NOW - 3 * HOUR), NOW)).toMatch(/^3 h \(since .+\)$/);
  });
  it('says "at least" when only the first sighting is known', () => {
    expect(sinceText(on('s-1', NOW - 3 * HOUR, true), NOW)).toMatch(/^at least 3 h \(first seen here .+\)$/);
  });
  it('says nothing when unknown', () => {
    expect(sinceText(on('s-1', null), NOW)).toBeNull();
    expect(sinceText(undefined, NOW)).toBeNull();
  });
});

describe('grouping', () => {
  const rows = [
    machine(1, 'Trucks', { ignition: metric(false, fresh) }, 'Truck B'),
    machine(2, 'Trucks', { ignition: metric(false, fresh) }, 'Truck A'),
    machine(3, 'Excavators', { ignition: metric(true, fresh) }),
    machine(4, undefined, { 'in-motion': metric(true, fresh) }),
    machine(5, 'Trucks', { 'in-motion': metric(true, fresh) }),
    machine(6, 'Cranes', {}),
  ];
  const byId = new Map(rows.map((r) => [r.assetId, r]));
  const presence: Record<string, SitePresence> = {
    'thing:1': on('s-1'),
    'thing:2': on('s-1'),
    'thing:3': on('s-1'),
    'thing:4': on('s-1'),
    'thing:5': on('s-1'),
    'thing:6': on('s-2'),
  };

  it('keeps to the machines the core put on this site, by category A–Z with none last, each by state then name', () => {
    const groups = machinesOnSite('s-1', presence, byId, NOW, 60);
    expect(groups.map((g) => [g.category, g.count])).toEqual([['Excavators', 1], ['Trucks', 3], ['No category', 1]]);
    const trucks = groups[1];
    expect(trucks.states.map((s) => [s.state, s.machines.map((m) => m.row.name)])).toEqual([
      ['moving', ['M 5']],
      ['parked', ['Truck A', 'Truck B']],
    ]);
  });

  it('leaves out a machine the list no longer holds', () => {
    const groups = machinesOnSite('s-1', { ...presence, 'thing:99': on('s-1') }, byId, NOW, 60);
    expect(groups.reduce((n, g) => n + g.count, 0)).toBe(5);
  });
});
