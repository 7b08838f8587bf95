import { SeededRandom } from './prng';

/** Switches that make the demo service misbehave like real deployments do. */
export interface FaultSettings {
  /** added to every answer of /v1 and /aemp */
  latencyMs: number;
  /** up to this much extra, random */
  jitterMs: number;
  /** share of requests answered with a random 5xx (0…1) */
  errorRate: number;
  /** the next `remaining` requests get 429 with `Retry-After: retryAfterSec` */
  burst429: { remaining: number; retryAfterSec: number } | null;
  /** share of requests whose connection is destroyed without an answer */
  resetRate: number;
  /** share of answers cut off half-way through the body */
  truncateRate: number;
  /** answers are sent as text/html with an HTML body */
  wrongContentType: boolean;
  /** headers are sent, the body never comes */
  stallAfterHeaders: boolean;
  /** the asset list is padded to about `hugePayloadBytes` */
  hugePayload: boolean;
  hugePayloadBytes: number;
  /** share of assets with a corrupted field (fuel 140, gps without lng, lat 200, wrong types) */
  malformedRate: number;
}

export function noFaults(): FaultSettings {
  return {
    latencyMs: 0,
    jitterMs: 0,
    errorRate: 0,
    burst429: null,
    resetRate: 0,
    truncateRate: 0,
    wrongContentType: false,
    stallAfterHeaders: false,
    hugePayload: false,
    hugePayloadBytes: 64 * 1024 * 1024,
    malformedRate: 0,
  };
}

function clampRate(value: number): number {
  return Number.isFinite(value) ? Math.min(Math.max(value, 0), 1) : 0;
}

/** The live fault settings plus the seeded randomness that drives them. */
export class FaultState {
  private current: FaultSettings = noFaults();
  readonly random: SeededRandom;

  constructor(seed: number, initial: Partial<FaultSettings> = {}) {
    this.random = new SeededRandom(seed ^ 0x5eed);
    this.set(initial);
  }

  get settings(): Readonly<FaultSettings> {
    return this.current;
  }

  set(partial: Partial<FaultSettings>): void {
    const next = { ...this.current, ...partial };
    next.errorRate = clampRate(next.errorRate);
    next.resetRate = clampRate(next.resetRate);
    next.truncateRate = clampRate(next.truncateRate);
    next.malformedRate = clampRate(next.malformedRate);
    next.latencyMs = Math.max(0, next.latencyMs || 0);
    next.jitterMs = Math.max(0, next.jitterMs || 0);
    next.burst429 = next.burst429 ? { remaining: Math.max(0, Math.floor(next.burst429.remaining)), retryAfterSec: Math.max(0, next.burst429.retryAfterSec) } : null;
    this.current = next;
  }

  clear(): void {
    this.current = noFaults();
  }

  /** Takes one 429 from the burst, if any is left. */
  take429(): number | null {
    const burst = this.current.burst429;
    if (!burst || burst.remaining <= 0) return null;
    burst.remaining -= 1;
    return burst.retryAfterSec;
  }
}
