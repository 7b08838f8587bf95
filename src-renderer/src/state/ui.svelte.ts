/**
 * What the dispatcher arranged on screen: the view, which panels are open, the list's
 * search, filters, sort and columns, and the short messages (toast, action error).
 * The search text lives here only; filters, sort and columns are the active branch's
 * settings (the main side keeps them per branch), remembered shortly after they change.
 */
import { DEFAULT_SETTINGS } from '@contract';
import type { AppError, ListState } from '@contract';
import { errorOf } from '../lib/bridge';
import type { ListQuery } from '../lib/list/assetIndex';
import { appEvents } from './events';
import { session } from './session.svelte';

export type MainView = 'assets' | 'aemp' | 'utilization';

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
  /** A change of filters, sort or columns not yet saved; null once the settings hold it. */
  #edited = $state.raw<ListState | null>(null);
  /** Filters, sort and columns: the active branch's, as remembered in the settings, or a change on its way there. */
  readonly list: ListState = $derived.by(() => {
    const next = this.#edited ?? { ...DEFAULT_SETTINGS.list, ...session.settings.list };
    // The same object while the values stay: a change of another setting lists nothing anew.
    if (sameList(next, this.#lastList)) return this.#lastList;
    return (this.#lastList = next);
  });
  #lastList: ListState = DEFAULT_SETTINGS.list;
  /** The whole query the list applies. */
  readonly query: ListQuery = $derived({ ...this.list, search: this.search });
  readonly filtering: boolean = $derived(this.search.trim() !== '' || this.list.filters.length > 0);

  #saveTimer: ReturnType<typeof setTimeout> | null = null;

  constructor() {
    // Another branch shows its own list settings; a change not yet saved was the last branch's.
    appEvents.on('profile-switched', () => this.#dropUnsaved());
  }

  #dropUnsaved(): void {
    if (this.#saveTimer !== null) clearTimeout(this.#saveTimer);
    this.#saveTimer = null;
    this.#edited = null;
  }

  setSearch(text: string): void {
    this.search = text;
  }

  /** Changes filters/sort/columns now and remembers them via settings:set shortly after. */
  updateList(patch: Partial<ListState>, saveDelayMs = 500): void {
    this.#edited = { ...this.list, ...patch };
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
    const sent = this.#edited;
    if (!sent) return;
    try {
      await session.saveSettings({ list: sent });
      // The settings now hold it (unless it changed again meanwhile, or the branch did).
      if (this.#edited === sent) this.#edited = null;
    } catch (err) {
      // Refused: the change stays on screen for this page, with the reason.
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
    this.#dropUnsaved();
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
  }
}

function sameList(a: ListState, b: ListState): boolean {
  const sameItems = (x: readonly string[], y: readonly string[]) => x.length === y.length && x.every((item, i) => item === y[i]);
  return a.sort === b.sort && a.descending === b.descending && sameItems(a.filters, b.filters) && sameItems(a.columns, b.columns);
}

export const ui = new UiStore();
