/**
 * When a machine first seen on a site actually arrived there, from its AEMP 2.0 Location
 * history. Fleet Desk only knows a machine it sees for the first time is on a site "at
 * least since" that moment; for a machine linked to 2.0 equipment the history over a
 * bounded look-back tells more: walking back from the newest reading while the readings
 * stay on the same site, the oldest of that unbroken run is when it arrived. A run that
 * reaches the start of the look-back is still only "at least since" that start.
 *
 * - Only machines "at least since" on a site are asked, each once per machine and site:
 *   answers are kept in the store's documents, so a later refresh asks nothing.
 * - A few machines at a time, in the background; nothing is asked offline.
 * - A failure (network, refusal, unreadable answer) leaves "at least since" as it is and
 *   is logged once, scrubbed of secrets.
 */
import type { HistoryPoint, ParseIssue } from '../../contract';
import { scrubSecrets } from '../errors';
import type { OfflineStore } from '../ports';
import type { LinkedMachine } from '../utilization/sources';
import type { SiteIndex } from './site-index';

/** How far back a machine's Location history is read. */
export const ARRIVAL_LOOKBACK_MS = 30 * 86_400_000;
/** Machines whose histories are asked for at once. */
export const ARRIVAL_CONCURRENCY = 2;
/** The store documents keeping each machine's arrival on a site. */
export const ARRIVAL_KIND = 'site-arrival';

/** The part of the fleet client the look-back uses. */
export interface LocationHistorySource {
  getHistory(identifier: string, metric: 'Location', start: Date, end: Date, options: { signal?: AbortSignal }): Promise<{ points: HistoryPoint[]; issues: ParseIssue[] }>;
}

/** When a machine arrived on a site: exactly, or at least since. */
export interface Arrival {
  since: number;
  sinceAtLeast: boolean;
}

/** A machine on a site "at least since", to be asked about. */
export interface ArrivalQuestion {
  assetId: string;
  siteId: string;
}

export interface ArrivalLookbackDeps {
  source: () => LocationHistorySource;
  /** The machines linked to AEMP 2.0 equipment. */
  linked: () => Promise<readonly LinkedMachine[]>;
  store: () => Pick<OfflineStore, 'getDocument' | 'putDocument'>;
  online: () => boolean;
  now: () => number;
  log?: (message: string) => void;
  concurrency?: number;
}

function arrivalKey(question: ArrivalQuestion): string {
  return `${question.assetId}\u0000${question.siteId}`;
}

/**
 * The arrival on `siteId` these readings show: null when the newest reading is not on the
 * site (the history does not confirm the machine is there).
 */
export function arrivalFrom(points: readonly HistoryPoint[], siteId: string, index: SiteIndex, lookbackStart: number): Arrival | null {
  const readings: { at: number; lat: number; lng: number }[] = [];
  for (const p of points) {
    const at = Date.parse(p.at);
    if (!Number.isFinite(at) || typeof p.lat !== 'number' || typeof p.lng !== 'number' || !Number.isFinite(p.lat) || !Number.isFinite(p.lng)) continue;
    readings.push({ at, lat: p.lat, lng: p.lng });
  }
  readings.sort((a, b) => b.at - a.at);
  let oldestInside: number | null = null;
  for (const r of readings) {
    if (index.siteAt(r.lng, r.lat)?.id !== siteId) {
      return oldestInside === null ? null : { since: oldestInside, sinceAtLeast: false };
    }
    oldestInside = r.at;
  }
  // Never seen off the site within the look-back: it was there at least since its start.
  return oldestInside === null ? null : { since: lookbackStart, sinceAtLeast: true };
}

export class ArrivalLookback {
  /** Machine-sites asked or being asked in this run: asked once, a failure logged once. */
  readonly #asked = new Set<string>();

  constructor(private readonly deps: ArrivalLookbackDeps) {}

  /** A kept answer, or null. */
  cached(question: ArrivalQuestion): Arrival | null {
    return this.deps.store().getDocument<Arrival>(ARRIVAL_KIND, arrivalKey(question))?.value ?? null;
  }

  /**
   * The arrivals of these machines (by asset id) that the store or the histories tell;
   * machines not linked, already asked, or whose history failed are left out.
   */
  async refine(questions: readonly ArrivalQuestion[], index: SiteIndex): Promise<Map<string, Arrival>> {
    const found = new Map<string, Arrival>();
    const toAsk: ArrivalQuestion[] = [];
    for (const q of questions) {
      const kept = this.cached(q);
      if (kept) found.set(q.assetId, kept);
      else if (!this.#asked.has(arrivalKey(q))) toAsk.push(q);
    }
    if (toAsk.length === 0 || !this.deps.online()) return found;
    const linked = new Map((await this.deps.linked()).map((m) => [m.assetId, m]));
    const tasks = toAsk.filter((q) => linked.has(q.assetId));
    for (const q of tasks) this.#asked.add(arrivalKey(q));
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < tasks.length) {
        const q = tasks[next++];
        const arrival = await this.#ask(q, linked.get(q.assetId) as LinkedMachine, index);
        if (arrival) found.set(q.assetId, arrival);
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.deps.concurrency ?? ARRIVAL_CONCURRENCY, tasks.length) }, () => worker()));
    return found;
  }

  async #ask(q: ArrivalQuestion, machine: LinkedMachine, index: SiteIndex): Promise<Arrival | null> {
    const now = this.deps.now();
    const start = now - ARRIVAL_LOOKBACK_MS;
    try {
      const { points } = await this.deps.source().getHistory(machine.identifier, 'Location', new Date(start), new Date(now), {});
      const arrival = arrivalFrom(points, q.siteId, index, start);
      if (!arrival) return null;
      this.deps.store().putDocument(ARRIVAL_KIND, arrivalKey(q), arrival, new Date(now).toISOString());
      return arrival;
    } catch (err) {
      const log = this.deps.log ?? ((message: string) => console.warn(message));
      log(`Fleet Desk: when ${q.assetId} arrived on its site could not be read from its Location history: ${scrubSecrets(err instanceof Error ? err.message : String(err))}`);
      return null;
    }
  }
}
