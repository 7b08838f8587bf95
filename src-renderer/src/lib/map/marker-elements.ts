/**
 * The DOM nodes Leaflet shows for markers, clusters and tooltips. Leaflet parses a
 * string `html`/content as HTML, so every icon and tooltip is built as nodes here and
 * service text goes in only through `textContent` and `dataset`.
 */
import { MARKER_COLOURS, clusterLabel, type MarkerState } from './markers';

/** A plain text node wrapper for a tooltip or popup: the text is never parsed. */
export function textElement(text: string): HTMLElement {
  const span = document.createElement('span');
  span.textContent = text;
  return span;
}

/** The dot of one asset, coloured by state, with a heading arrow when one is known. */
export function pointElement(assetId: string, state: MarkerState, heading: number | null, selected: boolean): HTMLElement {
  const colour = MARKER_COLOURS[state];
  const dot = document.createElement('div');
  dot.className = selected ? 'fd-dot selected' : 'fd-dot';
  dot.dataset.assetId = assetId;
  dot.dataset.state = state;
  dot.style.background = colour;
  if (heading !== null) {
    const arrow = document.createElement('span');
    arrow.className = 'fd-arrow';
    arrow.style.color = colour;
    arrow.style.transform = `translate(-50%,-135%) rotate(${heading}deg)`;
    arrow.style.transformOrigin = '50% 135%';
    dot.append(arrow);
  }
  return dot;
}

/** The bubble of a cluster, sized by count and labelled "12" or "1.2k". */
export function clusterElement(count: number, size: number): HTMLElement {
  const bubble = document.createElement('div');
  bubble.className = 'fd-cluster';
  bubble.style.width = `${size}px`;
  bubble.style.height = `${size}px`;
  bubble.textContent = clusterLabel(count);
  return bubble;
}
