/**
 * The page's first asset list, for a fast cold start: asked once, before the app's other
 * modules run, and handed to the assets store once.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { setBridge } from '../../../../src-renderer/src/lib/bridge';
import { askFirstList, takeFirstList } from '../../../../src-renderer/src/lib/first-list';
import { asset, FakeBridge, snapshot } from '../fixtures';

afterEach(() => {
  takeFirstList();
  setBridge(null);
});

describe('the first list', () => {
  it('is asked for once however often asked, and handed out once', async () => {
    const bridge = new FakeBridge().handle('assets:get', () => snapshot([asset(1)]));
    setBridge(bridge);
    askFirstList();
    askFirstList();
    expect(bridge.callsTo('assets:get')).toHaveLength(1);
    const answer = takeFirstList();
    expect((await answer)?.assets.map((a) => a.assetId)).toEqual(['thing:1']);
    expect(takeFirstList()).toBeNull();
  });

  it('keeps a failed answer for the store to show, without an unhandled rejection', async () => {
    const bridge = new FakeBridge().handle('assets:get', () => Promise.reject(new Error('The offline copy of the asset list could not be read')));
    setBridge(bridge);
    askFirstList();
    await new Promise((r) => setTimeout(r, 0));
    await expect(takeFirstList()).rejects.toThrow('could not be read');
  });

  it('is not handed out when a list event came before the store took it (the store, listening by then, asks again)', async () => {
    const bridge = new FakeBridge().handle('assets:get', () => null);
    setBridge(bridge);
    askFirstList();
    // A fresh install: the early answer is "nothing stored", then the first refresh ends before the store listens.
    bridge.emit('assets', snapshot([asset(1)]));
    expect(takeFirstList()).toBeNull();

    askFirstList();
    bridge.emit('assets:changed', { profileId: 'demo', changed: [], removed: [], order: null, skipped: [], fetchedAt: '2026-11-23T10:00:00.000Z', baseFetchedAt: '2026-11-23T09:59:00.000Z', source: 'network' });
    expect(takeFirstList()).toBeNull();
  });

  it('listens only until the answer is taken, and from before it asks', async () => {
    const bridge = new FakeBridge();
    const order: string[] = [];
    bridge.handle('assets:get', () => {
      order.push(`asked, listening to ${[...bridge.listeners].filter(([, set]) => set.size > 0).map(([name]) => name).sort().join(' and ')}`);
      return snapshot([asset(1)]);
    });
    setBridge(bridge);
    askFirstList();
    expect(order).toEqual(['asked, listening to assets and assets:changed']);
    const answer = takeFirstList();
    expect([...bridge.listeners.values()].every((set) => set.size === 0)).toBe(true);
    bridge.emit('assets', snapshot([asset(2)]));
    expect((await answer)?.assets.map((a) => a.assetId)).toEqual(['thing:1']);
  });

  it('is asked for by the first module the page runs (main.ts imports it before the app)', () => {
    const main = readFileSync(resolve(import.meta.dirname, '../../../../src-renderer/src/main.ts'), 'utf8');
    const imports = [...main.matchAll(/^import\s+(?:.+?\s+from\s+)?'([^']+)';/gm)].map((m) => m[1]);
    expect(imports[0]).toBe('./ask-first-list');
    const effect = readFileSync(resolve(import.meta.dirname, '../../../../src-renderer/src/ask-first-list.ts'), 'utf8');
    expect(effect).toMatch(/^askFirstList\(\);$/m);
  });
});
