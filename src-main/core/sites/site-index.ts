/**
 * Which site a position is on: the sites' bounding boxes in a packed R-tree (flatbush),
 * then the exact test on the few whose box holds the position. A polygon holds what lies
 * inside its outline and outside its holes, its edges included; a circle what lies within
 * its radius along the Earth's surface. Where sites overlap, the smallest by area wins
 * (a yard inside a job site is the yard), and of equal ones the lowest id.
 */
import Flatbush from 'flatbush';
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import distance from '@turf/distance';
import type { Site } from '../../contract';
import { shapeAreaM2, shapeBounds } from './site-geometry';

interface IndexedSite {
  site: Site;
  area: number;
  holds: (position: [number, number]) => boolean;
}

function holderOf(site: Site): IndexedSite['holds'] {
  const shape = site.shape;
  if (shape.type === 'circle') {
    const center: [number, number] = [shape.center[0], shape.center[1]];
    const radius = shape.radiusM;
    return (position) => distance(position, center, { units: 'meters' }) <= radius;
  }
  const polygon = { type: 'Polygon' as const, coordinates: shape.rings.map((ring) => ring.map(([lng, lat]) => [lng, lat])) };
  return (position) => booleanPointInPolygon(position, polygon);
}

export class SiteIndex {
  readonly #sites: IndexedSite[];
  readonly #tree: Flatbush | null;
  readonly #byId: Map<string, Site>;

  constructor(sites: readonly Site[]) {
    this.#sites = sites.map((site) => ({ site, area: shapeAreaM2(site.shape), holds: holderOf(site) }));
    this.#byId = new Map(sites.map((site) => [site.id, site]));
    if (sites.length === 0) {
      this.#tree = null;
      return;
    }
    const tree = new Flatbush(sites.length);
    for (const { site } of this.#sites) tree.add(...shapeBounds(site.shape));
    tree.finish();
    this.#tree = tree;
  }

  get size(): number {
    return this.#sites.length;
  }

  site(id: string): Site | null {
    return this.#byId.get(id) ?? null;
  }

  /** The site at this position (the smallest of those holding it), or null. */
  siteAt(lng: number, lat: number): Site | null {
    if (!this.#tree) return null;
    const candidates = this.#tree.search(lng, lat, lng, lat);
    let best: IndexedSite | null = null;
    const position: [number, number] = [lng, lat];
    for (const i of candidates) {
      const entry = this.#sites[i];
      if (best && (entry.area > best.area || (entry.area === best.area && entry.site.id > best.site.id))) continue;
      if (entry.holds(position)) best = entry;
    }
    return best?.site ?? null;
  }
}
