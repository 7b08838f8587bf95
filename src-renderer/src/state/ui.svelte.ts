/**
 * What the dispatcher arranged on screen: the view, which panels are open, the list's
 * search, filters, sort and columns, and the short messages (toast, action error).
 * The search text lives here only; filters, sort and columns are remembered in the
 * settings shortly after they change.
 */
import { DEFAULT_SETTINGS } from '@contract';
import type { AppError, ListState, Settings } from '@contract';
import { errorOf } from '../lib/bridge';
import type { ListQuery } from '../lib/list/assetIndex';
import { session } from './session.svelte';

export type MainView = 'assets' | 'aemp';

export class UiStore {
  view = $state<MainView>('assets');
  settingsOpen = $state(false);
  connectionOpen = $state(false);
  exportOpen = $state(false);
  detailsOpen = $state(true);
  mapOpen = $state(true);

  /** The last "show in the Fleet view" request (a new object each time, so asking again opens again). */
  aempRequest = $state.raw<{ serial: string } | null>(null);

  /** Short confirmation, e.g. "Saved to /home/…/assets.csv". */
  toast = $state<string | null>(null);
  /** An error from an action the user took (refresh, export…), shown until dismissed. */
  actionError = $state.raw<AppError | null>(null);

  /** The list's search text: never saved, never sent to the main side. */
  search = $state('');
  /** Filters, sort and columns, as remembered in the settings. */
  list = $state.raw<ListState>(DEFAULT_SETTINGS.list);
  /** The whole query the list applies. */
  readonly query: ListQuery = $derived({ ...this.list, search: this.search });
  readonly filtering: boolean = $derived(this.search.trim() !== '' || this.list.filters.length > 0);

  #saveTimer: ReturnType<typeof setTimeout> | null = null;

  /** Takes the remembered list state from the settings (fields added later fall back to their defaults). */
  restoreList(settings: Settings): void {
    this.list = { ...DEFAULT_SETTINGS.list, ...settings.list };
  }

  setSearch(text: string): void {
    this.search = text;
  }

  /** Changes filters/sort/columns now and remembers them via settings:set shortly after. */
  updateList(patch: Partial<ListState>, saveDelayMs = 500): void {
    this.list = { ...this.list, ...patch };
    if (this.#saveTimer !== null) clearTimeout(this.#saveTimer);
    this.#saveTimer = setTimeout(() => void this.#saveList(), saveDelayMs);
  }

  /** Shows every asset again: no search, no filters (the selection stays). */
  clearSearchAndFilters(): void {
    this.search = '';
    if (this.list.filters.length > 0) this.updateList({ filters: [] });
  }

  toggleFilter(id: string): void {
    const has = this.list.filters.includes(id);
    this.updateList({ filters: has ? this.list.filters.filter((f) => f !== id) : [...this.list.filters, id] });
  }

  async #saveList(): Promise<void> {
    this.#saveTimer = null;
    try {
      await session.saveSettings({ list: this.list });
    } catch (err) {
      this.actionError = errorOf(err);
    }
  }

  /** Opens the Fleet view on the equipment with this serial number. */
  showInAemp(serial: string): void {
    this.aempRequest = { serial };
    this.view = 'aemp';
  }

  notify(text: string): void {
    this.toast = text;
  }

  dismissToast(): void {
    this.toast = null;
  }

  fail(err: unknown): void {
    this.actionError = errorOf(err);
  }

  dismissError(): void {
    this.actionError = null;
  }

  /** Back to a first start (the store is a singleton the app re-inits). */
  dispose(): void {
    if (this.#saveTimer !== null) clearTimeout(this.#saveTimer);
    this.#saveTimer = null;
    this.view = 'assets';
    this.settingsOpen = false;
    this.connectionOpen = false;
    this.exportOpen = false;
    this.detailsOpen = true;
    this.mapOpen = true;
    this.aempRequest = null;
    this.toast = null;
    this.actionError = null;
    this.search = '';
    this.list = DEFAULT_SETTINGS.list;
  }
}

export const ui = new UiStore();
