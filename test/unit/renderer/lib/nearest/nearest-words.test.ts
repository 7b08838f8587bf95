import { describe, expect, it } from 'vitest';
import { formatDistance, formatDistanceBearing } from '../../../../../src-renderer/src/lib/nearest/distance-words';
import { machineState } from '../../../../../src-renderer/src/lib/nearest/machine-state';
import { bearingFrom, metresBetween } from '../../../../../src-renderer/src/lib/nearest/geo';
import { NOW } from '../../fixtures';

describe('distances in the dispatcher\'s units', () => {
  it.each([
    [850, 'metric', '850 m'],
    [2400, 'metric', '2.4 km'],
    [123_456, 'metric', '123 km'],
    [3862.4, 'imperial', '2.4 mi'],
    [100, 'imperial', '328 ft'],
    [250_000, 'imperial', '155 mi'],
  ] as const)('%s m reads %s in %s units', (m, units, text) => expect(formatDistance(m, units)).toBe(text));

  it('adds the direction from the point as a compass point', () => {
    expect(formatDistanceBearing(3862.4, 44, 'imperial')).toBe('2.4 mi NE');
    expect(formatDistanceBearing(850, 181, 'metric')).toBe('850 m S');
  });
});

describe('a machine\'s state in words', () => {
  const base = { ignition: null, inMotion: null, fuel: null, updatedAt: NOW - 5 * 60_000 };
  it('says moving, parked, ignition on, or not reported', () => {
    expect(machineState({ ...base, inMotion: true, ignition: true }, NOW, 60).motion).toBe('Moving');
    expect(machineState({ ...base, ignition: false }, NOW, 60).motion).toBe('Parked');
    expect(machineState({ ...base, ignition: true }, NOW, 60).motion).toBe('Ignition on');
    expect(machineState(base, NOW, 60).motion).toBe('Ignition not reported');
  });

  it('marks a machine stale by the shared rule: at the threshold, and when it never reported', () => {
    expect(machineState(base, NOW, 60).stale).toBe(false);
    expect(machineState({ ...base, updatedAt: NOW - 60 * 60_000 }, NOW, 60).stale).toBe(true);
    const never = machineState({ ...base, updatedAt: null }, NOW, 60);
    expect(never).toMatchObject({ stale: true, lastSeen: 'Never reported' });
  });

  it('gives fuel and when it was last seen', () => {
    const s = machineState({ ...base, fuel: 42.4 }, NOW, 60);
    expect(s.fuel).toBe('Fuel 42 %');
    expect(s.lastSeen).toBe('Last seen 5 min ago');
  });
});

describe('measuring', () => {
  it('gives the great-circle distance and the initial bearing', () => {
    expect(metresBetween({ lat: 0, lng: 0 }, { lat: 0, lng: 1 })).toBeCloseTo(111_195, -2);
    expect(bearingFrom({ lat: 0, lng: 0 }, { lat: 0, lng: 1 })).toBeCloseTo(90, 6);
    expect(bearingFrom({ lat: 0, lng: 0 }, { lat: 0, lng: -1 })).toBeCloseTo(270, 6);
    expect(bearingFrom({ lat: 1, lng: 1 }, { lat: 1, lng: 1 })).toBe(0);
  });
});
