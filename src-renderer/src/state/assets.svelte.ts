/**
 * The active branch's assets as rows (contract AssetRow: what the list, map, filters and
 * search use; an asset's full record is fetched when it is selected, see
 * asset-detail.svelte.ts): the last good snapshot with the changes applied to it,
 * the list the search and filters make of it, and the trail shown on the map. Data
 * from the main side is held in `$state.raw` and replaced, never mutated; errors never
 * clear the snapshot.
 */
import type { AssetRow, AssetRowChange, AssetRowSnapshot, TrailPoint } from '@contract';
import { call, bridge, onUnreadableList, BridgeError } from '../lib/bridge';
import { takeFirstList } from '../lib/first-list';
import { assetsById, type IndexedAsset, type ListResult } from '../lib/list/assetIndex';
import { reindexAssets } from '../lib/list/reindex';
import { byIdAfter, nameTagsAfter } from '../lib/list/carryOver';
import { ListView, type ListedIds } from '../lib/list/listView';
import { SiteLayer } from '../lib/list/siteLayer';
import { notesStore } from './notes.svelte';
import { nameTags, type NameTag } from '../lib/list/disambiguate';
import { perfMark } from '../lib/perf';
import { parseTime } from '../lib/format/time';
import { clock } from './clock.svelte';
import { appEvents } from './events';
import { session } from './session.svelte';
import { sitesStore } from './sites.svelte';
import { ui } from './ui.svelte';

/** The rows of no snapshot (one array, so the index built for it is reused). */
const NO_ASSETS: readonly AssetRow[] = [];

export interface Trail {
  /** The branch the trail was drawn in: ids of another branch are other assets. */
  profileId: string | null;
  assetId: string;
  points: TrailPoint[];
  hours: number;
}

export class AssetsStore {
  snapshot = $state.raw<AssetRowSnapshot | null>(null);
  refreshing = $state(false);
  /** Observed positions of one asset for the map, or null when no trail is shown. */
  trail = $state.raw<Trail | null>(null);

  /** Each machine's site (and note, for the search) as the list shows, searches, sorts and filters it: made once per announcement of the sites or the notes. */
  readonly sites: SiteLayer = $derived(new SiteLayer(sitesStore.sites, sitesStore.presence, notesStore.notes));
  /** Lowercase search keys etc., built once per snapshot. */
  readonly index: IndexedAsset[] = $derived(this.#indexed().index);
  readonly byId: Map<string, AssetRow> = $derived(this.#lookups().byId);
  /** Tags that tell apart assets sharing a name ("Airport Job site · area:3"). */
  readonly nameTags: Map<string, NameTag> = $derived(this.#lookups().nameTags);
  /** The list's sort orders and recent searches for this index (see listView.ts). */
  readonly #view: ListView = $derived(this.#indexed().view);
  /** The list as the search, filters and sort make it. */
  readonly result: ListResult = $derived.by(() => this.#view.apply(ui.query, clock.now, this.#staleAfterMin));
  /** The stale threshold as a number, so a change of another setting (the refresh interval) lists nothing anew. */
  readonly #staleAfterMin: number = $derived(session.settings.staleAfterMin);
  /** The listed ids in order (built when read: a keystroke does not need them). */
  readonly visibleIds: string[] = $derived(this.result.rows.map((r) => r.asset.assetId));
  /** Whether an id is listed, without a set of 50,000 strings per keystroke. */
  readonly visibleSet: ListedIds = $derived(this.#view.listed(this.result.rows));
  /** The index and list view last built, and the rows they were built for. */
  #built: { assets: readonly AssetRow[]; sites: SiteLayer; index: IndexedAsset[]; view: ListView } | null = null;

  /**
   * The index and list view of the shown rows: after a small change, made from the last
   * ones by indexing and placing the changed rows only (reindex.ts, ListView.after).
   */
  #indexed(): { index: IndexedAsset[]; view: ListView } {
    const assets = this.snapshot?.assets ?? NO_ASSETS;
    const sites = this.sites;
    const last = this.#built;
    if (last?.assets === assets) {
      if (last.sites !== sites) this.#built = { ...last, sites, view: last.view.withSites(sites) };
      return this.#built!;
    }
    const { index, delta } = reindexAssets(last?.index ?? [], assets);
    const view = last && delta ? last.view.after(index, delta).withSites(sites) : new ListView(index, sites);
    this.#built = { assets, sites, index, view };
    return this.#built;
  }

  /** The id lookup and name tags last built, and the rows they were built for. */
  #looked: { assets: readonly AssetRow[]; byId: Map<string, AssetRow>; nameTags: Map<string, NameTag> } | null = null;

  /** The id lookup and name tags of the shown rows; after a small change, carried over (carryOver.ts). */
  #lookups(): { byId: Map<string, AssetRow>; nameTags: Map<string, NameTag> } {
    const assets = this.snapshot?.assets ?? NO_ASSETS;
    const last = this.#looked;
    if (last?.assets === assets) return last;
    this.#looked = last
      ? { assets, byId: byIdAfter(last.assets, last.byId, assets), nameTags: nameTagsAfter(last.assets, last.nameTags, assets) }
      : { assets, byId: assetsById(assets), nameTags: nameTags(assets) };
    return this.#looked;
  }

  #offs: (() => void)[] = [];
  /** The branch shown; a trail asked for in another one is dropped when it arrives. */
  #profileId: string | null = null;

  constructor() {
    // A trail is one branch's: the same asset id elsewhere is another machine.
    appEvents.on('profile-switched', ({ profileId }) => {
      this.#profileId = profileId;
      this.trail = null;
    });
  }

  /** Lists and changes shown from events: a load begun before one of them is older than it. */
  #eventsShown = 0;

  /** Listens (once) and shows what the main side has (cache first, no network). */
  async init(): Promise<void> {
    if (this.#offs.length === 0) {
      const events = bridge();
      this.#offs.push(
        events.on('assets', (snap) => {
          this.#eventsShown++;
          this.setSnapshot(snap);
        }),
        events.on('assets:changed', (change) => {
          this.#eventsShown++;
          this.applyChange(change);
        }),
        // The snapshot shown stays; the dispatcher sees why the new one is not.
        onUnreadableList((error) => ui.fail(new BridgeError(error))),
      );
    }
    await this.#load();
  }

  dispose(): void {
    for (const off of this.#offs.splice(0)) off();
    takeFirstList(); // an early answer not taken belongs to the page that asked
    this.snapshot = null;
    this.refreshing = false;
    this.trail = null;
    this.#profileId = null;
  }

  setSnapshot(snapshot: AssetRowSnapshot): void {
    perfMark('fd:data-ready');
    clock.dataArrived(parseTime(snapshot.fetchedAt));
    this.snapshot = snapshot;
    this.#profileId = snapshot.profileId;
    // The id lookup the list builds anyway (one more set of every id would slow the cold start).
    const ids = this.byId;
    if (this.trail && (this.trail.profileId !== snapshot.profileId || !ids.has(this.trail.assetId))) this.trail = null;
    appEvents.emit('snapshot', { profileId: snapshot.profileId, ids });
  }

  /**
   * Applies a small change to the shown snapshot; unchanged assets keep their objects and
   * removed ones leave the list, the selection and the map. When the change was made
   * against another snapshot, asks for the whole list instead.
   */
  applyChange(change: AssetRowChange): void {
    const shown = this.snapshot;
    if (shown && shown.profileId === change.profileId && shown.fetchedAt === change.fetchedAt) return; // already shown
    const assets = shown && shown.profileId === change.profileId && shown.fetchedAt === change.baseFetchedAt ? patchAssets(shown.assets, this.byId, change) : null;
    if (!assets) {
      void this.#load();
      return;
    }
    this.setSnapshot({ profileId: change.profileId, assets, skipped: change.skipped, fetchedAt: change.fetchedAt, source: change.source });
  }

  async #load(): Promise<void> {
    const seen = this.#eventsShown;
    const pending = takeFirstList() ?? call('assets:get');
    try {
      const snapshot = await pending;
      // An event shown meanwhile is at least as new as this answer.
      if (snapshot && this.#eventsShown === seen) this.setSnapshot(snapshot);
    } catch (err) {
      ui.fail(err); // the last good snapshot stays
    }
  }

  /** Fetches now; the new list arrives as an event like every other (the call returns nothing to show). */
  async refresh(): Promise<void> {
    if (this.refreshing) return;
    this.refreshing = true;
    try {
      await call('assets:refresh');
      ui.actionError = null;
    } catch (err) {
      ui.fail(err); // the last good snapshot stays
    } finally {
      this.refreshing = false;
    }
  }

  async showTrail(assetId: string, hours = 24): Promise<void> {
    const profileId = this.#profileId;
    try {
      const points = await call('trail:get', assetId, hours);
      if (this.#profileId !== profileId) return; // asked in a branch no longer shown
      this.trail = { profileId, assetId, points, hours };
      if (points.length === 0) ui.notify('No recorded positions for this asset yet');
    } catch (err) {
      ui.fail(err);
    }
  }

  hideTrail(): void {
    this.trail = null;
  }
}

/** The list after `change`, or null when the change names an asset the list does not have. */
function patchAssets(current: readonly AssetRow[], byId: ReadonlyMap<string, AssetRow>, change: AssetRowChange): AssetRow[] | null {
  const changed = new Map(change.changed.map((asset) => [asset.assetId, asset]));
  if (change.order) {
    const next: AssetRow[] = [];
    for (const id of change.order) {
      const asset = changed.get(id) ?? byId.get(id);
      if (!asset) return null;
      next.push(asset);
    }
    return next;
  }
  const removed = new Set(change.removed);
  const next: AssetRow[] = [];
  for (const asset of current) if (!removed.has(asset.assetId)) next.push(changed.get(asset.assetId) ?? asset);
  return next;
}

export const assets = new AssetsStore();
