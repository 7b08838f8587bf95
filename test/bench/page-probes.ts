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
}

export function installProbes(): void {
  const probe: PageProbe = { dataReadyAt: null, listPaintedAt: null, markersPaintedAt: null, lastMarkerChangeAt: 0 };
  (window as unknown as { __bench: PageProbe }).__bench = probe;
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

/** Scrolls the list by `step` px per frame for `frames` frames; returns the frame intervals (ms). */
export async function scrollFrames(args: { frames: number; step: number }): Promise<number[]> {
  const list = document.querySelector<HTMLElement>('[data-testid="asset-list"]');
  if (!list) throw new Error('The asset list is missing');
  list.scrollTop = 0;
  const intervals: number[] = [];
  let direction = 1;
  await new Promise<void>((resolve) => {
    let last = -1;
    let count = 0;
    const frame = (at: number) => {
      if (last >= 0) intervals.push(at - last);
      last = at;
      if (++count > args.frames) return resolve();
      const max = list.scrollHeight - list.clientHeight;
      if (list.scrollTop + args.step * direction > max || list.scrollTop + args.step * direction < 0) direction = -direction;
      list.scrollTop += args.step * direction;
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  return intervals;
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
