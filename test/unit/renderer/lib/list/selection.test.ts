import { describe, expect, it } from 'vitest';
import { clickSelect, emptySelection, keyMove, pruneSelection, selectAll, toggleFocused, type SelectionState } from '../../../../../src-renderer/src/lib/list/selection';

const ids = ['a', 'b', 'c', 'd', 'e', 'f'];
const sel = (s: SelectionState) => [...s.selected].sort();

describe('mouse selection', () => {
  it('click selects one; ctrl+click toggles; shift+click selects the range from the anchor', () => {
    let s = clickSelect(emptySelection, ids, 'b');
    expect(sel(s)).toEqual(['b']);
    s = clickSelect(s, ids, 'd', { ctrl: true });
    expect(sel(s)).toEqual(['b', 'd']);
    expect(s.anchor).toBe('d');
    s = clickSelect(s, ids, 'f', { shift: true });
    expect(sel(s)).toEqual(['d', 'e', 'f']);
    s = clickSelect(s, ids, 'b', { shift: true });
    expect(sel(s)).toEqual(['b', 'c', 'd']);
    s = clickSelect(s, ids, 'c', { ctrl: true });
    expect(sel(s)).toEqual(['b', 'd']);
  });

  it('ctrl+shift+click adds the range to the selection', () => {
    let s = clickSelect(emptySelection, ids, 'a');
    s = clickSelect(s, ids, 'e', { ctrl: true });
    s = clickSelect(s, ids, 'f', { ctrl: true, shift: true });
    expect(sel(s)).toEqual(['a', 'e', 'f']);
  });
});

describe('keyboard selection', () => {
  it('arrows move focus and selection; shift extends; home/end/page keys clamp', () => {
    let s = keyMove(emptySelection, ids, 'ArrowDown');
    expect(s.focused).toBe('a');
    s = keyMove(s, ids, 'ArrowDown');
    expect(sel(s)).toEqual(['b']);
    s = keyMove(s, ids, 'ArrowDown', { shift: true });
    s = keyMove(s, ids, 'ArrowDown', { shift: true });
    expect(sel(s)).toEqual(['b', 'c', 'd']);
    s = keyMove(s, ids, 'ArrowUp', { shift: true });
    expect(sel(s)).toEqual(['b', 'c']);
    s = keyMove(s, ids, 'End');
    expect(sel(s)).toEqual(['f']);
    s = keyMove(s, ids, 'PageUp', {}, 4);
    expect(s.focused).toBe('b');
    s = keyMove(s, ids, 'PageUp', {}, 4);
    expect(s.focused).toBe('a');
    s = keyMove(s, ids, 'ArrowUp');
    expect(s.focused).toBe('a');
    s = keyMove(s, ids, 'PageDown', { shift: true }, 4);
    expect(sel(s)).toEqual(['a', 'b', 'c', 'd', 'e']);
    s = keyMove(s, ids, 'Home', { shift: true });
    expect(sel(s)).toEqual(['a']);
  });

  it('ctrl+arrow moves focus only; space toggles the focused row', () => {
    let s = clickSelect(emptySelection, ids, 'a');
    s = keyMove(s, ids, 'ArrowDown', { ctrl: true });
    s = keyMove(s, ids, 'ArrowDown', { ctrl: true });
    expect(s.focused).toBe('c');
    expect(sel(s)).toEqual(['a']);
    s = toggleFocused(s);
    expect(sel(s)).toEqual(['a', 'c']);
    s = toggleFocused(s);
    expect(sel(s)).toEqual(['a']);
  });

  it('select all, and pruning ids that disappeared', () => {
    let s = selectAll(emptySelection, ids);
    expect(s.selected.size).toBe(6);
    s = { ...s, focused: 'c', anchor: 'c' };
    s = pruneSelection(s, new Set(['a', 'b']));
    expect(sel(s)).toEqual(['a', 'b']);
    expect(s.focused).toBeNull();
    expect(pruneSelection(s, new Set(['a', 'b']))).toBe(s);
  });
});
