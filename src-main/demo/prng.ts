/** Small deterministic random helpers: everything in the demo derives from the seed. */

function mix(x: number): number {
  let h = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/** 32-bit integer hash of any number of integers (a variant of the murmur3 finaliser). */
export function hashInts(...values: number[]): number {
  let h = 0x9e3779b9;
  for (const v of values) {
    // Mix the low and the high 32 bits, so millisecond timestamps hash well.
    h = mix(h ^ (v | 0));
    h = mix(h ^ (Math.floor(v / 0x100000000) | 0));
  }
  return h >>> 0;
}

/** A uniform number in [0, 1) determined by the given integers. */
export function unitFloat(...values: number[]): number {
  return hashInts(...values) / 0x100000000;
}

/** A seeded stream of numbers in [0, 1) (mulberry32). */
export class SeededRandom {
  private state: number;

  constructor(seed: number) {
    this.state = hashInts(seed) || 1;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 0x100000000;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  chance(probability: number): boolean {
    return probability > 0 && this.next() < probability;
  }
}
