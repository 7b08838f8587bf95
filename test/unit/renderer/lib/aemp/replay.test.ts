import { describe, expect, it } from 'vitest';
import { initialReplay, pause, play, positionAt, seek, setSpeed, step, toTrack, toggle, travelled } from '../../../../../src-renderer/src/lib/aemp/replay';

const T0 = Date.UTC(2026, 10, 22, 8, 0, 0);
const track = toTrack([
  { at: new Date(T0 + 600_000).toISOString(), value: null, lat: 10, lng: 20 },
  { at: new Date(T0).toISOString(), value: null, lat: 0, lng: 0 },
  { at: 'not a time', value: null, lat: 5, lng: 5 },
  { at: new Date(T0 + 300_000).toISOString(), value: null },
  { at: new Date(T0 + 1_200_000).toISOString(), value: null, lat: 10, lng: 40 },
]);

describe('toTrack', () => {
  it('keeps usable points sorted by time', () => {
    expect(track.map((p) => p.t)).toEqual([T0, T0 + 600_000, T0 + 1_200_000]);
  });
});

describe('positionAt', () => {
  it('interpolates linearly between neighbouring points', () => {
    expect(positionAt(track, T0 + 300_000)).toEqual({ lat: 5, lng: 10 });
    expect(positionAt(track, T0 + 900_000)).toEqual({ lat: 10, lng: 30 });
  });

  it('returns exact points and clamps outside the track', () => {
    expect(positionAt(track, T0 + 600_000)).toEqual({ lat: 10, lng: 20 });
    expect(positionAt(track, T0 - 1)).toEqual({ lat: 0, lng: 0 });
    expect(positionAt(track, T0 + 9e9)).toEqual({ lat: 10, lng: 40 });
    expect(positionAt([], T0)).toBeNull();
  });
});

describe('replay stepping with an injected clock', () => {
  it('advances by elapsed wall time × speed and stops at the end', () => {
    let s = initialReplay(track, 600);
    expect(s).toMatchObject({ start: T0, end: T0 + 1_200_000, t: T0, playing: false });
    s = play(s, 1000);
    s = step(s, 1500); // 0.5 s × 600 = 300 s of track
    expect(s.t).toBe(T0 + 300_000);
    expect(s.playing).toBe(true);
    s = step(s, 3500); // 2 s × 600 = 1200 s, clamped to the end
    expect(s.t).toBe(T0 + 1_200_000);
    expect(s.playing).toBe(false);
  });

  it('does not move while paused, and restarts from the beginning at the end', () => {
    let s = play(initialReplay(track, 60), 0);
    s = step(s, 1000);
    expect(s.t).toBe(T0 + 60_000);
    s = pause(s);
    expect(step(s, 50_000).t).toBe(T0 + 60_000);
    s = seek(s, T0 + 5_000_000, 0);
    expect(s.t).toBe(T0 + 1_200_000);
    s = toggle(s, 100);
    expect(s).toMatchObject({ playing: true, t: T0 });
  });

  it('changing speed or seeking while playing does not count past time twice', () => {
    let s = play(initialReplay(track, 1), 0);
    s = step(s, 1000);
    s = setSpeed(s, 600, 5000); // 4 s passed at 1× before the change are dropped, by design
    s = step(s, 6000);
    expect(s.t).toBe(T0 + 1000 + 600_000);
    s = seek(s, T0, 7000);
    s = step(s, 7100);
    expect(s.t).toBe(T0 + 60_000);
  });

  it('cannot play a track without duration', () => {
    const s = play(initialReplay(track.slice(0, 1)), 0);
    expect(s.playing).toBe(false);
  });
});

describe('travelled', () => {
  it('ends at the interpolated current position', () => {
    expect(travelled(track, T0 + 900_000)).toEqual([
      [0, 0],
      [10, 20],
      [10, 30],
    ]);
  });
});
