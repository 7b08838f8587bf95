/**
 * A quiet console after an embed session ends: the demo's embed page must not ask the service for data after its
 * session has run out (the 401 answer is logged in red in every devtools console);
 * it knows when the session ends and says "expired" by itself.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { MAP_JS } from '../../../../src-main/demo/embed/page';

interface Dom {
  window: Record<string, unknown> & { eval(code: string): unknown; document: Document };
}
// jsdom ships no type declarations; only the constructor is used here.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (html: string, options: { runScripts: 'outside-only' }) => Dom };

/** Runs the page script with a fake Leaflet, fetch and clock; time moves only when the test says. */
function runPage(answers: (url: string) => { status: number; body?: unknown }) {
  const dom = new JSDOM('<!doctype html><div id="map"></div><div id="notice" hidden></div>', { runScripts: 'outside-only' });
  const win = dom.window;
  let now = 1_000_000;
  const timers: { at: number; fn: () => void }[] = [];
  const requests: string[] = [];
  const messages: unknown[] = [];
  const chain = (): unknown => new Proxy(() => chainObject, { get: () => chain() });
  const chainObject = chain();
  win.L = chainObject;
  win.Date = { now: () => now } as unknown as DateConstructor;
  win.setTimeout = (fn: () => void, ms: number) => timers.push({ at: now + ms, fn });
  win.clearTimeout = () => {};
  win.fetch = (url: string) => {
    requests.push(url);
    const answer = answers(url);
    return Promise.resolve({ status: answer.status, ok: answer.status < 400, json: () => Promise.resolve(answer.body) });
  };
  Object.defineProperty(win, 'parent', { value: { postMessage: (m: unknown) => messages.push(m) } });
  win.eval(MAP_JS);
  const settle = () => new Promise((r) => setTimeout(r, 0));
  /** Moves the clock and runs the timers that came due, oldest first. */
  async function advance(ms: number) {
    const until = now + ms;
    for (;;) {
      await settle();
      timers.sort((a, b) => a.at - b.at);
      const next = timers[0];
      if (!next || next.at > until) break;
      timers.shift();
      now = next.at;
      next.fn();
    }
    now = until;
    await settle();
  }
  return { requests, messages, advance, document: win.document };
}

describe('demo embed page', () => {
  it('says the session expired when its time is up, without asking the service (no 401)', async () => {
    let left = 8;
    const page = runPage(() => (left > 0 ? { status: 200, body: { view: { kind: 'branch', assetIds: [] }, expiresInSec: left, assets: [] } } : { status: 401 }));
    await page.advance(0);
    expect(page.requests).toHaveLength(1);
    left = 0; // from now on the service would answer 401
    await page.advance(30_000);
    expect(page.requests).toHaveLength(1);
    expect(page.messages).toEqual([{ type: 'fleet-embed-expired' }]);
    expect(page.document.title).toBe('Map session expired');
  });

  it('keeps polling while the session lasts', async () => {
    const page = runPage(() => ({ status: 200, body: { view: { kind: 'branch', assetIds: [] }, expiresInSec: 3600, assets: [] } }));
    await page.advance(65_000);
    expect(page.requests.length).toBeGreaterThanOrEqual(3);
    expect(page.messages).toEqual([]);
  });

  it('a session the service ends early (401) is still reported as expired', async () => {
    let calls = 0;
    const page = runPage(() => (++calls === 1 ? { status: 200, body: { view: { kind: 'branch', assetIds: [] }, expiresInSec: 3600, assets: [] } } : { status: 401 }));
    await page.advance(25_000);
    expect(page.messages).toEqual([{ type: 'fleet-embed-expired' }]);
  });
});
