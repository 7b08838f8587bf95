/**
 * Multi-selection over an ordered list of ids, the way desktop lists behave:
 * click selects one, Ctrl/Cmd+click toggles, Shift+click selects the range from the
 * anchor; arrows move focus (with Shift they extend the range), Space toggles,
 * Ctrl/Cmd+A selects all. Pure: every function returns a new state.
 */
export interface SelectionState {
  selected: ReadonlySet<string>;
  anchor: string | null;
  focused: string | null;
}

export const emptySelection: SelectionState = { selected: new Set(), anchor: null, focused: null };

export interface Modifiers {
  ctrl?: boolean;
  shift?: boolean;
}

function range(ids: readonly string[], from: string | null, to: string): Set<string> {
  const end = ids.indexOf(to);
  let start = from === null ? -1 : ids.indexOf(from);
  if (start === -1) start = end;
  const [lo, hi] = start <= end ? [start, end] : [end, start];
  return new Set(ids.slice(lo, hi + 1));
}

export function clickSelect(state: SelectionState, ids: readonly string[], id: string, mods: Modifiers = {}): SelectionState {
  if (mods.shift) {
    const span = range(ids, state.anchor, id);
    const selected = mods.ctrl ? new Set([...state.selected, ...span]) : span;
    return { selected, anchor: state.anchor ?? id, focused: id };
  }
  if (mods.ctrl) {
    const selected = new Set(state.selected);
    if (selected.has(id)) selected.delete(id);
    else selected.add(id);
    return { selected, anchor: id, focused: id };
  }
  return { selected: new Set([id]), anchor: id, focused: id };
}

export type NavKey = 'ArrowUp' | 'ArrowDown' | 'Home' | 'End' | 'PageUp' | 'PageDown';

export function isNavKey(key: string): key is NavKey {
  return key === 'ArrowUp' || key === 'ArrowDown' || key === 'Home' || key === 'End' || key === 'PageUp' || key === 'PageDown';
}

/** Moves focus; without modifiers the selection follows focus, with Shift it extends, with Ctrl only focus moves. */
export function keyMove(state: SelectionState, ids: readonly string[], key: NavKey, mods: Modifiers = {}, pageSize = 10): SelectionState {
  if (ids.length === 0) return state;
  const current = state.focused === null ? -1 : ids.indexOf(state.focused);
  let next: number;
  switch (key) {
    case 'ArrowUp':
      next = current === -1 ? 0 : current - 1;
      break;
    case 'ArrowDown':
      next = current + 1;
      break;
    case 'Home':
      next = 0;
      break;
    case 'End':
      next = ids.length - 1;
      break;
    case 'PageUp':
      next = current === -1 ? 0 : current - pageSize;
      break;
    case 'PageDown':
      next = current === -1 ? Math.min(pageSize, ids.length - 1) : current + pageSize;
      break;
  }
  next = Math.max(0, Math.min(ids.length - 1, next));
  const id = ids[next];
  if (mods.shift) return { selected: range(ids, state.anchor ?? state.focused, id), anchor: state.anchor ?? state.focused ?? id, focused: id };
  if (mods.ctrl) return { ...state, focused: id };
  return { selected: new Set([id]), anchor: id, focused: id };
}

/** Space: toggles the focused row. */
export function toggleFocused(state: SelectionState): SelectionState {
  if (state.focused === null) return state;
  const selected = new Set(state.selected);
  if (selected.has(state.focused)) selected.delete(state.focused);
  else selected.add(state.focused);
  return { selected, anchor: state.focused, focused: state.focused };
}

export function selectAll(state: SelectionState, ids: readonly string[]): SelectionState {
  return { selected: new Set(ids), anchor: state.anchor, focused: state.focused ?? ids[0] ?? null };
}

/** Whether an id is in a list (a set of ids, or a map keyed by them). */
export interface IdLookup {
  has(id: string): boolean;
}

/** Drops ids that no longer exist (after a new snapshot), keeping the rest. */
export function pruneSelection(state: SelectionState, existing: IdLookup): SelectionState {
  let changed = false;
  const selected = new Set<string>();
  for (const id of state.selected) {
    if (existing.has(id)) selected.add(id);
    else changed = true;
  }
  const anchor = state.anchor !== null && existing.has(state.anchor) ? state.anchor : null;
  const focused = state.focused !== null && existing.has(state.focused) ? state.focused : null;
  if (!changed && anchor === state.anchor && focused === state.focused) return state;
  return { selected, anchor, focused };
}

/**
 * Keeps only the selected ids that are listed (`ids`, in list order). The focus stays when
 * its row is listed, else moves to the first kept row; the anchor likewise.
 */
export function keepListed(state: SelectionState, ids: readonly string[]): SelectionState {
  const listed = new Set(ids);
  const selected = new Set([...state.selected].filter((id) => listed.has(id)));
  const keep = (id: string | null) => (id !== null && listed.has(id) ? id : null);
  const focused = keep(state.focused) ?? ids.find((id) => selected.has(id)) ?? null;
  return { selected, anchor: keep(state.anchor) ?? focused, focused };
}
