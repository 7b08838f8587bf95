/**
 * The DOM nodes Leaflet shows for markers, clusters and tooltips. Leaflet parses a
 * string `html`/content as HTML, so every icon and tooltip is built as nodes here and
 * service text goes in only through `textContent` and `dataset`.
 */
import { MARKER_COLOURS, MARKER_SHAPES, clusterLabel, type MarkerState } from './markers';

/** A plain text node wrapper for a tooltip or popup: the text is never parsed. */
export function textElement(text: string): HTMLElement {
  const span = document.createElement('span');
  span.textContent = text;
  return span;
}

/**
 * The mark of a state, as drawn on the map and in the legend: a shape in the state's
 * colour (see MARKER_SHAPES), so no state depends on colour alone. `heading` turns the
 * arrow of a moving asset; the other shapes do not turn.
 */
export function markElement(state: MarkerState, heading: number | null): HTMLElement {
  const mark = document.createElement('span');
  mark.className = `fd-shape fd-shape-${MARKER_SHAPES[state]}`;
  mark.style.setProperty('--fd-colour', MARKER_COLOURS[state]);
  if (state === 'moving') mark.style.transform = `rotate(${heading ?? 0}deg)`;
  if (state === 'issue') mark.textContent = '!';
  return mark;
}

/**
 * The marker of one asset: its state's mark, ringed when selected. The mark is hidden
 * from assistive technology so the marker's title (name and state) names it, not a "!".
 */
export function pointElement(assetId: string, state: MarkerState, heading: number | null, selected: boolean): HTMLElement {
  const dot = document.createElement('div');
  dot.className = selected ? 'fd-dot fd-mark selected' : 'fd-dot fd-mark';
  dot.dataset.assetId = assetId;
  dot.dataset.state = state;
  const mark = markElement(state, heading);
  mark.setAttribute('aria-hidden', 'true');
  dot.append(mark);
  return dot;
}

/**
 * The bubble of a cluster, sized by count and labelled "12" or "1.2k". Leaflet makes its
 * wrapper a focusable button; the bubble, as an image, names that button with the whole count
 * and what Enter does there.
 */
export function clusterElement(count: number, size: number): HTMLElement {
  const bubble = document.createElement('div');
  bubble.className = 'fd-cluster';
  bubble.style.width = `${size}px`;
  bubble.style.height = `${size}px`;
  bubble.textContent = clusterLabel(count);
  // An image role: a label on a plain div is not allowed, an image's label is its name.
  bubble.setAttribute('role', 'img');
  bubble.setAttribute('aria-label', `${count.toLocaleString('en-US')} assets, press Enter to zoom in`);
  return bubble;
}

/**
 * A place name of the demo map, as text (the name comes from the main side; it is never
 * parsed), centred on its point or `dy` pixels below it (above when negative).
 */
export function placeElement(name: string, kind: string, dy = 0): HTMLElement {
  const label = document.createElement('span');
  label.className = `fd-place fd-place-${kind.replace(/[^a-z]/g, '')}`;
  if (dy !== 0) label.style.transform = `translate(-50%, calc(-50% + ${dy}px))`;
  label.textContent = name;
  return label;
}
