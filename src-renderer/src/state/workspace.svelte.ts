/**
 * The dispatcher's workspace: the last good snapshot, list state, selection, settings,
 * sync status and which panels are open. Data from the main side is held in
 * `$state.raw` and replaced, never mutated. Errors never clear the snapshot.
 */
import { DEFAULT_SETTINGS } from '@contract';
import type { AppError, AppInfo, AssetChange, AssetSnapshot, ListState, MenuCommand, ProfilesState, Settings, SyncStatus, Asset, TrailPoint } from '@contract';
import { call, errorOf, bridge } from '../lib/bridge';
import { applyList, assetsById, idSet, idSetOf, indexAssets, type IndexedAsset, type ListResult } from '../lib/list/assetIndex';
import { clickSelect, emptySelection, keepListed, keyMove, pruneSelection, selectAll, toggleFocused, type Modifiers, type NavKey, type SelectionState } from '../lib/list/selection';
import { nameTags, type NameTag } from '../lib/list/disambiguate';
import { summarizeSelection, type SelectionSummary } from '../lib/list/summary';
import { Clock } from './clock.svelte';
import { perfMark } from '../lib/perf';
import { parseTime } from '../lib/format/time';
import { countOf } from '../lib/format/numbers';
import { deliverExport } from '../lib/export/deliver';

export { DEFAULT_SETTINGS };

export type MainView = 'assets' | 'aemp';

export class Workspace {
  readonly clock: Clock;

  appInfo = $state.raw<AppInfo | null>(null);
  /** Connection profiles (branches) and which is active; null until the main side answers. */
  profiles = $state.raw<ProfilesState | null>(null);
  /** The active branch's name, or null before the profiles are known. */
  readonly branchName: string | null = $derived(this.profiles?.profiles.find((p) => p.id === this.profiles?.activeId)?.name ?? null);
  snapshot = $state.raw<AssetSnapshot | null>(null);
  status = $state.raw<SyncStatus | null>(null);
  settings = $state.raw<Settings>(DEFAULT_SETTINGS);
  list = $state.raw<ListState>(DEFAULT_SETTINGS.list);
  selection = $state.raw<SelectionState>(emptySelection);
  view = $state<MainView>('assets');

  refreshing = $state(false);
  /** An error from an action the user took (refresh, export…), shown until dismissed. */
  actionError = $state.raw<AppError | null>(null);
  /** Short confirmation, e.g. "Saved to /home/…/assets.csv". */
  toast = $state<string | null>(null);
  loaded = $state(false);

  settingsOpen = $state(false);
  connectionOpen = $state(false);
  detailsOpen = $state(true);
  mapOpen = $state(true);
  /** Bumped to ask the list to scroll the focused row into view (e.g. after a map click). */
  revealTick = $state(0);
  /** Bumped to ask the search box to take focus. */
  searchFocusTick = $state(0);

  /** Lowercase search keys etc., built once per snapshot. */
  readonly index: IndexedAsset[] = $derived(indexAssets(this.snapshot?.assets ?? []));
  readonly byId: Map<string, Asset> = $derived(assetsById(this.snapshot?.assets ?? []));
  readonly result: ListResult = $derived.by(() => applyList(this.index, this.list, this.clock.now, this.settings.staleAfterMin));
  readonly visibleIds: string[] = $derived(this.result.rows.map((r) => r.asset.assetId));
  readonly focusedAsset: Asset | null = $derived(this.selection.focused ? (this.byId.get(this.selection.focused) ?? null) : null);
  readonly selectedAssets: Asset[] = $derived([...this.selection.selected].map((id) => this.byId.get(id)).filter((a): a is Asset => !!a));
  /** Tags that tell apart assets sharing a name ("Airport Job site · area:3"). */
  readonly nameTags: Map<string, NameTag> = $derived(nameTags(this.snapshot?.assets ?? []));
  readonly visibleSet: ReadonlySet<string> = $derived(idSetOf(this.visibleIds));
  /** Selected assets the search and filters hide from the list. */
  readonly hiddenSelectedCount: number = $derived.by(() => {
    let hidden = 0;
    for (const id of this.selection.selected) if (!this.visibleSet.has(id)) hidden++;
    return hidden;
  });
  readonly focusedHidden: boolean = $derived(this.focusedAsset !== null && !this.visibleSet.has(this.focusedAsset.assetId));
  readonly filtering: boolean = $derived(this.list.search.trim() !== '' || this.list.filters.length > 0);

  /**
   * The selection in which the dispatcher picked one asset from the summary to look at;
   * any other change of the selection returns the details pane to the summary.
   */
  inspectedIn = $state.raw<SelectionState | null>(null);
  /** What the details pane shows: a summary for several selected assets unless one was picked from it. */
  readonly detailsMode: 'empty' | 'asset' | 'summary' = $derived(
    this.selection.selected.size > 1 && this.inspectedIn !== this.selection ? 'summary' : this.focusedAsset ? 'asset' : 'empty',
  );
  readonly selectionSummary: SelectionSummary | null = $derived.by(() =>
    this.detailsMode === 'summary' ? summarizeSelection(this.index, this.selection.selected, this.clock.now, this.settings.staleAfterMin) : null,
  );

  #saveTimer: ReturnType<typeof setTimeout> | null = null;
  #unsubscribe: (() => void)[] = [];
  onCommand: (command: MenuCommand) => void = () => {};

  constructor(clock: Clock = new Clock()) {
    this.clock = clock;
  }

  /** Loads what the main side has (cache first, no network) and listens for updates. */
  async init(): Promise<void> {
    const events = bridge();
    this.#unsubscribe.push(
      events.on('status', (s) => this.setStatus(s)),
      events.on('assets', (snap) => this.setSnapshot(snap)),
      events.on('assets:changed', (change) => this.applyChange(change)),
      events.on('menu:command', ({ command }) => this.onCommand(command)),
      events.on('profiles:changed', (next) => this.#profilesChanged(next)),
      // The list state is the workspace's own; only the rest follows changes made elsewhere.
      events.on('settings', (next) => (this.settings = { ...next, list: this.settings.list })),
    );
    const [info, settings, status, snapshot] = await Promise.allSettled([call('app:info'), call('settings:get'), call('status:get'), call('assets:get')]);
    if (info.status === 'fulfilled') this.appInfo = info.value;
    if (settings.status === 'fulfilled') {
      this.settings = settings.value;
      // Fields added later (columns) fall back to their defaults.
      this.list = { ...DEFAULT_SETTINGS.list, ...settings.value.list };
    }
    if (status.status === 'fulfilled') this.status = status.value;
    if (snapshot.status === 'fulfilled' && snapshot.value) this.setSnapshot(snapshot.value);
    const failed = [info, settings, status, snapshot].find((r) => r.status === 'rejected');
    if (failed && failed.status === 'rejected') this.actionError = errorOf(failed.reason);
    this.loaded = true;
    void this.#loadProfiles();
  }

  async #loadProfiles(): Promise<void> {
    try {
      const state = await call('profiles:list');
      this.profiles ??= state; // an announcement that came first is newer
    } catch {
      // Without the list the header just does not name the branch.
    }
  }

  /** A switch (or an edit) of profiles: the branch name and what depends on the profile (demo) follow. */
  async #profilesChanged(next: ProfilesState): Promise<void> {
    const switched = this.profiles?.activeId !== next.activeId;
    this.profiles = next;
    if (!switched) return;
    try {
      this.appInfo = await call('app:info');
    } catch {
      // Keep the last one; the next switch asks again.
    }
  }

  dispose(): void {
    for (const off of this.#unsubscribe) off();
    this.#unsubscribe = [];
    if (this.#saveTimer !== null) clearTimeout(this.#saveTimer);
  }

  setStatus(status: SyncStatus): void {
    this.status = status;
    // Read the time now, not at the next tick, so "Synced … · just now" never reads "in 11 s".
    this.clock.dataArrived(parseTime(status.lastSyncAt));
  }

  setSnapshot(snapshot: AssetSnapshot): void {
    perfMark('fd:data-ready');
    this.clock.dataArrived(parseTime(snapshot.fetchedAt));
    this.snapshot = snapshot;
    this.selection = pruneSelection(this.selection, idSet(snapshot.assets));
  }

  /**
   * Applies a small change to the shown snapshot; unchanged assets keep their objects.
   * When the change was made against another snapshot, asks for the whole list instead.
   */
  applyChange(change: AssetChange): void {
    const shown = this.snapshot;
    if (shown && shown.profileId === change.profileId && shown.fetchedAt === change.fetchedAt) return; // already shown
    const assets = shown && shown.profileId === change.profileId && shown.fetchedAt === change.baseFetchedAt ? patchAssets(shown.assets, this.byId, change) : null;
    if (!assets) {
      void this.#reloadSnapshot();
      return;
    }
    this.setSnapshot({ profileId: change.profileId, assets, skipped: change.skipped, fetchedAt: change.fetchedAt, source: change.source });
  }

  async #reloadSnapshot(): Promise<void> {
    try {
      const snapshot = await call('assets:get');
      if (snapshot) this.setSnapshot(snapshot);
    } catch (err) {
      this.actionError = errorOf(err); // the last good snapshot stays
    }
  }

  async refresh(): Promise<void> {
    if (this.refreshing) return;
    this.refreshing = true;
    try {
      const next = await call('assets:refresh');
      // The refresh also announced this list as an 'assets' event, usually first: show it once.
      const shown = this.snapshot;
      if (!shown || shown.fetchedAt !== next.fetchedAt || shown.profileId !== next.profileId || shown.source !== next.source) this.setSnapshot(next);
      this.actionError = null;
    } catch (err) {
      this.actionError = errorOf(err); // the last good snapshot stays
    } finally {
      this.refreshing = false;
    }
  }

  // ------------------------------------------------------------ list state

  /** Changes search/filter/sort now and remembers it via settings:set shortly after. */
  updateList(patch: Partial<ListState>, saveDelayMs = 500): void {
    this.list = { ...this.list, ...patch };
    if (this.#saveTimer !== null) clearTimeout(this.#saveTimer);
    this.#saveTimer = setTimeout(() => void this.#saveList(), saveDelayMs);
  }

  /** Shows every asset again: no search, no filters (the selection stays). */
  clearSearchAndFilters(): void {
    this.updateList({ search: '', filters: [] });
  }

  toggleFilter(id: string): void {
    const has = this.list.filters.includes(id);
    this.updateList({ filters: has ? this.list.filters.filter((f) => f !== id) : [...this.list.filters, id] });
  }

  async #saveList(): Promise<void> {
    this.#saveTimer = null;
    try {
      this.settings = await call('settings:set', { list: this.list });
    } catch (err) {
      this.actionError = errorOf(err);
    }
  }

  async saveSettings(patch: Partial<Settings>): Promise<void> {
    this.settings = await call('settings:set', patch); // errors go to the caller (the dialog shows them)
  }

  // ------------------------------------------------------------ selection

  click(id: string, mods: Modifiers): void {
    this.selection = clickSelect(this.selection, this.visibleIds, id, mods);
  }

  navigate(key: NavKey, mods: Modifiers, pageSize: number): void {
    this.selection = keyMove(this.selection, this.visibleIds, key, mods, pageSize);
  }

  toggleFocused(): void {
    this.selection = toggleFocused(this.selection);
  }

  selectAllVisible(): void {
    this.selection = selectAll(this.selection, this.visibleIds);
  }

  /** Drops the selected assets the search and filters hide, keeping the listed ones. */
  selectOnlyVisible(): void {
    this.selection = keepListed(this.selection, this.visibleIds);
  }

  /** Looks at one asset of a multi-selection (from the summary): it gets the focus, the selection stays. */
  inspect(id: string): void {
    if (!this.byId.has(id)) return;
    this.selection = { ...this.selection, focused: id };
    this.inspectedIn = this.selection;
    this.revealTick++;
  }

  backToSummary(): void {
    this.inspectedIn = null;
  }

  /** Selects one asset from outside the list (a map marker) and asks the list to reveal it. */
  selectFromMap(id: string, additive = false): void {
    this.selection = clickSelect(this.selection, this.visibleIds, id, { ctrl: additive });
    this.revealTick++;
  }

  // ------------------------------------------------------------ trail

  /** Observed positions of one asset for the map, or null when no trail is shown. */
  trail = $state.raw<{ assetId: string; points: TrailPoint[]; hours: number } | null>(null);

  async showTrail(assetId: string, hours = 24): Promise<void> {
    try {
      const points = await call('trail:get', assetId, hours);
      this.trail = { assetId, points, hours };
      if (points.length === 0) this.toast = 'No recorded positions for this asset yet';
    } catch (err) {
      this.actionError = errorOf(err);
    }
  }

  hideTrail(): void {
    this.trail = null;
  }

  // ------------------------------------------------------------ export

  async exportCsv(): Promise<void> {
    try {
      const result = await call('export:assetsCsv', this.visibleIds);
      // The same delivery as the export choices (ExportDialog).
      const message = deliverExport(result, (how, where) => (how === 'downloaded' ? `Downloaded ${countOf(result.count, 'asset')} as ${where}` : `Saved ${countOf(result.count, 'asset')} to ${where}`));
      if (message) this.toast = message;
    } catch (err) {
      this.actionError = errorOf(err);
    }
  }
}

/** The list after `change`, or null when the change names an asset the list does not have. */
function patchAssets(current: readonly Asset[], byId: ReadonlyMap<string, Asset>, change: AssetChange): Asset[] | null {
  const changed = new Map(change.changed.map((asset) => [asset.assetId, asset]));
  if (change.order) {
    const next: Asset[] = [];
    for (const id of change.order) {
      const asset = changed.get(id) ?? byId.get(id);
      if (!asset) return null;
      next.push(asset);
    }
    return next;
  }
  const removed = new Set(change.removed);
  const next: Asset[] = [];
  for (const asset of current) if (!removed.has(asset.assetId)) next.push(changed.get(asset.assetId) ?? asset);
  return next;
}
