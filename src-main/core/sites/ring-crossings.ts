/**
 * Where a polygon's edges cross or touch each other, other than where consecutive edges
 * of a ring meet. The edges' boxes go into a packed R-tree (flatbush) and only edges whose
 * boxes overlap are compared, so a 5,000-corner outline is checked in a few thousand
 * comparisons, not the twelve million of every pair (the quadratic check @turf/kinks
 * makes; its answers are the oracle of this module's tests).
 */
import Flatbush from 'flatbush';
import type { LngLat } from '../../contract';

interface Edge {
  ring: number;
  /** Position of the edge in its ring, and how many edges the ring has. */
  at: number;
  of: number;
  ax: number;
  ay: number;
  bx: number;
  by: number;
}

function orientation(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  const v = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
  return v > 0 ? 1 : v < 0 ? -1 : 0;
}

function within(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): boolean {
  return Math.min(ax, bx) <= cx && cx <= Math.max(ax, bx) && Math.min(ay, by) <= cy && cy <= Math.max(ay, by);
}

/** Where two edges meet, or null. */
export function edgesMeet(e: Edge, f: Edge): LngLat | null {
  const o1 = orientation(e.ax, e.ay, e.bx, e.by, f.ax, f.ay);
  const o2 = orientation(e.ax, e.ay, e.bx, e.by, f.bx, f.by);
  const o3 = orientation(f.ax, f.ay, f.bx, f.by, e.ax, e.ay);
  const o4 = orientation(f.ax, f.ay, f.bx, f.by, e.bx, e.by);
  if (o1 !== o2 && o3 !== o4) {
    const d = (e.bx - e.ax) * (f.by - f.ay) - (e.by - e.ay) * (f.bx - f.ax);
    const t = d === 0 ? 0 : ((f.ax - e.ax) * (f.by - f.ay) - (f.ay - e.ay) * (f.bx - f.ax)) / d;
    return [e.ax + t * (e.bx - e.ax), e.ay + t * (e.by - e.ay)];
  }
  if (o1 === 0 && within(e.ax, e.ay, e.bx, e.by, f.ax, f.ay)) return [f.ax, f.ay];
  if (o2 === 0 && within(e.ax, e.ay, e.bx, e.by, f.bx, f.by)) return [f.bx, f.by];
  if (o3 === 0 && within(f.ax, f.ay, f.bx, f.by, e.ax, e.ay)) return [e.ax, e.ay];
  if (o4 === 0 && within(f.ax, f.ay, f.bx, f.by, e.bx, e.by)) return [e.bx, e.by];
  return null;
}

/** The edges of closed rings, repeated corners dropped (an edge of no length meets nothing). */
function edgesOf(rings: readonly (readonly LngLat[])[]): Edge[] {
  const edges: Edge[] = [];
  rings.forEach((ring, r) => {
    const corners = ring.filter((p, i) => i === 0 || p[0] !== ring[i - 1][0] || p[1] !== ring[i - 1][1]);
    const of = corners.length - 1;
    for (let i = 0; i < of; i++) {
      edges.push({ ring: r, at: i, of, ax: corners[i][0], ay: corners[i][1], bx: corners[i + 1][0], by: corners[i + 1][1] });
    }
  });
  return edges;
}

function consecutive(e: Edge, f: Edge): boolean {
  if (e.ring !== f.ring) return false;
  const gap = Math.abs(e.at - f.at);
  return gap === 1 || gap === e.of - 1;
}

/** The first place where the rings' edges cross or touch (besides consecutive edges' shared corner), or null. */
export function firstCrossing(rings: readonly (readonly LngLat[])[]): LngLat | null {
  const edges = edgesOf(rings);
  if (edges.length < 2) return null;
  const tree = new Flatbush(edges.length);
  for (const e of edges) tree.add(Math.min(e.ax, e.bx), Math.min(e.ay, e.by), Math.max(e.ax, e.bx), Math.max(e.ay, e.by));
  tree.finish();
  for (let i = 0; i < edges.length; i++) {
    const e = edges[i];
    for (const j of tree.search(Math.min(e.ax, e.bx), Math.min(e.ay, e.by), Math.max(e.ax, e.bx), Math.max(e.ay, e.by))) {
      if (j <= i || consecutive(e, edges[j])) continue;
      const meet = edgesMeet(e, edges[j]);
      if (meet) return meet;
    }
  }
  return null;
}
