/**
 * Whether the map's legend is open, as this browser profile remembers it. The legend is
 * open on the dispatcher's first look at the map and closed from then on, unless they
 * open it again (then it stays open until they close it): a legend that opens every
 * time covers a good part of a small map.
 */
const LEGEND_KEY = 'fleet-desk.map-legend';

/** The legend's state for this map view; a first look marks the legend as seen (closed next time). */
export function legendOpenAtStart(): boolean {
  try {
    const stored = localStorage.getItem(LEGEND_KEY);
    if (stored === null) localStorage.setItem(LEGEND_KEY, 'closed');
    return stored !== 'closed';
  } catch {
    return false; // storage disabled: no way to tell a first look, so the map stays clear
  }
}

export function rememberLegendOpen(open: boolean): void {
  try {
    localStorage.setItem(LEGEND_KEY, open ? 'open' : 'closed');
  } catch {
    // Storage disabled: the choice lasts for this page.
  }
}
