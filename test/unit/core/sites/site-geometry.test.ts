import { describe, expect, it } from 'vitest';
import { shapeAreaM2, shapeProblem } from '../../../../src-main/core/sites/site-geometry';
import { box, circle, polygon } from './site-shapes';

describe('site shapes', () => {
  it('accepts a plain box, a box with a hole inside it, and a circle', () => {
    expect(shapeProblem(polygon(box(-112, 40, -111.9, 40.1)))).toBeNull();
    expect(shapeProblem(polygon(box(-112, 40, -111.9, 40.1), box(-111.98, 40.02, -111.92, 40.08)))).toBeNull();
    expect(shapeProblem(circle(-111.9, 40.7, 500))).toBeNull();
  });

  it('refuses a ring whose last corner does not repeat its first', () => {
    const ring = box(-112, 40, -111.9, 40.1);
    ring[ring.length - 1] = [-112, 40.05];
    expect(shapeProblem(polygon(ring))).toBe('The outline is not closed: its last corner must repeat its first.');
  });

  it('refuses a ring with fewer than three different corners', () => {
    expect(shapeProblem(polygon([[-112, 40], [-111.9, 40], [-112, 40], [-111.9, 40], [-112, 40]]))).toBe('The outline needs at least three different corners.');
  });

  it('refuses a ring whose corners lie on one line', () => {
    expect(shapeProblem(polygon([[-112, 40], [-111.95, 40.05], [-111.9, 40.1], [-112, 40]]))).toBe('The outline encloses no area: its corners lie on one line.');
  });

  it('refuses an outline that crosses itself, saying where', () => {
    const bowtie = polygon([[-112, 40], [-111.9, 40.1], [-111.9, 40], [-112, 40.1], [-112, 40]]);
    expect(shapeProblem(bowtie)).toMatch(/^Its edges cross each other near latitude 40\.05000, longitude -111\.95000/);
  });

  it('refuses a hole outside the outline, and one that crosses it', () => {
    expect(shapeProblem(polygon(box(-112, 40, -111.9, 40.1), box(-111.8, 40.02, -111.7, 40.08)))).toBe('Hole 1 lies outside the outline; a hole must be inside the site.');
    expect(shapeProblem(polygon(box(-112, 40, -111.9, 40.1), box(-111.95, 40.02, -111.85, 40.08)))).toMatch(/^Its edges cross each other/);
  });

  it('refuses an outline across the 180° meridian', () => {
    expect(shapeProblem(polygon([[179.9, 10], [-179.9, 10], [-179.9, 10.1], [179.9, 10.1], [179.9, 10]]))).toBe(
      'The outline crosses the 180° meridian; draw the site as two sites, one on each side.',
    );
  });

  it('refuses circles near a pole or across the 180° meridian without failing', () => {
    expect(shapeProblem(circle(0, 89.99, 50_000))).toMatch(/^A circle must stay between latitudes 85° south and 85° north/);
    expect(shapeProblem(circle(10, 90, 5))).toMatch(/too close to a pole/);
    expect(shapeProblem(circle(0, -84.9, 50_000))).toMatch(/too close to a pole/);
    expect(shapeProblem(circle(179.999, 0, 1000))).toBe('A circle must not cross the 180° meridian; draw the site as two sites, one on each side.');
    expect(shapeProblem(circle(-179.999, 0, 1000))).toMatch(/180° meridian/);
  });

  it('measures areas with holes taken out', () => {
    const outer = shapeAreaM2(polygon(box(-112, 40, -111.9, 40.1)));
    const holed = shapeAreaM2(polygon(box(-112, 40, -111.9, 40.1), box(-111.98, 40.02, -111.92, 40.08)));
    // A box of 0.1° at latitude 40 is about 11.1 km by 8.5 km.
    expect(outer).toBeGreaterThan(90e6);
    expect(outer).toBeLessThan(100e6);
    expect(holed).toBeLessThan(outer);
    expect(shapeAreaM2(circle(0, 0, 100))).toBeCloseTo(Math.PI * 100 * 100);
  });
});
