/**
 * The branch's sites on a Leaflet map: each outline (polygon or circle) styled by its kind
 * (site-style.ts), labelled with its name and how many machines are on it, and opening the
 * site's page when clicked. The label is built as nodes with `textContent`: a site's name
 * is the dispatcher's text and is never parsed as HTML.
 */
import L from 'leaflet';
import type { Site, SiteShape } from '@contract';
import { siteStyle } from '../sites/site-style';
import { siteLabel } from '../sites/site-label';
import { leafletRings, shapeBounds } from '../sites/site-shapes';
import './sites.css';

/** The outline of a shape as a Leaflet layer (not yet on a map). */
export function shapeLayer(shape: SiteShape, options: L.PathOptions = {}): L.Polygon | L.Circle {
  if (shape.type === 'circle') return L.circle([shape.center[1], shape.center[0]], { ...options, radius: shape.radiusM });
  return L.polygon(leafletRings(shape), options);
}

/** The label of one site: its name and its count, as text nodes. */
export function siteLabelElement(name: string, machines: number): HTMLElement {
  const label = document.createElement('span');
  label.className = 'fd-site-label-text';
  label.textContent = siteLabel(name, machines);
  return label;
}

function pathOptions(site: Site, highlighted: boolean): L.PathOptions {
  const style = siteStyle(site.kind, highlighted);
  // Site ids are `s-` and hex digits (the contract's SITE_ID_PATTERN): safe as a class name.
  return { ...style, dashArray: style.dashArray ?? undefined, className: `fd-site fd-site-${site.kind} fd-site-id-${site.id}` };
}

/** The narrowest outline (on screen) that still shows its label; the name is in the sites pane and on the site's page either way. */
export const MIN_LABELLED_WIDTH_PX = 48;

interface Drawn {
  layer: L.Polygon | L.Circle;
  /** The shape and kind it was drawn for: a change of either draws it anew. */
  key: string;
  label: HTMLElement;
  bounds: [[number, number], [number, number]];
}

export class SiteLayer {
  readonly #group: L.FeatureGroup;
  readonly #drawn = new Map<string, Drawn>();
  readonly #open: (siteId: string) => void;

  readonly #map: L.Map;

  constructor(map: L.Map, open: (siteId: string) => void) {
    this.#map = map;
    this.#open = open;
    this.#group = L.featureGroup().addTo(map);
    map.on('zoomend', this.#fitLabels);
  }

  /** Labels only where the outline is wide enough on screen: small sites side by side would stack their names. */
  readonly #fitLabels = (): void => {
    for (const { layer, bounds } of this.#drawn.values()) {
      // From the shape, not the layer: a circle's own bounds follow the zoom only once it is redrawn.
      const [[south, west], [north, east]] = bounds;
      const width = this.#map.project([north, east]).x - this.#map.project([south, west]).x;
      const tooltip = layer.getTooltip()?.getElement();
      if (tooltip) tooltip.hidden = width < MIN_LABELLED_WIDTH_PX;
    }
  };

  /** Draws `sites` (none when `shown` is false), labelled with their counts; `highlightId` is drawn thicker. */
  draw(sites: readonly Site[], counts: Readonly<Record<string, number>>, shown: boolean, highlightId: string | null, hiddenId: string | null = null): void {
    const wanted = new Set(shown ? sites.filter((s) => s.id !== hiddenId).map((s) => s.id) : []);
    for (const [id, drawn] of this.#drawn) {
      if (!wanted.has(id)) {
        this.#group.removeLayer(drawn.layer);
        this.#drawn.delete(id);
      }
    }
    if (!shown) return;
    let added = false;
    for (const site of sites) {
      if (!wanted.has(site.id)) continue;
      const key = `${site.kind}|${JSON.stringify(site.shape)}`;
      let drawn = this.#drawn.get(site.id);
      if (drawn && drawn.key !== key) {
        this.#group.removeLayer(drawn.layer);
        drawn = undefined;
      }
      if (!drawn) {
        const layer = shapeLayer(site.shape, pathOptions(site, false));
        const label = siteLabelElement(site.name, 0);
        layer.bindTooltip(label, { permanent: true, direction: 'center', className: 'fd-site-label', interactive: false });
        layer.on('click', () => this.#open(site.id));
        this.#group.addLayer(layer);
        drawn = { layer, key, label, bounds: shapeBounds(site.shape) };
        this.#drawn.set(site.id, drawn);
        added = true;
      }
      drawn.label.textContent = siteLabel(site.name, counts[site.id] ?? 0);
      drawn.layer.setStyle({ weight: siteStyle(site.kind, site.id === highlightId).weight });
    }
    if (added) this.#stackSmallestOnTop();
    this.#fitLabels();
  }

  /** A site inside a larger one stays clickable: outlines are stacked largest first, smallest on top. */
  #stackSmallestOnTop(): void {
    const area = ({ bounds: [[s, w], [n, e]] }: Drawn) => (n - s) * (e - w);
    for (const drawn of [...this.#drawn.values()].sort((a, b) => area(b) - area(a))) drawn.layer.bringToFront();
  }

  /** How many outlines are on the map (for tests and the map's count). */
  get size(): number {
    return this.#drawn.size;
  }

  remove(): void {
    this.#map.off('zoomend', this.#fitLabels);
    this.#group.remove();
    this.#drawn.clear();
  }
}
