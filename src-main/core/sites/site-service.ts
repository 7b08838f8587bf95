/**
 * The active branch's sites and where its machines are. Sites live in the profile's
 * offline store (so they are per branch and offline by construction); presence is worked
 * out here, for the changed rows after each refresh and for every row when the sites
 * change or the branch does, and announced as 'sites:changed' carrying only what changed.
 * Other core modules ask `siteOf` and `presenceOf`.
 */
import { createHash, randomBytes } from 'node:crypto';
import * as v from 'valibot';
import type { SiteFromPlaceSchema } from '../../contract';
import {
  count,
  MAX_SITE_NAME_LENGTH,
  MAX_SITES,
  SiteInputSchema,
  type Asset,
  type AssetChange,
  type EventSink,
  type Site,
  type SitePresence,
  type SitesChange,
  type SitesImportResult,
  type SiteInput,
  type SiteShape,
  type SitesState,
} from '../../contract';
import { regionKey } from '../../contract';
import { FleetError, scrubSecrets } from '../errors';
import type { AssetRepository } from '../assets/asset-repository';
import type { OfflineStore, SiteStore, StoredPresence } from '../ports';
import { shapeBounds, shapeProblem, type Bounds } from './site-geometry';
import { SiteIndex } from './site-index';
import { branchArea, readSitesGeoJson, siteKey, sitesToGeoJson } from './sites-geojson';
import type { ArrivalLookback } from './arrival-lookback';
import { PresenceTracker, type DescribePlace, type PositionRow } from './presence';

export interface SiteServiceOptions {
  profileId: () => string;
  store: () => OfflineStore;
  assets: () => AssetRepository;
  emit: EventSink;
  now?: () => Date;
  /** Words for a position off every site; the offline gazetteer when the app has one. */
  describePlace?: DescribePlace;
  /** New site ids; random by default. */
  newId?: () => string;
  /** Reads when machines first seen on a site arrived there, in the background. */
  arrival?: ArrivalLookback;
  /** Sites made, changed or removed on this desk, after they are kept (a dispatch room shares them). */
  onChanged?: (profileId: string, change: { put: Site[]; removed: Site[] }) => void;
}

function positionOf(row: PositionRow): PositionRow {
  return { assetId: row.assetId, lat: row.lat, lng: row.lng, gpsAt: row.gpsAt };
}

/** The positions inside any of these boxes. */
function positionsWithin(positions: ReadonlyMap<string, PositionRow>, boxes: readonly Bounds[]): PositionRow[] {
  const inside: PositionRow[] = [];
  for (const row of positions.values()) {
    const { lat, lng } = row;
    if (lat === null || lng === null) continue;
    for (const [west, south, east, north] of boxes) {
      if (lng >= west && lng <= east && lat >= south && lat <= north) {
        inside.push(row);
        break;
      }
    }
  }
  return inside;
}

function positionsOf(rows: readonly PositionRow[]): Map<string, PositionRow> {
  const positions = new Map<string, PositionRow>();
  for (const row of rows) positions.set(row.assetId, positionOf(row));
  return positions;
}

/** The store document saying a profile's first sites were seeded. */
const SEEDED_KIND = 'sites';
const SEEDED_KEY = 'seeded';

/** A new site id: `s-` and 16 hex digits. */
export function newSiteId(): string {
  return `s-${randomBytes(8).toString('hex')}`;
}

/**
 * The id of a site every desk seeds alike (the demo's yards and job sites): made from its
 * kind and name, so the desks of one room hold one site, not one copy per desk.
 */
export function seededSiteId(site: Pick<Site, 'kind' | 'name'>): string {
  return `s-${createHash('sha256').update(JSON.stringify([site.kind, site.name])).digest('hex').slice(0, 16)}`;
}

/** The store's sites, or sites kept in memory for the run when the store cannot keep them. */
class MemorySiteStore implements SiteStore {
  #sites = new Map<string, Site>();
  #presence = new Map<string, StoredPresence>();
  list(): Site[] {
    return [...this.#sites.values()];
  }
  change(change: { put: readonly Site[]; remove: readonly string[] }): void {
    for (const id of change.remove) this.#sites.delete(id);
    for (const site of change.put) this.#sites.set(site.id, site);
  }
  presence(): Map<string, StoredPresence> {
    return new Map(this.#presence);
  }
  savePresence(entries: Iterable<readonly [string, StoredPresence | null]>): void {
    for (const [id, entry] of entries) {
      if (entry) this.#presence.set(id, entry);
      else this.#presence.delete(id);
    }
  }
}

interface Branch {
  profileId: string;
  /** Where each machine of the list is, by asset id: kept here so a site edit reads no list. */
  positions: Map<string, PositionRow>;
  store: SiteStore;
  sites: Site[];
  index: SiteIndex;
  tracker: PresenceTracker;
}

export class SiteService {
  #branch: Branch | null = null;
  readonly #now: () => Date;
  readonly #describePlace: DescribePlace;
  readonly #newId: () => string;

  constructor(private readonly options: SiteServiceOptions) {
    this.#now = options.now ?? (() => new Date());
    this.#describePlace = options.describePlace ?? (() => null);
    this.#newId = options.newId ?? newSiteId;
  }

  /** Loads the active profile's sites and places its machines; announces all of it. */
  open(): void {
    const profileId = this.options.profileId();
    const offline = this.options.store();
    const store = offline.siteStore?.() ?? new MemorySiteStore();
    const sites = store.list();
    const tracker = new PresenceTracker(this.#describePlace, store.presence());
    const positions = positionsOf(this.#rows() ?? []);
    const branch: Branch = { profileId, positions, store, sites, index: new SiteIndex(sites), tracker };
    this.#branch = branch;
    this.#record(branch, tracker.replaceAll(positions, branch.index, this.#now().getTime(), 'moved'));
    this.options.emit('sites:changed', { profileId, sites, presence: tracker.all() });
    this.#refineArrivals(branch);
  }

  state(): SitesState {
    const branch = this.#current();
    return { profileId: branch.profileId, sites: branch.sites, presence: branch.tracker.all() };
  }

  /** The active branch's sites (without where the machines are). */
  list(): Site[] {
    return this.#current().sites;
  }

  /** A refresh that changed little: places the changed machines only. */
  noteChange(change: AssetChange): void {
    const branch = this.#current();
    if (change.profileId !== branch.profileId) return;
    const repository = this.options.assets();
    const rows = change.changed.map((asset: Asset) => positionOf(repository.rowOf(asset)));
    for (const row of rows) branch.positions.set(row.assetId, row);
    for (const assetId of change.removed) branch.positions.delete(assetId);
    const changed = branch.tracker.update(rows, change.removed, branch.index, this.#refreshTime(change.fetchedAt), 'moved');
    this.#announce(branch, null, changed);
    this.#refineArrivals(branch);
  }

  /** A refresh that replaced the list (or changed much of it): places every machine. */
  noteList(): void {
    const branch = this.#current();
    const rows = this.#rows();
    if (!rows) return;
    branch.positions = positionsOf(rows);
    const changed = branch.tracker.replaceAll(branch.positions, branch.index, this.#now().getTime(), 'moved');
    this.#announce(branch, null, changed);
    this.#refineArrivals(branch);
  }

  /** The site a machine is on, or null. */
  siteOf(assetId: string): Site | null {
    const branch = this.#branch;
    const siteId = branch?.tracker.get(assetId)?.siteId;
    return siteId ? branch.index.site(siteId) : null;
  }

  /** The site standing for one of the service's `geo-regions` codes, or null. */
  forRegion(code: string): Site | null {
    const key = regionKey(code);
    if (!key) return null;
    return this.#branch?.sites.find((site) => site.regionCode !== null && regionKey(site.regionCode) === key) ?? null;
  }

  /** Whether the branch has any site. */
  hasSites(): boolean {
    return (this.#branch?.sites.length ?? 0) > 0;
  }

  presenceOf(assetId: string): SitePresence | null {
    return this.#branch?.tracker.get(assetId) ?? null;
  }

  /** Creates (no id, or an unused one: undoing a delete) or changes a site. */
  save(raw: SiteInput): Site {
    const parsed = v.safeParse(SiteInputSchema, raw);
    if (!parsed.success) throw new FleetError('invalid-argument', parsed.issues[0].message);
    const input = parsed.output;
    const branch = this.#current();
    const problem = shapeProblem(input.shape);
    if (problem) throw new FleetError('invalid-argument', problem);
    const at = this.#now().getTime();
    const existing = input.id ? branch.sites.find((site) => site.id === input.id) : undefined;
    if (!existing && branch.sites.length >= MAX_SITES) {
      throw new FleetError('invalid-argument', `A branch can hold at most ${count(MAX_SITES)} sites; delete one before adding another.`);
    }
    const site: Site = {
      id: existing?.id ?? input.id ?? this.#unusedId(branch),
      name: input.name,
      kind: input.kind,
      notes: input.notes,
      shape: input.shape,
      regionCode: input.regionCode,
      createdAt: existing?.createdAt ?? at,
      updatedAt: at,
    };
    branch.store.change({ put: [site], remove: [] });
    this.#setSites(branch, existing ? branch.sites.map((s) => (s.id === site.id ? site : s)) : [...branch.sites, site], existing ? [existing.shape, site.shape] : [site.shape]);
    this.options.onChanged?.(branch.profileId, { put: [site], removed: [] });
    return site;
  }

  /**
   * Adds these sites once per profile, when it has none: a branch whose sites were all
   * deleted stays without them.
   */
  seedOnce(inputs: readonly SiteInput[]): void {
    const branch = this.#current();
    const offline = this.options.store();
    if (branch.sites.length > 0 || offline.getDocument(SEEDED_KIND, SEEDED_KEY)) return;
    const at = this.#now().getTime();
    const put: Site[] = [];
    for (const raw of inputs.slice(0, MAX_SITES)) {
      const parsed = v.safeParse(SiteInputSchema, raw);
      if (!parsed.success || shapeProblem(parsed.output.shape)) continue;
      const { name, kind, notes, shape, regionCode } = parsed.output;
      const id = seededSiteId({ kind, name });
      if (put.some((site) => site.id === id)) continue;
      put.push({ id, name, kind, notes, shape, regionCode, createdAt: at, updatedAt: at });
    }
    branch.store.change({ put, remove: [] });
    offline.putDocument(SEEDED_KIND, SEEDED_KEY, true, new Date(at).toISOString());
    this.#setSites(branch, put);
    this.options.onChanged?.(branch.profileId, { put, removed: [] });
  }

  remove(siteId: string): void {
    const branch = this.#current();
    const gone = branch.sites.find((site) => site.id === siteId);
    if (!gone) throw new FleetError('not-found', 'That site does not exist any more.');
    branch.store.change({ put: [], remove: [siteId] });
    this.#setSites(branch, branch.sites.filter((site) => site.id !== siteId), [gone.shape]);
    this.options.onChanged?.(branch.profileId, { put: [], removed: [gone] });
  }

  /**
   * Sites another desk of the room made, changed or removed (already checked): kept and
   * announced like this desk's own, but not handed back to the room. A branch at its limit
   * takes no new site; how many were left out is returned.
   */
  applyFromRoom(profileId: string, change: { put: readonly Site[]; remove: readonly string[] }): number {
    const branch = this.#current();
    if (branch.profileId !== profileId) return 0;
    const byId = new Map(branch.sites.map((site) => [site.id, site]));
    const touched: SiteShape[] = [];
    const removed: string[] = [];
    for (const id of change.remove) {
      const gone = byId.get(id);
      if (!gone) continue;
      byId.delete(id);
      removed.push(id);
      touched.push(gone.shape);
    }
    const put: Site[] = [];
    let leftOut = 0;
    for (const site of change.put) {
      const old = byId.get(site.id);
      if (!old && byId.size >= MAX_SITES) {
        leftOut++;
        continue;
      }
      if (old) touched.push(old.shape);
      touched.push(site.shape);
      byId.set(site.id, site);
      put.push(site);
    }
    if (put.length === 0 && removed.length === 0) return leftOut;
    branch.store.change({ put, remove: removed });
    // Many shapes at once: placing every machine again is cheaper than box by box.
    this.#setSites(branch, [...byId.values()], touched.length <= 64 ? touched : undefined);
    return leftOut;
  }

  /**
   * Reads a GeoJSON file and adds its sites, all of them or none; a site with the name and
   * kind of one the branch has replaces it (same id).
   */
  importGeoJson(text: string): SitesImportResult {
    const branch = this.#current();
    const drafts = readSitesGeoJson(text, branchArea(branch.positions.values()));
    const byKey = new Map(branch.sites.map((site) => [siteKey(site), site]));
    const at = this.#now().getTime();
    let replaced = 0;
    const put: Site[] = drafts.map((draft) => {
      const existing = byKey.get(siteKey(draft));
      if (existing) replaced++;
      return { ...draft, id: existing?.id ?? this.#unusedId(branch), createdAt: existing?.createdAt ?? at, updatedAt: at };
    });
    const total = branch.sites.length + put.length - replaced;
    if (total > MAX_SITES) {
      throw new FleetError(
        'invalid-argument',
        `Importing would give this branch ${count(total)} sites; it can hold at most ${count(MAX_SITES)} (it has ${count(branch.sites.length)}). Nothing was imported.`,
      );
    }
    branch.store.change({ put, remove: [] });
    const byId = new Map(put.map((site) => [site.id, site]));
    const kept = branch.sites.map((site) => byId.get(site.id) ?? site);
    const keptIds = new Set(kept.map((site) => site.id));
    this.#setSites(branch, [...kept, ...put.filter((site) => !keptIds.has(site.id))]);
    this.options.onChanged?.(branch.profileId, { put, removed: [] });
    return { imported: put.length - replaced, replaced };
  }

  exportGeoJson(): { content: string; count: number } {
    const branch = this.#current();
    return { content: sitesToGeoJson(branch.sites), count: branch.sites.length };
  }

  /** One of the service's places (an area asset with a position) as a circle site named after it. */
  fromPlace(place: v.InferInput<typeof SiteFromPlaceSchema>): Site {
    const repository = this.options.assets();
    const asset = repository.asset(place.assetId);
    if (!asset) throw new FleetError('not-found', `${place.assetId} is not in the saved asset list.`);
    if (asset.type !== 'area') throw new FleetError('invalid-argument', `${asset.name} is a machine, not a place; only places can become sites.`);
    const row = repository.rowOf(asset);
    if (row.lat === null || row.lng === null) throw new FleetError('invalid-argument', `${asset.name} has no GPS position to put a site around.`);
    return this.save({
      // Service text may hold line breaks a site name may not: they become spaces.
      name: asset.name.replace(/\p{Cc}+/gu, ' ').trim().slice(0, MAX_SITE_NAME_LENGTH) || asset.assetId,
      kind: place.kind,
      notes: '',
      shape: { type: 'circle', center: [row.lng, row.lat], radiusM: place.radiusM },
      regionCode: row.regions?.length === 1 ? row.regions[0] : null,
    });
  }

  #current(): Branch {
    const branch = this.#branch;
    if (!branch || branch.profileId !== this.options.profileId()) {
      this.open();
      return this.#branch as unknown as Branch;
    }
    return branch;
  }

  #unusedId(branch: Branch): string {
    for (;;) {
      const id = this.#newId();
      if (!branch.sites.some((site) => site.id === id)) return id;
    }
  }

  #rows(): PositionRow[] | null {
    return this.options.assets().rows()?.assets ?? null;
  }

  #refreshTime(fetchedAt: string): number {
    const ms = Date.parse(fetchedAt);
    return Number.isFinite(ms) ? ms : this.#now().getTime();
  }

  /**
   * New sites: the machines are placed again and the change carries the sites. When only
   * the `touched` shapes changed (one site saved or deleted), only machines inside their
   * boxes can have changed site, so only those are placed again; otherwise every machine is.
   */
  #setSites(branch: Branch, sites: Site[], touched?: readonly SiteShape[]): void {
    branch.sites = sites;
    branch.index = new SiteIndex(sites);
    const at = this.#now().getTime();
    const changed = touched
      ? branch.tracker.update(positionsWithin(branch.positions, touched.map(shapeBounds)), [], branch.index, at, 'sites')
      : branch.tracker.replaceAll(branch.positions, branch.index, at, 'sites');
    this.#announce(branch, sites, changed);
    this.#refineArrivals(branch);
  }

  /** The last arrival refinement started, for tests and shutdown to wait on. */
  arrivalsSettled: Promise<void> = Promise.resolve();

  /**
   * Asks, in the background, when the machines "at least since" on a site arrived; the
   * refresh that placed them is not held up, and answers are announced when they come.
   */
  #refineArrivals(branch: Branch): void {
    const arrival = this.options.arrival;
    if (!arrival) return;
    const questions = Object.entries(branch.tracker.all())
      .filter(([, entry]) => entry.siteId !== null && entry.sinceAtLeast)
      .map(([assetId, entry]) => ({ assetId, siteId: entry.siteId as string }));
    if (questions.length === 0) return;
    this.arrivalsSettled = arrival.refine(questions, branch.index).then(
      (found) => {
        // Answers for a branch no longer shown would be announced as the shown one's.
        if (this.#branch !== branch) return;
        const changed = new Map<string, SitePresence | null>();
        for (const q of questions) {
          const got = found.get(q.assetId);
          const entry = got ? branch.tracker.refineArrival(q.assetId, q.siteId, got.since, got.sinceAtLeast) : null;
          if (entry) changed.set(q.assetId, entry);
        }
        this.#announce(branch, null, changed);
      },
      (err: unknown) => {
        console.warn(`Fleet Desk: reading when machines arrived on their sites failed: ${scrubSecrets(err instanceof Error ? err.message : String(err))}`);
      },
    );
  }

  #announce(branch: Branch, sites: Site[] | null, changed: Map<string, SitePresence | null>): void {
    this.#record(branch, changed);
    if (!sites && changed.size === 0) return;
    const change: SitesChange = { profileId: branch.profileId, sites, presence: Object.fromEntries(changed) };
    this.options.emit('sites:changed', change);
  }

  /** Keeps where the machines are for the next start; a store that cannot is not a reason to stop showing it. */
  #record(branch: Branch, changed: Map<string, SitePresence | null>): void {
    if (changed.size === 0) return;
    const entries = [...changed].map(([assetId, entry]): [string, StoredPresence | null] => [
      assetId,
      entry ? { siteId: entry.siteId, since: entry.since, sinceAtLeast: entry.sinceAtLeast } : null,
    ]);
    try {
      branch.store.savePresence(entries);
    } catch (err) {
      console.error(`Fleet Desk: keeping where the machines are failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}
