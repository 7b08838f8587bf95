/** fitBounds padding that keeps fitted markers clear of the controls drawn over a map. */
import { fitPadding, type Box, type FitPadding } from './markers';

/** Half the largest cluster bubble, so a bubble on the fitted edge is whole. */
export const EDGE_MARGIN = 28;

/** The controls over the map: its toolbar's items, the marked overlays (legend, notes) and Leaflet's zoom buttons. */
const OVERLAYS = '.tools > *, [data-map-overlay], .leaflet-control-zoom';

export function overlayPadding(wrap: HTMLElement | undefined): FitPadding {
  if (!wrap) return fitPadding({ left: 0, top: 0, right: 0, bottom: 0 }, [], EDGE_MARGIN);
  const box = (el: Element): Box => {
    const r = el.getBoundingClientRect();
    return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
  };
  return fitPadding(box(wrap), [...wrap.querySelectorAll(OVERLAYS)].map(box), EDGE_MARGIN);
}
