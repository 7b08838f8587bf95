/**
 * Code run inside the benchmarked page (serialised by Playwright, so every function here
 * must be self-contained). The init script watches the DOM from the first byte: the
 * renderer marks `fd:data-ready` when it holds a new asset list; the probes note when the
 * list rows and the map markers were drawn after that (the frame after the DOM change).
 */

export interface PageProbe {
  dataReadyAt: number | null;
  listPaintedAt: number | null;
  markersPaintedAt: number | null;
  lastMarkerChangeAt: number;
  /** Long tasks (over 50 ms) of the page's main thread since it loaded: [start, duration] (ms). */
  longTasks: [number, number][];
}

export function installProbes(): void {
  const probe: PageProbe = { dataReadyAt: null, listPaintedAt: null, markersPaintedAt: null, lastMarkerChangeAt: 0, longTasks: [] };
  (window as unknown as { __bench: PageProbe }).__bench = probe;
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (probe.longTasks.length < 10_000) probe.longTasks.push([entry.startTime, entry.duration]);
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // A browser without long-task timing: the scroll figure then reports none.
  }
  // The time at the start of the next frame's callbacks: the DOM change is done and this
  // frame paints it. (A timer set from here could queue behind other work the page
  // deferred to this frame, which would blame the list for the map's work.)
  const afterPaint = (done: (at: number) => void) => requestAnimationFrame(() => done(performance.now()));
  new MutationObserver((records) => {
    if (probe.dataReadyAt === null) {
      const mark = performance.getEntriesByName('fd:data-ready')[0];
      if (!mark) return;
      probe.dataReadyAt = mark.startTime;
    }
    let list = false;
    let markers = false;
    for (const record of records) {
      const el = record.target instanceof Element ? record.target : record.target.parentElement;
      if (!el) continue;
      if (!markers && el.closest('.leaflet-marker-pane')) markers = true;
      if (!list && el.closest('[data-testid="asset-list"]')) list = true;
    }
    if (list && probe.listPaintedAt === null && document.querySelector('[data-testid="asset-list"] [role="option"]')) {
      probe.listPaintedAt = -1;
      afterPaint((at) => (probe.listPaintedAt = at));
    }
    if (markers) {
      probe.lastMarkerChangeAt = performance.now();
      afterPaint((at) => (probe.markersPaintedAt = at));
    }
  }).observe(document, { childList: true, subtree: true });
}

/** Types into the search box one value at a time; per keystroke: input event → list repainted (ms). */
export async function searchKeystrokes(values: string[]): Promise<number[]> {
  const input = document.querySelector<HTMLInputElement>('input[aria-label="Search assets"]');
  const list = document.querySelector('[data-testid="asset-list"]');
  if (!input || !list) throw new Error('The search box or the asset list is missing');
  const samples: number[] = [];
  for (const value of values) {
    const start = performance.now();
    input.value = value;
    input.dispatchEvent(new Event('input', { bubbles: true }));
    // Svelte updates the DOM in a microtask; the list shows it at the next frame.
    const end = await new Promise<number>((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0)));
    samples.push(end - start);
    await new Promise((resolve) => setTimeout(resolve, 30));
  }
  return samples;
}

/**
 * The element that scrolls the asset list: the list itself or the nearest ancestor that
 * can scroll vertically. (The list's markup moves; a benchmark that set scrollTop on an
 * element that cannot scroll would time idle frames.) Returns its box and scroll state.
 */
export function findListScroller(): { x: number; y: number; width: number; height: number; scrollTop: number; scrollable: number } {
  const list = document.querySelector<HTMLElement>('[data-testid="asset-list"]');
  if (!list) throw new Error('The asset list is missing');
  for (let el: HTMLElement | null = list; el; el = el.parentElement) {
    const overflow = getComputedStyle(el).overflowY;
    if ((overflow === 'auto' || overflow === 'scroll') && el.scrollHeight > el.clientHeight) {
      const box = el.getBoundingClientRect();
      return { x: box.x, y: box.y, width: box.width, height: box.height, scrollTop: el.scrollTop, scrollable: el.scrollHeight - el.clientHeight };
    }
  }
  throw new Error('Nothing around the asset list scrolls (too few rows?)');
}

/**
 * The earlier way of measuring: sets scrollTop on the list's scroller by `step` px per
 * frame for `frames` frames; returns the frame intervals (ms) and the distance moved.
 */
export async function scrollFrames(args: { frames: number; step: number }): Promise<{ intervals: number[]; movedPx: number }> {
  const list = document.querySelector<HTMLElement>('[data-testid="asset-list"]');
  if (!list) throw new Error('The asset list is missing');
  let scroller: HTMLElement | null = list;
  while (scroller && !(['auto', 'scroll'].includes(getComputedStyle(scroller).overflowY) && scroller.scrollHeight > scroller.clientHeight)) scroller = scroller.parentElement;
  if (!scroller) throw new Error('Nothing around the asset list scrolls');
  const el = scroller;
  el.scrollTop = 0;
  const intervals: number[] = [];
  let movedPx = 0;
  let direction = 1;
  await new Promise<void>((resolve) => {
    let last = -1;
    let count = 0;
    const frame = (at: number) => {
      if (last >= 0) intervals.push(at - last);
      last = at;
      if (++count > args.frames) return resolve();
      const max = el.scrollHeight - el.clientHeight;
      if (el.scrollTop + args.step * direction > max || el.scrollTop + args.step * direction < 0) direction = -direction;
      const before = el.scrollTop;
      el.scrollTop += args.step * direction;
      movedPx += Math.abs(el.scrollTop - before);
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  el.scrollTop = 0;
  return { intervals, movedPx };
}

/** Starts counting the distance the list's scroller moves (for the wheel measurement). */
export function startScrollMeter(): void {
  const list = document.querySelector<HTMLElement>('[data-testid="asset-list"]');
  let el: HTMLElement | null = list;
  while (el && !(['auto', 'scroll'].includes(getComputedStyle(el).overflowY) && el.scrollHeight > el.clientHeight)) el = el.parentElement;
  const meter = { movedPx: 0, events: 0, last: el?.scrollTop ?? 0, stop: () => {} };
  const onScroll = () => {
    if (!el) return;
    meter.events++;
    meter.movedPx += Math.abs(el.scrollTop - meter.last);
    meter.last = el.scrollTop;
  };
  el?.addEventListener('scroll', onScroll, { passive: true });
  meter.stop = () => el?.removeEventListener('scroll', onScroll);
  (window as unknown as { __scrollMeter: typeof meter }).__scrollMeter = meter;
}

export function stopScrollMeter(): { movedPx: number; events: number } {
  const meter = (window as unknown as { __scrollMeter?: { movedPx: number; events: number; stop: () => void } }).__scrollMeter;
  if (!meter) return { movedPx: 0, events: 0 };
  meter.stop();
  return { movedPx: meter.movedPx, events: meter.events };
}

/** Long tasks of the page between two `performance.now()` readings: count, total and longest (ms). */
export function longTasksBetween(window_: { from: number; to: number }): { count: number; totalMs: number; maxMs: number } {
  const probe = (window as unknown as { __bench?: PageProbe }).__bench;
  const tasks = (probe?.longTasks ?? []).filter(([start]) => start >= window_.from && start <= window_.to);
  return { count: tasks.length, totalMs: tasks.reduce((sum, [, d]) => sum + d, 0), maxMs: tasks.reduce((max, [, d]) => Math.max(max, d), 0) };
}

/**
 * Watches for the next asset list the page receives (the next `fd:data-ready` mark) and
 * when it shows: the frame after the list's rows changed, and the frame after the last
 * marker change of the burst that follows (the map re-clusters a frame later). Read the
 * result with `readChangeShown`; times are the page's `performance.now()`.
 */
export function watchNextChange(): void {
  const baseline = performance.getEntriesByName('fd:data-ready').length;
  const state = {
    readyAt: null as number | null,
    listShownAt: null as number | null,
    mapShownAt: null as number | null,
    lastMarkerChangeAt: null as number | null,
    listChanges: 0,
    markerChanges: 0,
  };
  (window as unknown as { __change: typeof state }).__change = state;
  const list = document.querySelector('[data-testid="asset-list"]');
  const pane = document.querySelector('.leaflet-marker-pane');
  const afterPaint = (done: (at: number) => void) => requestAnimationFrame(() => done(performance.now()));
  const ready = () => {
    if (state.readyAt !== null) return true;
    const marks = performance.getEntriesByName('fd:data-ready');
    if (marks.length <= baseline) return false;
    state.readyAt = marks[baseline].startTime;
    // When no visible row changed, the list is shown in the frame that follows the new data.
    afterPaint((at) => (state.listShownAt ??= at));
    return true;
  };
  const observer = new MutationObserver((records) => {
    if (!ready()) return;
    let inList = false;
    let inMap = false;
    for (const record of records) {
      const node = record.target instanceof Element ? record.target : record.target.parentElement;
      if (!node) continue;
      if (list && list.contains(node)) inList = true;
      if (pane && pane.contains(node)) inMap = true;
    }
    if (inList) {
      state.listChanges++;
      if (state.listShownAt === null) afterPaint((at) => (state.listShownAt ??= at));
    }
    if (inMap) {
      state.markerChanges++;
      state.lastMarkerChangeAt = performance.now();
      afterPaint((at) => (state.mapShownAt = Math.max(state.mapShownAt ?? 0, at)));
    }
  });
  if (list) observer.observe(list, { childList: true, subtree: true, attributes: true, characterData: true });
  if (pane) observer.observe(pane, { childList: true, subtree: true, attributes: true });
  // Also notice the new data when nothing on screen changes.
  const marks = new PerformanceObserver(() => {
    if (ready()) marks.disconnect();
  });
  marks.observe({ type: 'mark' });
}

export function readChangeShown(): { readyAt: number | null; listShownAt: number | null; mapShownAt: number | null; lastMarkerChangeAt: number | null; listChanges: number; markerChanges: number; now: number } | null {
  const state = (window as unknown as { __change?: { readyAt: number | null; listShownAt: number | null; mapShownAt: number | null; lastMarkerChangeAt: number | null; listChanges: number; markerChanges: number } }).__change;
  return state ? { ...state, now: performance.now() } : null;
}

/** Starts recording frame intervals until `stopFrameRecorder` is called. */
export function startFrameRecorder(): void {
  const state = { intervals: [] as number[], running: true };
  (window as unknown as { __frames: typeof state }).__frames = state;
  let last = -1;
  const frame = (at: number) => {
    if (!state.running) return;
    if (last >= 0) state.intervals.push(at - last);
    last = at;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

export function stopFrameRecorder(): number[] {
  const state = (window as unknown as { __frames?: { intervals: number[]; running: boolean } }).__frames;
  if (!state) return [];
  state.running = false;
  return state.intervals;
}

/**
 * Counts the scrolls whose new position shows list space without rows, as the compositor
 * draws it before the list re-renders its window for that position. Runs at each scroll
 * event, ahead of the list's own handler (capture phase on window), so the rows are still
 * the ones of the previous position. Read with `stopRowCoverage`.
 */
export function startRowCoverage(): void {
  const list = document.querySelector<HTMLElement>('[data-testid="asset-list"]');
  let scroller: HTMLElement | null = list;
  while (scroller && !(['auto', 'scroll'].includes(getComputedStyle(scroller).overflowY) && scroller.scrollHeight > scroller.clientHeight)) scroller = scroller.parentElement;
  const state = { scrolls: 0, gaps: 0, maxGapPx: 0, stop: () => {} };
  const onScroll = (event: Event) => {
    if (!list || !scroller || event.target !== scroller) return;
    state.scrolls++;
    const rows = list.querySelectorAll<HTMLElement>('[role="option"]');
    if (rows.length === 0) return;
    const box = scroller.getBoundingClientRect();
    // The sticky header covers the top of the scroller; rows show below it.
    const head = scroller.querySelector<HTMLElement>('[role="presentation"]');
    const top = box.top + (head?.offsetHeight ?? 0);
    const bottom = Math.min(box.bottom, list.getBoundingClientRect().bottom);
    const first = rows[0].getBoundingClientRect();
    const last = rows[rows.length - 1].getBoundingClientRect();
    const gap = Math.max(0, first.top - top) + Math.max(0, bottom - last.bottom);
    if (gap >= 1) {
      state.gaps++;
      state.maxGapPx = Math.max(state.maxGapPx, gap);
    }
  };
  window.addEventListener('scroll', onScroll, { capture: true, passive: true });
  state.stop = () => window.removeEventListener('scroll', onScroll, { capture: true });
  (window as unknown as { __rowCoverage: typeof state }).__rowCoverage = state;
}

export function stopRowCoverage(): { scrolls: number; gaps: number; maxGapPx: number } {
  const state = (window as unknown as { __rowCoverage?: { scrolls: number; gaps: number; maxGapPx: number; stop: () => void } }).__rowCoverage;
  if (!state) return { scrolls: 0, gaps: 0, maxGapPx: 0 };
  state.stop();
  return { scrolls: state.scrolls, gaps: state.gaps, maxGapPx: state.maxGapPx };
}

/** Puts the list's scroller at `top` px (between two scroll measurements, not measured). */
export function scrollListTo(top: number): void {
  let el: HTMLElement | null = document.querySelector<HTMLElement>('[data-testid="asset-list"]');
  while (el && !(['auto', 'scroll'].includes(getComputedStyle(el).overflowY) && el.scrollHeight > el.clientHeight)) el = el.parentElement;
  if (!el) throw new Error('Nothing around the asset list scrolls');
  el.scrollTop = top;
}
