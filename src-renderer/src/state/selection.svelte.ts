/**
 * Which assets the dispatcher selected, and which one has the focus. A selection
 * belongs to one profile (branch): asset ids of another branch are other assets, so a
 * switch starts with nothing selected until that branch's list arrives, which brings
 * back what was selected there before (the assets it still has). A new snapshot of the
 * same branch keeps the selected assets it still has.
 */
import type { AssetRow } from '@contract';
import { clickSelect, emptySelection, keepListed, keyMove, pruneSelection, selectAll, toggleFocused, type IdLookup, type Modifiers, type NavKey, type SelectionState } from '../lib/list/selection';
import { summarizeSelection, type SelectionSummary } from '../lib/list/summary';
import { assets } from './assets.svelte';
import { clock } from './clock.svelte';
import { appEvents } from './events';
import { session } from './session.svelte';

export class SelectionStore {
  current = $state.raw<SelectionState>(emptySelection);
  /** The profile the selection was made in; null before the first snapshot. */
  profileId = $state<string | null>(null);
  /**
   * The selection in which the dispatcher picked one asset from the summary to look at;
   * any other change of the selection returns the details pane to the summary.
   */
  inspectedIn = $state.raw<SelectionState | null>(null);
  /** What was selected in each branch left, brought back by that branch's next list. */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- read only on a switch; `current` is the state
  readonly #kept = new Map<string, SelectionState>();
  /** The kept selection of the branch switched to, waiting for its list. */
  #toRestore: SelectionState | null = null;

  readonly focusedAsset: AssetRow | null = $derived(this.current.focused ? (assets.byId.get(this.current.focused) ?? null) : null);
  readonly selectedAssets: AssetRow[] = $derived([...this.current.selected].map((id) => assets.byId.get(id)).filter((a): a is AssetRow => !!a));
  /** Selected assets the search and filters hide from the list. */
  readonly hiddenCount: number = $derived.by(() => {
    let hidden = 0;
    for (const id of this.current.selected) if (!assets.visibleSet.has(id)) hidden++;
    return hidden;
  });
  readonly focusedHidden: boolean = $derived(this.focusedAsset !== null && !assets.visibleSet.has(this.focusedAsset.assetId));
  /** What the details pane shows: a summary for several selected assets unless one was picked from it. */
  readonly detailsMode: 'empty' | 'asset' | 'summary' = $derived(
    this.current.selected.size > 1 && this.inspectedIn !== this.current ? 'summary' : this.focusedAsset ? 'asset' : 'empty',
  );
  readonly summary: SelectionSummary | null = $derived.by(() =>
    this.detailsMode === 'summary' ? summarizeSelection(assets.index, this.current.selected, clock.now, session.settings.staleAfterMin) : null,
  );

  constructor() {
    appEvents.on('snapshot', ({ profileId, ids }) => this.#follow(profileId, ids));
    appEvents.on('profile-switched', ({ profileId }) => this.#follow(profileId, null));
  }

  /** Keeps the selected assets `ids` still has; another profile brings back its own once its list is here. */
  #follow(profileId: string, ids: IdLookup | null): void {
    if (this.profileId !== profileId) {
      if (this.profileId !== null && this.current.selected.size > 0) this.#kept.set(this.profileId, this.current);
      else if (this.profileId !== null) this.#kept.delete(this.profileId);
      this.profileId = profileId;
      this.clear();
      this.#toRestore = this.#kept.get(profileId) ?? null;
    }
    if (!ids) return;
    // A choice made in this branch before its list came wins over the kept one.
    const restoring = this.#toRestore !== null && this.current.selected.size === 0;
    const base = restoring && this.#toRestore ? this.#toRestore : this.current;
    this.#toRestore = null;
    this.current = pruneSelection(base, ids);
    // The list shows the dispatcher where they were in this branch.
    if (restoring && this.current.focused !== null) appEvents.emit('reveal-focused');
  }

  clear(): void {
    this.current = emptySelection;
    this.inspectedIn = null;
  }

  click(id: string, mods: Modifiers): void {
    this.current = clickSelect(this.current, assets.visibleIds, id, mods);
  }

  navigate(key: NavKey, mods: Modifiers, pageSize: number): void {
    this.current = keyMove(this.current, assets.visibleIds, key, mods, pageSize);
  }

  toggleFocused(): void {
    this.current = toggleFocused(this.current);
  }

  selectAllVisible(): void {
    this.current = selectAll(this.current, assets.visibleIds);
  }

  /** Drops the selected assets the search and filters hide, keeping the listed ones. */
  selectOnlyVisible(): void {
    this.current = keepListed(this.current, assets.visibleIds);
  }

  /** Looks at one asset of a multi-selection (from the summary): it gets the focus, the selection stays. */
  inspect(id: string): void {
    if (!assets.byId.has(id)) return;
    this.current = { ...this.current, focused: id };
    this.inspectedIn = this.current;
    appEvents.emit('reveal-focused');
  }

  backToSummary(): void {
    this.inspectedIn = null;
  }

  /** Selects one asset from outside the list (a map marker, an alert) and asks the list to reveal it. */
  selectFromMap(id: string, additive = false): void {
    this.current = clickSelect(this.current, assets.visibleIds, id, { ctrl: additive });
    appEvents.emit('reveal-focused');
  }

  dispose(): void {
    this.clear();
    this.profileId = null;
    this.#kept.clear();
    this.#toRestore = null;
  }
}

export const selection = new SelectionStore();
