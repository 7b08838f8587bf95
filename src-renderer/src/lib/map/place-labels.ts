/**
 * Where the demo map's place names go on screen, so no name is printed over another:
 * a depot sits on the town it is named after ("Sandy" and "Sandy depot"), the airport's
 * depot beside the airport, and two names at one point read as one smudged word. Names
 * are placed in order of importance; each takes its point, or a free spot just below or
 * above what is in its way, or is left out at this zoom. Names are drawn above the
 * markers, so they also step aside from cluster bubbles and points when they can (a name
 * with no such spot still shows, over the marker). Pure: the caller projects and draws.
 */
import type { MapPlace } from '@contract';

export interface ScreenPoint {
  x: number;
  y: number;
}

/** A name to draw, centred `dy` pixels below its place's point (above when negative). */
export interface PlacedLabel {
  place: MapPlace;
  dy: number;
}

/** Towns first, job sites last: when names collide, the more useful one keeps its spot. */
const PRIORITY: Record<MapPlace['kind'], number> = { city: 0, water: 1, mountain: 2, airport: 3, road: 4, depot: 5, site: 6 };

/**
 * A generous box for a name, from the label styles in markers.css: font size in pixels,
 * average glyph width in ems (wider for the spaced capitals of mountains) and the extra
 * width of the kind's decoration (the depot's square, the road's plate).
 */
const LOOK: Record<MapPlace['kind'], { px: number; em: number; extra: number }> = {
  city: { px: 14, em: 0.62, extra: 4 },
  water: { px: 12, em: 0.62, extra: 4 },
  mountain: { px: 11, em: 0.8, extra: 4 },
  airport: { px: 11, em: 0.6, extra: 4 },
  road: { px: 10, em: 0.62, extra: 12 },
  depot: { px: 11, em: 0.62, extra: 18 },
  site: { px: 10.5, em: 0.6, extra: 4 },
};

/** Room kept between two names, in pixels. */
const GAP = 3;
/** How far a name may move from its point and still read as that point's name, in pixels. */
const MAX_SHIFT = 48;

export function labelSize(place: MapPlace): { width: number; height: number } {
  const look = LOOK[place.kind];
  return { width: Math.ceil(place.name.length * look.px * look.em + look.extra), height: Math.ceil(look.px * 1.3 + 2) };
}

export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

function overlaps(a: Rect, b: Rect): boolean {
  return a.left < b.right + GAP && b.left < a.right + GAP && a.top < b.bottom + GAP && b.top < a.bottom + GAP;
}

/**
 * The names shown at `zoom` in a view of `view` pixels, with their offsets. `project`
 * gives a place's point in the view's pixels; `markers` are the boxes of the markers
 * drawn, in the same pixels. Names whose point is far outside the view are not placed
 * (the map places them again when it moves).
 */
export function placeLabels(
  places: readonly MapPlace[],
  zoom: number,
  project: (lat: number, lng: number) => ScreenPoint,
  view: { width: number; height: number },
  markers: readonly Rect[] = [],
): PlacedLabel[] {
  const margin = 200;
  const shown = places.filter((p) => zoom >= p.minZoom).sort((a, b) => PRIORITY[a.kind] - PRIORITY[b.kind]);
  const taken: Rect[] = [];
  const placed: PlacedLabel[] = [];
  for (const place of shown) {
    const at = project(place.lat, place.lng);
    if (at.x < -margin || at.y < -margin || at.x > view.width + margin || at.y > view.height + margin) continue;
    const { width, height } = labelSize(place);
    const boxAt = (dy: number): Rect => ({ left: at.x - width / 2, right: at.x + width / 2, top: at.y + dy - height / 2, bottom: at.y + dy + height / 2 });
    const clearOfNames = (dy: number) => !taken.some((t) => overlaps(t, boxAt(dy)));
    const clearOfAll = (dy: number) => clearOfNames(dy) && !markers.some((m) => overlaps(m, boxAt(dy)));
    // Blocked: just below what is in the way, else just above it.
    const tries = [0];
    for (const blocker of [...taken, ...markers].filter((r) => overlaps(r, boxAt(0)))) {
      tries.push(blocker.bottom + GAP + height / 2 - at.y, blocker.top - GAP - height / 2 - at.y);
    }
    const near = tries.filter((d) => Math.abs(d) <= MAX_SHIFT).sort((a, b) => Math.abs(a) - Math.abs(b));
    const dy = near.find(clearOfAll) ?? near.find(clearOfNames);
    if (dy === undefined) continue;
    taken.push(boxAt(dy));
    placed.push({ place, dy: Math.round(dy) });
  }
  return placed;
}
