/**
 * Sites on the asset map in one piece, so the map component only wires it: the outlines
 * (site-layer.ts), drawing and reshaping (site-drawing.ts), and the map's own key for
 * taking back the last site edit.
 */
import type L from 'leaflet';
import type { Site, SiteShape } from '@contract';
import { SiteLayer } from './site-layer';
import { SiteDrawing } from './site-drawing';
import { SITE_UNDO_CHORD, isTypingTarget, matchesChord } from '../shortcuts';

export interface SiteMapHooks {
  /** A site's outline was clicked. */
  open(siteId: string): void;
  /** A shape was drawn (or made with the keyboard) and waits for the form. */
  drawn(shape: SiteShape): void;
  /** Padding that keeps a fitted site clear of the controls over the map. */
  padding(): L.FitBoundsOptions;
}

export function attachSiteMap(map: L.Map, hooks: SiteMapHooks) {
  const layer = new SiteLayer(map, hooks.open);
  const drawing = new SiteDrawing(map, hooks.drawn);
  return {
    control: {
      draw: (kind: 'Polygon' | 'Rectangle' | 'Circle') => drawing.draw(kind),
      circleAtCentre: (radiusM: number) => drawing.circleAtCentre(radiusM),
      rectangleOfView: () => drawing.rectangleOfView(),
      zoomTo: (site: Site) => drawing.zoomTo(site.shape, hooks.padding()),
      editShape: (site: Site) => drawing.editShape(site),
      finishEdit: () => drawing.finishEdit(),
      cancelEdit: () => drawing.cancelEdit(),
    },
    draw: (sites: readonly Site[], counts: Readonly<Record<string, number>>, shown: boolean, highlightId: string | null, editingId: string | null) =>
      layer.draw(sites, counts, shown, highlightId, editingId),
    showPreview: (shape: SiteShape | null) => drawing.showPreview(shape),
    stopDrawing: () => drawing.stopDrawing(),
    remove: () => {
      drawing.remove();
      layer.remove();
    },
  };
}

export type SiteMap = ReturnType<typeof attachSiteMap>;

/** Whether a key press on the map asks to undo the last site edit (Ctrl+Z or Cmd+Z, not while typing). */
export function isSiteUndoKey(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey' | 'target'>): boolean {
  return matchesChord(SITE_UNDO_CHORD, e) && !isTypingTarget(e.target);
}
