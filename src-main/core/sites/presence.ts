/**
 * Where each machine with a position is relative to the sites, and since when. A machine
 * whose site changes as it moves is there since the reading that showed it (its GPS time,
 * or the refresh's time without one). A machine Fleet Desk sees for the first time, or
 * whose site changes because the sites were edited, is there "at least since" that
 * moment: it may have been there before.
 */
import type { SitePresence } from '../../contract';
import type { StoredPresence } from '../ports';
import type { SiteIndex } from './site-index';

/** What presence needs of an asset row. */
export interface PositionRow {
  assetId: string;
  lat: number | null;
  lng: number | null;
  gpsAt: number | null;
}

/** Why presence is being computed: machines moved, or the sites changed under them. */
export type PresenceCause = 'moved' | 'sites';

/** Words for a position off every site ("6 km NE of Sandy, UT"), or null. */
export type DescribePlace = (lat: number, lng: number) => string | null;

interface Entry extends SitePresence {
  lat: number;
  lng: number;
}

function samePresence(a: SitePresence, b: SitePresence): boolean {
  return a.siteId === b.siteId && a.since === b.since && a.sinceAtLeast === b.sinceAtLeast && a.place === b.place;
}

function publicOf(entry: Entry): SitePresence {
  return { siteId: entry.siteId, since: entry.since, sinceAtLeast: entry.sinceAtLeast, place: entry.place };
}

export class PresenceTracker {
  readonly #entries = new Map<string, Entry>();
  /** What the store kept from an earlier run: used once per asset, when it is first placed. */
  #stored: Map<string, StoredPresence>;

  constructor(
    private readonly describePlace: DescribePlace,
    stored: Map<string, StoredPresence> = new Map(),
  ) {
    this.#stored = stored;
  }

  /** Every machine's presence. */
  all(): Record<string, SitePresence> {
    const out: Record<string, SitePresence> = {};
    for (const [assetId, entry] of this.#entries) out[assetId] = publicOf(entry);
    return out;
  }

  get(assetId: string): SitePresence | null {
    const entry = this.#entries.get(assetId);
    return entry ? publicOf(entry) : null;
  }

  /**
   * Places these rows at `at` (epoch ms) and forgets `removed`; returns the entries that
   * changed (null: the asset has no position any more, or left the list).
   */
  update(rows: Iterable<PositionRow>, removed: Iterable<string>, index: SiteIndex, at: number, cause: PresenceCause): Map<string, SitePresence | null> {
    const changed = new Map<string, SitePresence | null>();
    for (const row of rows) {
      const next = this.#place(row, index, at, cause);
      const before = this.#entries.get(row.assetId);
      if (!next) {
        if (before) {
          this.#entries.delete(row.assetId);
          changed.set(row.assetId, null);
        }
        continue;
      }
      this.#entries.set(row.assetId, next);
      if (!before || !samePresence(before, next)) changed.set(row.assetId, publicOf(next));
    }
    for (const assetId of removed) {
      this.#stored.delete(assetId);
      if (this.#entries.delete(assetId)) changed.set(assetId, null);
    }
    return changed;
  }

  /** Places every machine of a whole list (by asset id): assets no longer in it are forgotten. */
  replaceAll(rows: ReadonlyMap<string, PositionRow>, index: SiteIndex, at: number, cause: PresenceCause): Map<string, SitePresence | null> {
    const gone: string[] = [];
    for (const assetId of this.#entries.keys()) if (!rows.has(assetId)) gone.push(assetId);
    return this.update(rows.values(), gone, index, at, cause);
  }

  /**
   * A truer arrival for a machine still "at least since" on `siteId` (from its history);
   * returns the changed entry, or null when the machine is elsewhere or its arrival is known.
   */
  refineArrival(assetId: string, siteId: string, since: number, sinceAtLeast: boolean): SitePresence | null {
    const entry = this.#entries.get(assetId);
    if (!entry || entry.siteId !== siteId || !entry.sinceAtLeast) return null;
    // Only an earlier arrival tells more than what is known already.
    if (entry.since !== null && since >= entry.since) return null;
    const next: Entry = { ...entry, since, sinceAtLeast };
    this.#entries.set(assetId, next);
    return publicOf(next);
  }

  #place(row: PositionRow, index: SiteIndex, at: number, cause: PresenceCause): Entry | null {
    const { lat, lng } = row;
    if (lat === null || lng === null || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
    const siteId = index.siteAt(lng, lat)?.id ?? null;
    const held = this.#entries.get(row.assetId);
    const before: StoredPresence | null = held ?? this.#fromStore(row.assetId);
    let since: number | null;
    let sinceAtLeast: boolean;
    if (!before) {
      since = at;
      sinceAtLeast = true;
    } else if (before.siteId === siteId) {
      since = before.since;
      sinceAtLeast = before.sinceAtLeast;
    } else if (cause === 'moved') {
      since = row.gpsAt ?? at;
      sinceAtLeast = false;
    } else {
      since = at;
      sinceAtLeast = true;
    }
    // Words for a place are looked up again only when the machine moved or left a site.
    const samePlace = held !== undefined && held.lat === lat && held.lng === lng && held.siteId === siteId;
    const place = siteId !== null ? null : samePlace ? held.place : this.describePlace(lat, lng);
    return { siteId, since, sinceAtLeast, place, lat, lng };
  }

  #fromStore(assetId: string): StoredPresence | null {
    const stored = this.#stored.get(assetId);
    if (!stored) return null;
    this.#stored.delete(assetId);
    return stored;
  }
}
