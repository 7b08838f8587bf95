import type { LngLat, Site, SiteShape } from '../../../../src-main/contract';

/** A closed ring around a box of the given corners. */
export function box(west: number, south: number, east: number, north: number): LngLat[] {
  return [[west, south], [east, south], [east, north], [west, north], [west, south]];
}

export function polygon(...rings: LngLat[][]): SiteShape {
  return { type: 'polygon', rings };
}

export function circle(lng: number, lat: number, radiusM: number): SiteShape {
  return { type: 'circle', center: [lng, lat], radiusM };
}

export function site(id: string, shape: SiteShape, extra: Partial<Site> = {}): Site {
  return { id, name: id, kind: 'yard', notes: '', shape, regionCode: null, createdAt: 0, updatedAt: 0, ...extra };
}
