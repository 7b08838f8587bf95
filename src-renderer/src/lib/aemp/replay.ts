/**
 * Track replay, kept free of timers and the DOM: the position at a time by linear
 * interpolation, and a player whose clock is injected so tests step it exactly.
 */
import type { HistoryPoint } from '@contract';

export interface TrackPoint {
  t: number; // epoch ms
  lat: number;
  lng: number;
}

/** Usable Location points, sorted by time; points without a time or coordinates are dropped. */
export function toTrack(points: readonly HistoryPoint[]): TrackPoint[] {
  const track: TrackPoint[] = [];
  for (const p of points) {
    const t = Date.parse(p.at);
    if (Number.isNaN(t) || typeof p.lat !== 'number' || typeof p.lng !== 'number') continue;
    if (!Number.isFinite(p.lat) || !Number.isFinite(p.lng)) continue;
    track.push({ t, lat: p.lat, lng: p.lng });
  }
  return track.sort((a, b) => a.t - b.t);
}

/** Position at time t; clamped to the first/last point outside the track. */
export function positionAt(track: readonly TrackPoint[], t: number): { lat: number; lng: number } | null {
  if (track.length === 0) return null;
  if (t <= track[0].t) return { lat: track[0].lat, lng: track[0].lng };
  const last = track[track.length - 1];
  if (t >= last.t) return { lat: last.lat, lng: last.lng };
  let lo = 0;
  let hi = track.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (track[mid].t <= t) lo = mid;
    else hi = mid;
  }
  const a = track[lo];
  const b = track[hi];
  const f = b.t === a.t ? 0 : (t - a.t) / (b.t - a.t);
  return { lat: a.lat + (b.lat - a.lat) * f, lng: a.lng + (b.lng - a.lng) * f };
}

/** Speeds as multiples of real time. */
export const SPEEDS = [1, 10, 60, 600, 3600] as const;
export type Speed = (typeof SPEEDS)[number];

export interface ReplayState {
  start: number;
  end: number;
  t: number;
  playing: boolean;
  speed: number;
  /** Wall-clock ms of the last step while playing. */
  lastTick: number | null;
}

export function initialReplay(track: readonly TrackPoint[], speed = 600): ReplayState {
  const start = track.length ? track[0].t : 0;
  const end = track.length ? track[track.length - 1].t : 0;
  return { start, end, t: start, playing: false, speed, lastTick: null };
}

export function play(s: ReplayState, now: number): ReplayState {
  if (s.end <= s.start) return s;
  // Playing from the end starts over.
  const t = s.t >= s.end ? s.start : s.t;
  return { ...s, t, playing: true, lastTick: now };
}

export function pause(s: ReplayState): ReplayState {
  return { ...s, playing: false, lastTick: null };
}

export function toggle(s: ReplayState, now: number): ReplayState {
  return s.playing ? pause(s) : play(s, now);
}

/** Advances the replay to wall-clock `now`; stops at the end. */
export function step(s: ReplayState, now: number): ReplayState {
  if (!s.playing || s.lastTick == null) return s;
  const elapsed = Math.max(0, now - s.lastTick);
  const t = Math.min(s.end, s.t + elapsed * s.speed);
  if (t >= s.end) return { ...s, t: s.end, playing: false, lastTick: null };
  return { ...s, t, lastTick: now };
}

export function seek(s: ReplayState, t: number, now: number): ReplayState {
  const clamped = Math.min(s.end, Math.max(s.start, t));
  return { ...s, t: clamped, lastTick: s.playing ? now : null };
}

export function setSpeed(s: ReplayState, speed: number, now: number): ReplayState {
  return { ...s, speed, lastTick: s.playing ? now : null };
}

/** Points up to time t (for drawing the travelled part of the track). */
export function travelled(track: readonly TrackPoint[], t: number): [number, number][] {
  const out: [number, number][] = [];
  for (const p of track) {
    if (p.t > t) break;
    out.push([p.lat, p.lng]);
  }
  const here = positionAt(track, t);
  if (here && out.length > 0) out.push([here.lat, here.lng]);
  return out;
}
