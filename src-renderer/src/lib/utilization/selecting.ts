/**
 * Selecting machines from the Utilization view: the app's one selection (the Assets view's,
 * which the selection map opens), set to a list of machines or with one toggled.
 */
import type { SelectionState } from '../list/selection';

/** Exactly these machines, the first one focused. */
export function selectionOf(ids: readonly string[]): SelectionState {
  return { selected: new Set(ids), anchor: ids[0] ?? null, focused: ids[0] ?? null };
}

/** The selection with `id` added or taken out. */
export function toggled(state: SelectionState, id: string): SelectionState {
  const selected = new Set(state.selected);
  if (selected.has(id)) selected.delete(id);
  else selected.add(id);
  const focused = selected.has(id) ? id : state.focused === id ? null : state.focused;
  return { selected, anchor: selected.has(id) ? id : state.anchor, focused };
}
