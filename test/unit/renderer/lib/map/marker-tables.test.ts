/**
 * The marker tables (states, colours, shapes, labels, legend) are read from a freshly
 * loaded module, so a change to one of these top-level tables is seen by the test
 * (checked by mutation testing). Every state the marker logic can give needs its own
 * colour and shape (the map tells them apart by both) and words for the tooltip and legend.
 */
import { describe, expect, it, vi } from 'vitest';

async function freshMarkers() {
  vi.resetModules();
  return import('../../../../../src-renderer/src/lib/map/markers');
}

describe('marker tables', () => {
  it('list six distinct states, in the priority order of markerState', async () => {
    const { MARKER_STATES } = await freshMarkers();
    expect(MARKER_STATES).toEqual(['issue', 'stale', 'moving', 'on', 'off', 'unknown']);
  });

  it('give every state a distinct colour and a distinct shape', async () => {
    const { MARKER_STATES, MARKER_COLOURS, MARKER_SHAPES } = await freshMarkers();
    for (const table of [MARKER_COLOURS, MARKER_SHAPES]) {
      expect(Object.keys(table).sort()).toEqual([...MARKER_STATES].sort());
      const values = MARKER_STATES.map((s) => table[s]);
      expect(new Set(values).size).toBe(MARKER_STATES.length);
    }
    for (const s of MARKER_STATES) expect(MARKER_COLOURS[s]).toMatch(/^#[0-9a-f]{6}$/);
    expect(new Set(Object.values(MARKER_SHAPES))).toEqual(new Set(['badge', 'ring', 'arrow', 'dot-in-circle', 'circle', 'diamond']));
  });

  it('give every state distinct words for the tooltip and the legend', async () => {
    const { MARKER_STATES, MARKER_STATE_LABEL, MARKER_LEGEND } = await freshMarkers();
    for (const table of [MARKER_STATE_LABEL, MARKER_LEGEND]) {
      expect(Object.keys(table).sort()).toEqual([...MARKER_STATES].sort());
      const words = MARKER_STATES.map((s) => table[s]);
      for (const w of words) expect(w.trim().length).toBeGreaterThan(3);
      expect(new Set(words).size).toBe(MARKER_STATES.length);
    }
    // The words say what the state means.
    expect(MARKER_STATE_LABEL.stale).toMatch(/stale/);
    expect(MARKER_STATE_LABEL.on).toMatch(/on/);
    expect(MARKER_STATE_LABEL.off).toMatch(/off/);
    expect(MARKER_LEGEND.moving).toMatch(/arrow/i);
    expect(MARKER_LEGEND.issue).toMatch(/flagged/i);
    expect(MARKER_LEGEND.unknown).toMatch(/not reported/i);
  });
});
