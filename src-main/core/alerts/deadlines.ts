/**
 * When time alone will raise an alert for an asset that sends nothing new (no report for
 * N minutes): a min-heap of (time, asset id), so a periodic evaluation looks only at the
 * assets whose time has come instead of all 10,000. An asset's newer deadline replaces
 * its older one; the older entry is skipped when it reaches the top.
 */
export class Deadlines {
  // Two parallel arrays rather than entry objects (see the findings collector in evaluate.ts).
  private readonly times: number[] = [];
  private readonly ids: string[] = [];
  private readonly current = new Map<string, number>();

  get size(): number {
    return this.current.size;
  }

  clear(): void {
    this.times.length = 0;
    this.ids.length = 0;
    this.current.clear();
  }

  /** Sets (or, with NaN, forgets) when time will matter for this asset. */
  set(assetId: string, at: number): void {
    if (Number.isNaN(at)) {
      this.current.delete(assetId);
      return;
    }
    if (this.current.get(assetId) === at) return;
    this.current.set(assetId, at);
    this.push(at, assetId);
  }

  has(assetId: string): boolean {
    return this.current.has(assetId);
  }

  delete(assetId: string): void {
    this.current.delete(assetId);
  }

  /** The assets whose time is at or before `now`, each once; they are forgotten. */
  due(now: number): string[] {
    const out: string[] = [];
    while (this.times.length > 0 && this.times[0] <= now) {
      const at = this.times[0];
      const id = this.ids[0];
      this.pop();
      if (this.current.get(id) !== at) continue; // replaced by a newer deadline, or forgotten
      this.current.delete(id);
      out.push(id);
    }
    // Entries left behind by replaced deadlines are dropped once they outnumber the live ones.
    if (this.times.length > 2 * this.current.size + 1024) this.rebuild();
    return out;
  }

  private rebuild(): void {
    this.times.length = 0;
    this.ids.length = 0;
    for (const [id, at] of this.current) this.push(at, id);
  }

  private push(at: number, id: string): void {
    const times = this.times;
    const ids = this.ids;
    let i = times.length;
    times.push(at);
    ids.push(id);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (times[parent] <= at) break;
      times[i] = times[parent];
      ids[i] = ids[parent];
      i = parent;
    }
    times[i] = at;
    ids[i] = id;
  }

  private pop(): void {
    const times = this.times;
    const ids = this.ids;
    const lastAt = times.pop()!;
    const lastId = ids.pop()!;
    const n = times.length;
    if (n === 0) return;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= n) break;
      const right = left + 1;
      const child = right < n && times[right] < times[left] ? right : left;
      if (times[child] >= lastAt) break;
      times[i] = times[child];
      ids[i] = ids[child];
      i = child;
    }
    times[i] = lastAt;
    ids[i] = lastId;
  }
}
