/**
 * Selecting the machines a nearest look-up found: the whole answer becomes the selection
 * (the list and the map show it), the nearest one focused.
 */
import type { NearestHit } from '@contract';
import type { SelectionState } from '../list/selection';

export function selectionOfHits(hits: readonly Pick<NearestHit, 'assetId'>[]): SelectionState {
  const ids = hits.map((h) => h.assetId);
  const first = ids[0] ?? null;
  return { selected: new Set(ids), anchor: first, focused: first };
}
