/**
 * Sites shared by the desks of a branch through the room server: one key-value bucket,
 * one key per site (its id, the same on every desk). A removed site is written as a
 * removal with its time and author, so it reaches the desks that were away too.
 *
 * The later change wins, checked by revision: a desk writes a site at the revision it last
 * saw; when another desk wrote that site in between, the desk still writes its own when it
 * is the later change (by the time of change) and tells its dispatcher whose change it
 * replaced, or else takes the other desk's. Every desk watches the bucket and tells its
 * dispatcher what another desk changed.
 *
 * A site changed or removed while the server is away stays changed on the desk (a removal
 * is remembered in the profile's store); on joining again each is compared with the
 * room's by the time of the change: the later one wins.
 */
import type { KV, KvWatchEntry } from '@nats-io/kv';
import * as v from 'valibot';
import { MAX_SITES, plainText, SiteIdSchema, SiteInputSchema, type RoomSharedChange, type Site } from '../../contract';
import type { OfflineStore } from '../ports';
import { shapeProblem } from '../sites/site-geometry';
import { describe, readEntry, SharedBucket, writeChecked } from './shared-bucket';

/** Largest site read from the room (5,000 corners at full precision fit with room to spare). */
export const MAX_SHARED_SITE_BYTES = 512 * 1024;
/** How long changes from the room are gathered before they are applied and told at once (an import brings many). */
const GATHER_MS = 100;
/** The store document remembering sites removed on this desk, for the next join. */
const REMOVED_KIND = 'room';
const REMOVED_KEY = 'removed-sites';

const EpochMsSchema = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(8.64e15));

/** One site as the room carries it; `site` null: removed at `at` by `by`. */
const SharedSiteSchema = v.strictObject({
  id: SiteIdSchema,
  by: v.nullable(plainText(80, 'The dispatcher’s name')),
  /** When the site was last changed (its `updatedAt`), or removed. */
  at: EpochMsSchema,
  site: v.nullable(
    v.strictObject({
      name: v.unknown(),
      kind: v.unknown(),
      notes: v.unknown(),
      shape: v.unknown(),
      regionCode: v.unknown(),
      createdAt: EpochMsSchema,
    }),
  ),
});

export interface SharedSite {
  id: string;
  by: string | null;
  at: number;
  /** The site as it is now, or null when it was removed. */
  site: Site | null;
}

/** One entry from the room, or null for anything that is not a valid site (or removal) filed under its own id. */
export function readSharedSite(key: string, data: Uint8Array): SharedSite | null {
  const entry = readEntry(data, MAX_SHARED_SITE_BYTES, SharedSiteSchema);
  if (!entry || entry.id !== key) return null;
  if (!entry.site) return { id: entry.id, by: entry.by, at: entry.at, site: null };
  const parsed = v.safeParse(SiteInputSchema, { ...entry.site, id: entry.id });
  if (!parsed.success || shapeProblem(parsed.output.shape)) return null;
  const { name, kind, notes, shape, regionCode } = parsed.output;
  return { id: entry.id, by: entry.by, at: entry.at, site: { id: entry.id, name, kind, notes, shape, regionCode, createdAt: entry.site.createdAt, updatedAt: entry.at } };
}

/** What the room carries for a site of this desk, or its removal. */
function toShared(id: string, by: string | null, at: number, site: Site | null): unknown {
  return {
    id,
    by,
    at,
    site: site && { name: site.name, kind: site.kind, notes: site.notes, shape: site.shape, regionCode: site.regionCode, createdAt: site.createdAt },
  };
}

/** Same place, name and words: two desks that seeded or drew the same site hold one site. */
function sameSite(a: Site, b: Site): boolean {
  return a.name === b.name && a.kind === b.kind && a.notes === b.notes && a.regionCode === b.regionCode && JSON.stringify(a.shape) === JSON.stringify(b.shape);
}

interface Removal {
  at: number;
  by: string | null;
}

const RemovalsSchema = v.record(SiteIdSchema, v.strictObject({ at: EpochMsSchema, by: v.nullable(v.string()) }));

export interface SharedSitesOptions {
  bucket: (options: { history: number }) => Promise<KV>;
  /** The profile's sites as this desk holds them. */
  local: () => Site[];
  /** The profile's store, where removals wait for the next join. */
  store: () => OfflineStore;
  /** Keeps sites from another desk (already checked); returns how many new ones the branch had no room for. */
  apply: (change: { put: Site[]; remove: string[] }) => number;
  notify: (change: Omit<RoomSharedChange, 'profileId'>) => void;
  /** This desk's name, written with its changes. */
  deskName: string | null;
  now?: () => number;
  onProblem?: (problem: string) => void;
}

export class SharedSites extends SharedBucket<SharedSite> {
  /** The revision of each site this desk last saw. */
  readonly #seen = new Map<string, number>();
  /** Changes from the room not applied yet (gathered for GATHER_MS). */
  #gathered: Array<{ theirs: SharedSite; revision: number }> = [];
  #gatherTimer: ReturnType<typeof setTimeout> | null = null;
  readonly #now: () => number;

  constructor(private readonly o: SharedSitesOptions) {
    super({ open: () => o.bucket({ history: 5 }), label: 'Sites', ...(o.onProblem ? { onProblem: o.onProblem } : {}) });
    this.#now = o.now ?? Date.now;
  }

  protected read(key: string, data: Uint8Array): SharedSite | null {
    return readSharedSite(key, data);
  }

  protected received(key: string, theirs: SharedSite, entry: KvWatchEntry): void {
    // A revision older than one this desk wrote or read since is already settled.
    if (entry.revision < (this.#seen.get(key) ?? 0)) return;
    this.#seen.set(key, entry.revision);
    // Values read when the watch starts were compared on joining: only news is applied.
    if (!entry.isUpdate && !this.#newer(theirs)) return;
    this.#gather(theirs, entry.revision);
  }

  override stop(): void {
    super.stop();
    if (this.#gatherTimer) clearTimeout(this.#gatherTimer);
    this.#gatherTimer = null;
    this.#gathered = [];
  }

  /** Sites changed or removed on this desk: removals are remembered, then all go to the room if the desk is in it. */
  async publish(change: { put: readonly Site[]; removed: readonly Site[] }): Promise<void> {
    const at = this.#now();
    if (change.removed.length > 0) {
      const removals = this.#removals();
      for (const site of change.removed) removals[site.id] = { at, by: this.o.deskName };
      this.#keepRemovals(removals);
    }
    const kv = this.kv;
    if (!kv) return; // compared with the room's on the next join
    for (const site of change.put) await this.#write(kv, site.id, site.updatedAt, site, this.o.deskName);
    for (const site of change.removed) await this.#write(kv, site.id, at, null, this.o.deskName);
  }

  /** After time apart: for each site the later change (or removal) wins, here and in the room. */
  protected async reconcile(kv: KV): Promise<void> {
    // Revisions seen before time apart may belong to a bucket the server has since lost.
    this.#seen.clear();
    const mine = new Map(this.o.local().map((site) => [site.id, site]));
    const removals = this.#removals();
    const room = new Map<string, SharedSite>();
    for await (const key of await kv.keys()) {
      const entry = await kv.get(key);
      if (!entry || entry.operation !== 'PUT') continue;
      this.#seen.set(key, entry.revision);
      const theirs = readSharedSite(key, entry.value);
      if (theirs) room.set(key, theirs);
      else this.problem('Sites: an entry from the room was refused (not one Fleet Desk understands)');
    }
    const take: SharedSite[] = [];
    for (const [id, theirs] of room) {
      const site = mine.get(id);
      const removal = removals[id];
      if (site) {
        if (theirs.site && sameSite(site, theirs.site)) continue;
        if (site.updatedAt > theirs.at) await this.#write(kv, id, site.updatedAt, site, this.o.deskName, theirs);
        else take.push(theirs);
      } else if (removal && removal.at > theirs.at) {
        if (theirs.site) await this.#write(kv, id, removal.at, null, removal.by);
      } else if (theirs.site) {
        take.push(theirs);
      }
    }
    for (const [id, site] of mine) if (!room.has(id)) await this.#write(kv, id, site.updatedAt, site, this.o.deskName);
    // Removals the room now holds need not be remembered here any more.
    const left = Object.fromEntries(Object.entries(removals).filter(([id]) => !room.has(id) && !mine.has(id)));
    if (Object.keys(left).length !== Object.keys(removals).length) this.#keepRemovals(left);
    if (take.length > 0) this.#applyNow(take);
  }

  /** Whether a site from the room is news to this desk (differs and is not older than what it holds). */
  #newer(theirs: SharedSite): boolean {
    const site = this.o.local().find((s) => s.id === theirs.id);
    if (!site) return theirs.site !== null && !((this.#removals()[theirs.id]?.at ?? -1) > theirs.at);
    if (theirs.site && sameSite(site, theirs.site)) return false;
    return theirs.at >= site.updatedAt;
  }

  #gather(theirs: SharedSite, revision: number): void {
    this.#gathered.push({ theirs, revision });
    this.#gatherTimer ??= setTimeout(() => {
      this.#gatherTimer = null;
      // A site this desk changed since (written, or being written) is settled by that write.
      const batch = this.#gathered.filter((g) => !this.isWriting(g.theirs.id) && g.revision >= (this.#seen.get(g.theirs.id) ?? 0)).map((g) => g.theirs);
      this.#gathered = [];
      this.#applyNow(batch);
    }, GATHER_MS);
  }

  /** Applies changes from the room at once, and tells the dispatcher who changed what. */
  #applyNow(batch: readonly SharedSite[]): void {
    const last = new Map<string, SharedSite>();
    for (const theirs of batch) last.set(theirs.id, theirs);
    const mine = new Map(this.o.local().map((site) => [site.id, site]));
    const put: SharedSite[] = [];
    const removed: SharedSite[] = [];
    for (const theirs of last.values()) {
      const site = mine.get(theirs.id);
      if (theirs.site) {
        if (!site || !sameSite(site, theirs.site)) put.push(theirs);
      } else if (site) {
        removed.push(theirs);
      }
    }
    if (put.length === 0 && removed.length === 0) return;
    let leftOut = 0;
    try {
      leftOut = this.o.apply({ put: put.map((s) => s.site as Site), remove: removed.map((s) => s.id) });
    } catch (err) {
      this.problem(`Sites from the room could not be kept (${describe(err)})`);
      return;
    }
    if (leftOut > 0) this.problem(`${leftOut} sites from the room were left out: a branch holds at most ${MAX_SITES}`);
    this.#tell(put, 'changed', (s) => s.site?.name ?? s.id);
    this.#tell(removed, 'removed', (s) => mine.get(s.id)?.name ?? s.id);
  }

  /** One notice per desk and kind of change. */
  #tell(changes: readonly SharedSite[], how: 'changed' | 'removed', name: (s: SharedSite) => string): void {
    const byDesk = new Map<string | null, SharedSite[]>();
    for (const s of changes) byDesk.set(s.by, [...(byDesk.get(s.by) ?? []), s]);
    for (const [by, list] of byDesk) {
      const at = Math.max(...list.map((s) => s.at));
      this.o.notify({ kind: 'site', names: list.map(name), how, by, at: new Date(at).toISOString() });
    }
  }

  /**
   * The later change wins: this desk's site is written over an earlier one another desk
   * wrote meanwhile, and its dispatcher is told; a later one found there is taken instead.
   * `over`: the room's version this desk knowingly writes over (after time apart).
   */
  async #write(kv: KV, id: string, at: number, site: Site | null, by: string | null, over: SharedSite | null = null): Promise<void> {
    const mine: SharedSite = { id, by, at, site };
    let replaced: SharedSite | null = over;
    let later: SharedSite | null = null;
    try {
      await this.writing(id, () =>
        writeChecked(kv, id, mine, {
          seen: this.#seen,
          read: readSharedSite,
          merge: (ours, theirs) => {
            // A change made after this desk's (two desks rejoining at once, or clocks apart) stands.
            if (theirs && theirs.at > ours.at) {
              later = theirs;
              return null;
            }
            const differs = theirs && (theirs.site === null ? ours.site !== null : ours.site === null || !sameSite(ours.site, theirs.site));
            if (theirs && differs) replaced = theirs;
            return ours;
          },
          encode: (s) => toShared(s.id, s.by, s.at, s.site),
        }),
      );
    } catch (err) {
      this.problem(`A site could not be shared with the room (${describe(err)})`);
      return;
    }
    const standing = later as SharedSite | null;
    if (standing) {
      this.#applyNow([standing]);
      return;
    }
    const theirs = replaced as SharedSite | null;
    if (theirs) this.o.notify({ kind: 'site', names: [site?.name ?? theirs.site?.name ?? id], how: 'replaced', by: theirs.by, at: new Date(theirs.at).toISOString() });
  }

  #removals(): Record<string, Removal> {
    const kept = this.o.store().getDocument<unknown>(REMOVED_KIND, REMOVED_KEY)?.value;
    const parsed = v.safeParse(RemovalsSchema, kept ?? {});
    return parsed.success ? { ...parsed.output } : {};
  }

  #keepRemovals(removals: Record<string, Removal>): void {
    // The newest removals, as many as a branch has sites: older ones the room has long taken.
    const newest = Object.entries(removals)
      .sort((a, b) => b[1].at - a[1].at)
      .slice(0, MAX_SITES);
    try {
      this.o.store().putDocument(REMOVED_KIND, REMOVED_KEY, Object.fromEntries(newest), new Date(this.#now()).toISOString());
    } catch (err) {
      this.problem(`A removed site could not be remembered for the room (${describe(err)})`);
    }
  }
}
