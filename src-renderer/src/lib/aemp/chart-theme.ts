/**
 * Theme colours for the canvas charts. A canvas takes only resolved colours: the theme's
 * variables are `light-dark(...)` pairs, which a canvas ignores (and a legend's CSS
 * accepts), so each colour is resolved by the browser on a probe element first.
 */
import uPlot from 'uplot';

export interface ChartColours {
  line: string;
  axis: string;
  grid: string;
}

const FALLBACK: ChartColours = { line: '#1f6feb', axis: '#5b6470', grid: 'rgba(128,128,128,0.25)' };

const RESOLVED = /^(#[0-9a-f]{3,8}|rgba?\([^()]*\))$/i;

/** The colour `css` resolves to under `node`, as rgb(), or `fallback` when the browser cannot tell. */
export function resolveColour(node: Element, css: string, fallback: string): string {
  const probe = node.ownerDocument.createElement('span');
  probe.style.color = css;
  probe.style.display = 'none';
  node.appendChild(probe);
  const value = getComputedStyle(probe).color.trim();
  probe.remove();
  return RESOLVED.test(value) ? value : fallback;
}

export function chartColours(node: Element): ChartColours {
  return {
    line: resolveColour(node, 'var(--accent)', FALLBACK.line),
    axis: resolveColour(node, 'var(--text)', FALLBACK.axis),
    // A half-grey at low opacity reads on both schemes.
    grid: FALLBACK.grid,
  };
}

/**
 * Calls `onChange` whenever the colours may have changed under a chart already drawn: the
 * Theme setting (data-theme on <html>) or the system's scheme. Returns the stop function.
 */
export function watchTheme(onChange: () => void, root: HTMLElement = document.documentElement): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(root, { attributes: true, attributeFilter: ['data-theme'] });
  const media = typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : null;
  media?.addEventListener('change', onChange);
  return () => {
    observer.disconnect();
    media?.removeEventListener('change', onChange);
  };
}

/**
 * Draws a uPlot chart in `node` and keeps it right: drawn again in the new colours when the
 * theme changes, as wide as its box when that is resized (never under `minWidth`).
 * Returns the clean-up (for an attachment).
 */
export function drawThemedPlot(node: HTMLElement, options: (node: HTMLElement) => uPlot.Options, data: uPlot.AlignedData, size: { minWidth: number; height: number }): () => void {
  let plot = new uPlot(options(node), data, node);
  const stopWatching = watchTheme(() => {
    plot.destroy();
    plot = new uPlot(options(node), data, node);
  });
  let observer: ResizeObserver | null = null;
  if (typeof ResizeObserver !== 'undefined') {
    observer = new ResizeObserver(() => {
      const width = Math.max(size.minWidth, node.clientWidth);
      if (width !== plot.width) plot.setSize({ width, height: size.height });
    });
    observer.observe(node);
  }
  return () => {
    stopWatching();
    observer?.disconnect();
    plot.destroy();
  };
}
