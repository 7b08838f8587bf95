/**
 * A tiny RGB raster for the demo map tiles: filled polygons (even-odd), thick
 * polylines and circle outlines, drawn at a higher resolution and averaged down so
 * edges come out smooth. No font, no native code; pure and deterministic.
 */

export type Rgb = readonly [number, number, number];

/** A point in the raster's output pixels (0…size). */
export type Point = readonly [number, number];

export class Raster {
  /** Samples per output pixel along each axis. */
  readonly scale: number;
  private readonly side: number;
  private readonly rgb: Uint8Array;
  /** When set, drawing only changes samples whose clip value is 1. */
  private clip: Uint8Array | null = null;

  constructor(
    readonly size: number,
    background: Rgb,
    scale = 2,
  ) {
    this.scale = scale;
    this.side = size * scale;
    this.rgb = new Uint8Array(this.side * this.side * 3);
    this.rgb.set(background, 0);
    // Fill by doubling the painted prefix: a few copies instead of a call per pixel.
    for (let filled = 3; filled < this.rgb.length; filled *= 2) this.rgb.copyWithin(filled, 0, Math.min(filled, this.rgb.length - filled));
  }

  private span(y: number, x0: number, x1: number, colour: Rgb): void {
    if (y < 0 || y >= this.side) return;
    const from = Math.max(0, Math.ceil(x0 - 0.5));
    const to = Math.min(this.side - 1, Math.floor(x1 - 0.5));
    const clip = this.clip;
    for (let x = from, at = (y * this.side + from) * 3; x <= to; x++, at += 3) {
      if (clip && clip[at / 3] !== 1) continue;
      this.rgb[at] = colour[0];
      this.rgb[at + 1] = colour[1];
      this.rgb[at + 2] = colour[2];
    }
  }

  /**
   * Limits later drawing to where the listed polygons, filled in order, leave a 1
   * (e.g. the city minus its lakes and airport); null draws everywhere again.
   */
  setClip(rings: readonly { ring: readonly Point[]; value: 0 | 1 }[] | null): void {
    if (!rings) {
      this.clip = null;
      return;
    }
    const clip = new Uint8Array(this.side * this.side);
    for (const { ring, value } of rings) this.scanPolygon(ring, (y, x0, x1) => {
      const from = Math.max(0, Math.ceil(x0 - 0.5));
      const to = Math.min(this.side - 1, Math.floor(x1 - 0.5));
      if (to >= from) clip.fill(value, y * this.side + from, y * this.side + to + 1);
    });
    this.clip = clip;
  }

  /** Fills a polygon (output pixel coordinates), even-odd, sampled at sample centres. */
  fillPolygon(ring: readonly Point[], colour: Rgb): void {
    this.scanPolygon(ring, (y, x0, x1) => this.span(y, x0, x1, colour));
  }

  private scanPolygon(ring: readonly Point[], fill: (y: number, x0: number, x1: number) => void): void {
    const s = this.scale;
    const pts = ring.map(([x, y]) => [x * s, y * s] as const);
    if (pts.length < 3) return;
    let minY = Infinity;
    let maxY = -Infinity;
    for (const [, y] of pts) {
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
    }
    const yFrom = Math.max(0, Math.floor(minY));
    const yTo = Math.min(this.side - 1, Math.ceil(maxY));
    const crossings: number[] = [];
    for (let y = yFrom; y <= yTo; y++) {
      const cy = y + 0.5;
      crossings.length = 0;
      for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
        const [xi, yi] = pts[i];
        const [xj, yj] = pts[j];
        if (yi > cy !== yj > cy) crossings.push(xi + ((cy - yi) / (yj - yi)) * (xj - xi));
      }
      crossings.sort((a, b) => a - b);
      for (let k = 0; k + 1 < crossings.length; k += 2) fill(y, crossings[k], crossings[k + 1]);
    }
  }

  /** Strokes a polyline `width` output pixels wide with round joins and caps. */
  strokeLine(points: readonly Point[], width: number, colour: Rgb): void {
    const s = this.scale;
    const half = (width * s) / 2;
    for (let i = 0; i + 1 < points.length; i++) {
      const ax = points[i][0] * s;
      const ay = points[i][1] * s;
      const bx = points[i + 1][0] * s;
      const by = points[i + 1][1] * s;
      const dx = bx - ax;
      const dy = by - ay;
      const len2 = dx * dx + dy * dy;
      const yFrom = Math.max(0, Math.floor(Math.min(ay, by) - half));
      const yTo = Math.min(this.side - 1, Math.ceil(Math.max(ay, by) + half));
      const xFrom = Math.max(0, Math.floor(Math.min(ax, bx) - half));
      const xTo = Math.min(this.side - 1, Math.ceil(Math.max(ax, bx) + half));
      if (xFrom > xTo || yFrom > yTo) continue;
      for (let y = yFrom; y <= yTo; y++) {
        const py = y + 0.5;
        for (let x = xFrom; x <= xTo; x++) {
          const px = x + 0.5;
          const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len2));
          const ex = ax + t * dx - px;
          const ey = ay + t * dy - py;
          if (ex * ex + ey * ey <= half * half) {
            if (this.clip && this.clip[y * this.side + x] !== 1) continue;
            const at = (y * this.side + x) * 3;
            this.rgb[at] = colour[0];
            this.rgb[at + 1] = colour[1];
            this.rgb[at + 2] = colour[2];
          }
        }
      }
    }
  }

  /** Strokes an axis-aligned ellipse outline (centre and radii in output pixels). */
  strokeEllipse(cx: number, cy: number, rx: number, ry: number, width: number, colour: Rgb): void {
    const s = this.scale;
    const half = (width * s) / 2;
    const [x0, y0, ax, ay] = [cx * s, cy * s, rx * s, ry * s];
    const outerY = ay + half;
    const yFrom = Math.max(0, Math.floor(y0 - outerY));
    const yTo = Math.min(this.side - 1, Math.ceil(y0 + outerY));
    for (let y = yFrom; y <= yTo; y++) {
      const dy = y + 0.5 - y0;
      // Outer and inner ellipses, their radii grown and shrunk by half the width.
      const outer = ellipseHalfWidth(ax + half, ay + half, dy);
      if (outer === null) continue;
      const inner = ax - half > 0 && ay - half > 0 ? ellipseHalfWidth(ax - half, ay - half, dy) : null;
      if (inner === null) {
        this.span(y, x0 - outer, x0 + outer, colour);
      } else {
        this.span(y, x0 - outer, x0 - inner, colour);
        this.span(y, x0 + inner, x0 + outer, colour);
      }
    }
  }

  /** The raster averaged down to `size` × `size` RGB pixels. */
  pixels(): Uint8Array {
    const { size, scale, side } = this;
    const out = new Uint8Array(size * size * 3);
    const n = scale * scale;
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        let r = 0;
        let g = 0;
        let b = 0;
        for (let sy = 0; sy < scale; sy++) {
          let at = ((y * scale + sy) * side + x * scale) * 3;
          for (let sx = 0; sx < scale; sx++, at += 3) {
            r += this.rgb[at];
            g += this.rgb[at + 1];
            b += this.rgb[at + 2];
          }
        }
        const o = (y * size + x) * 3;
        out[o] = Math.round(r / n);
        out[o + 1] = Math.round(g / n);
        out[o + 2] = Math.round(b / n);
      }
    }
    return out;
  }
}

/** Half the width of an ellipse (radii rx, ry) at height dy from its centre, or null outside it. */
function ellipseHalfWidth(rx: number, ry: number, dy: number): number | null {
  const k = 1 - (dy * dy) / (ry * ry);
  return k < 0 ? null : rx * Math.sqrt(k);
}
