/** Bringing an alert's asset into view: the Assets view, its row visible, it selected. */
import { assets } from '../assets.svelte';
import { selection } from '../selection.svelte';
import { ui } from '../ui.svelte';

/** Selects the asset on the map and in the list, clearing a search or filter that hides it. */
export function showAlertAsset(assetId: string, name?: string): void {
  const label = assets.byId.get(assetId)?.name || name || assetId;
  if (!assets.byId.has(assetId)) {
    ui.notify(`${label} is not in the current asset list`);
    return;
  }
  ui.view = 'assets';
  if (!assets.visibleSet.has(assetId)) {
    ui.clearSearchAndFilters();
    ui.notify(`Cleared the search and filters to show ${label}`);
  }
  selection.selectFromMap(assetId);
}
