import { describe, expect, it } from 'vitest';
import { readScrollTrace, type TraceEvent } from '../../bench/scroll-trace';

const PAGE = 10;
const OTHER = 20;
const ms = (n: number) => n * 1000; // trace times are µs

const mainFrame = (pid: number, at: number, durMs: number): TraceEvent => ({ name: 'ProxyMain::BeginMainFrame', ph: 'X', ts: ms(at), dur: ms(durMs), pid, tid: 1 });
const scrollFrame = (at: number, janky: boolean): TraceEvent => ({ name: 'ScrollJankV4', ph: 'b', ts: ms(at), pid: PAGE, tid: 2, id2: { local: `j${at}` }, args: { scroll_jank_v4: { is_janky: janky } } });
const slice = (name: string, id: string, from: number, to: number, args?: Record<string, unknown>): TraceEvent[] => [
  { name, ph: 'b', ts: ms(from), pid: PAGE, tid: 2, id2: { local: id }, args },
  { name, ph: 'e', ts: ms(to), pid: PAGE, tid: 2, id2: { local: id } },
];
const latency = (id: string, type: string, from: number, browserMs: number, to: number) => [
  ...slice('EventLatency', id, from, to, { event_latency: { event_type: type } }),
  ...slice('GenerationToBrowserMain', id, from, from + browserMs - 1),
  ...slice('BrowserMainToRendererCompositor', id, from + browserMs - 1, from + browserMs),
];

describe('readScrollTrace', () => {
  it("keeps the page renderer's main frames within the scroll, and Chromium's late scroll frames", () => {
    const reading = readScrollTrace([
      mainFrame(PAGE, 1000, 30), // long before the scroll: loading, not scrolling
      scrollFrame(2000, false),
      mainFrame(PAGE, 2005, 6),
      mainFrame(OTHER, 2010, 40), // another renderer (another page)
      scrollFrame(2050, true),
      mainFrame(PAGE, 2055, 9),
      mainFrame(PAGE, 2400, 4), // the last notch's follow-up frame
      mainFrame(PAGE, 5000, 50), // after the scroll
    ]);
    expect(reading.mainFrameMs).toEqual([6, 9, 4]);
    expect(reading).toMatchObject({ scrollFrames: 2, jankyScrollFrames: 1 });
  });

  it('times scroll updates from the renderer on, pairing stages with their own latency slice when ids come back', () => {
    const reading = readScrollTrace([
      scrollFrame(2000, false),
      ...latency('a', 'FIRST_GESTURE_SCROLL_UPDATE', 1900, 40, 1970), // 70 ms, 40 of them in the browser
      ...latency('a', 'GESTURE_SCROLL_UPDATE', 2100, 5, 2125), // the id again, later: 25 ms, 5 in the browser
      ...latency('b', 'MOUSE_WHEEL', 2000, 3, 2050), // not a scroll update
    ]);
    expect(reading.rendererToShownMs).toEqual([30, 20]);
  });

  it('says so when the trace holds no scroll frame (the wheel scrolled nothing)', () => {
    expect(() => readScrollTrace([mainFrame(PAGE, 1000, 5)])).toThrow(/no scroll frame/);
  });
});
