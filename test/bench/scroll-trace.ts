/**
 * Reads a Chromium trace (CDP Tracing, categories SCROLL_TRACE_CATEGORIES) taken while the
 * asset list was scrolled with the mouse wheel, and tells what a user saw:
 *
 * - the page's frame time: each main-thread frame's work (ProxyMain::BeginMainFrame, from
 *   the scroll and animation callbacks through style, layout, paint and the commit). A frame
 *   longer than a vsync (16.7 ms) is one the page cannot keep up with, whatever the pacing;
 * - Chromium's own verdict on the scroll (its scroll-jank metric, ScrollJankV4): each frame
 *   that presented a scroll update, and whether it came later than the input allowed;
 * - the time from each wheel notch's scroll update reaching the page's renderer to its frame
 *   being presented (EventLatency less its stages in the browser process, which queues
 *   CDP-dispatched notches behind the previous one's acknowledgement).
 *
 * Why not requestAnimationFrame intervals alone: Chromium scrolls the list on the compositor
 * thread and draws each notch's new position at once. On this page (not on a bare test
 * page, with the same flags) the main-thread frame that follows each notch (the list
 * re-rendering its window of rows) is then drawn a vsync later, so rAF fires every other
 * vsync (33 ms) while the frames themselves take a few ms and Chromium judges no scroll
 * frame late. A page-wide non-passive touch listener (Playwright's injected script adds one
 * after any selector query) takes the scroll through the main thread instead and rAF shows
 * 16.7 ms: the probes here use page.evaluate only.
 */

export const SCROLL_TRACE_CATEGORIES = ['benchmark', 'input.scrolling'];

/** One event of a Chromium JSON trace (the fields used here). */
export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  id2?: { local?: string; global?: string };
  args?: Record<string, unknown>;
}

export interface ScrollTraceReading {
  /** Main-thread frame durations of the page's renderer in the scroll window (ms). */
  mainFrameMs: number[];
  /** Frames that presented scroll updates, and how many of them Chromium judged late. */
  scrollFrames: number;
  jankyScrollFrames: number;
  /** Per scroll update: reached the renderer → presented (ms). */
  rendererToShownMs: number[];
}

const asyncId = (e: TraceEvent) => e.id2?.local ?? e.id2?.global ?? e.id ?? '';

/** Stages of an EventLatency that happen before the renderer has the input. */
const BEFORE_RENDERER = new Set(['GenerationToBrowserMain', 'BrowserMainToRendererCompositor']);

export function readScrollTrace(events: readonly TraceEvent[]): ScrollTraceReading {
  const sorted = [...events].sort((a, b) => a.ts - b.ts);
  // Chromium's scroll-jank metric reports each frame that presented a scroll update, from
  // the page's renderer; its main thread runs the page's frames.
  const jank = sorted.filter((e) => e.name === 'ScrollJankV4' && e.ph === 'b');
  if (jank.length === 0) throw new Error('The trace has no scroll frame: the wheel did not scroll anything Chromium presented');
  const renderer = jank[0].pid;
  const from = jank[0].ts - 100_000; // the first update's input came before its frame
  const to = jank[jank.length - 1].ts + 500_000; // the last update's main frames

  const frames = sorted.filter((e) => e.name === 'ProxyMain::BeginMainFrame' && e.ph === 'X' && e.pid === renderer && e.ts >= from && e.ts <= to);
  const mainFrameMs = frames.map((e) => (e.dur ?? 0) / 1000);

  const jankyScrollFrames = jank.filter((e) => (e.args?.scroll_jank_v4 as { is_janky?: boolean } | undefined)?.is_janky === true).length;

  // EventLatency: an async slice per input event, its stages nested slices of the same id
  // (ids are reused over time: a stage belongs to the latency slice it falls within).
  const spans = pairAsyncSlices(sorted);
  const stagesById = new Map<string, Span[]>();
  for (const span of spans) if (BEFORE_RENDERER.has(span.name)) stagesById.set(span.id, [...(stagesById.get(span.id) ?? []), span]);
  const rendererToShownMs = spans
    .filter((span) => span.name === 'EventLatency' && /GESTURE_SCROLL_UPDATE$/.test(String((span.args?.event_latency as { event_type?: string } | undefined)?.event_type)))
    .map((span) => {
      const before = (stagesById.get(span.id) ?? []).filter((stage) => stage.start >= span.start && stage.end <= span.end).reduce((sum, stage) => sum + stage.end - stage.start, 0);
      return (span.end - span.start - before) / 1000;
    });

  return { mainFrameMs, scrollFrames: jank.length, jankyScrollFrames, rendererToShownMs };
}

interface Span {
  name: string;
  id: string;
  start: number;
  end: number;
  args?: Record<string, unknown>;
}

/** Pairs the begin and end events of async slices (same name and id, in time order). */
function pairAsyncSlices(sorted: readonly TraceEvent[]): Span[] {
  const open = new Map<string, TraceEvent>();
  const spans: Span[] = [];
  for (const e of sorted) {
    if (e.ph !== 'b' && e.ph !== 'e') continue;
    const key = `${e.name}|${asyncId(e)}`;
    if (e.ph === 'b') {
      open.set(key, e);
      continue;
    }
    const start = open.get(key);
    if (!start) continue;
    open.delete(key);
    spans.push({ name: e.name, id: asyncId(e), start: start.ts, end: e.ts, args: start.args });
  }
  return spans;
}
