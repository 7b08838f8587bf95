/**
 * The page's first rows, for a fast cold start: the list is asked for before the app is
 * mounted (ask-first-list.ts, as main.ts runs it), and an answer older than a list the
 * events already showed never replaces it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { AssetRowSnapshot } from '@contract';
import { setBridge } from '../../../../src-renderer/src/lib/bridge';
import { askFirstList } from '../../../../src-renderer/src/lib/first-list';
import { assets } from '../../../../src-renderer/src/state/assets.svelte';
import { ui } from '../../../../src-renderer/src/state/ui.svelte';
import { asset, FakeBridge, NOW, resetStores, snapshot } from '../fixtures';
import { deferred } from '../../../fixtures/deferred';

afterEach(() => {
  setBridge(null);
  resetStores(() => NOW);
});

const at = (list: AssetRowSnapshot, fetchedAt: string): AssetRowSnapshot => ({ ...list, fetchedAt });

describe('the first list of a page', () => {
  it('is asked for once, before init, and shown by init', async () => {
    const bridge = new FakeBridge().handle('assets:get', () => snapshot([asset(1), asset(2)]));
    setBridge(bridge);
    resetStores(() => NOW);
    askFirstList();
    expect(bridge.callsTo('assets:get')).toHaveLength(1);
    await assets.init();
    expect(bridge.callsTo('assets:get')).toHaveLength(1);
    expect(assets.snapshot?.assets.map((a) => a.assetId)).toEqual(['thing:1', 'thing:2']);
  });

  it('never replaces a list an event showed while the answer was on its way', async () => {
    const answer = deferred<AssetRowSnapshot>();
    const bridge = new FakeBridge().handle('assets:get', () => answer.promise);
    setBridge(bridge);
    resetStores(() => NOW);
    askFirstList();
    const started = assets.init();
    await Promise.resolve();
    const newer = at(snapshot([asset(1), asset(2), asset(3)]), '2026-11-22T12:05:00Z');
    bridge.emit('assets', newer);
    answer.resolve(at(snapshot([asset(1)]), '2026-11-22T12:00:00Z'));
    await started;
    expect(assets.snapshot?.fetchedAt).toBe('2026-11-22T12:05:00Z');
    expect(assets.snapshot?.assets).toHaveLength(3);
  });

  it('asks again when the first refresh ends between the early answer and init (a fresh install showed "No assets" until the next refresh)', async () => {
    const stored: AssetRowSnapshot[] = [];
    const bridge = new FakeBridge().handle('assets:get', () => stored.at(-1) ?? null);
    setBridge(bridge);
    resetStores(() => NOW);
    askFirstList(); // answered "nothing stored yet"
    await Promise.resolve();
    const first = at(snapshot([asset(1), asset(2)]), '2026-11-22T12:05:00Z');
    stored.push(first);
    bridge.emit('assets', first); // the first refresh's event, before the store listens
    await assets.init();
    expect(bridge.callsTo('assets:get')).toHaveLength(2);
    expect(assets.snapshot?.fetchedAt).toBe('2026-11-22T12:05:00Z');
    expect(assets.snapshot?.assets).toHaveLength(2);
  });

  it('shows a failed early answer as an error when init takes it, and keeps nothing stale', async () => {
    const answer = deferred<AssetRowSnapshot>();
    const bridge = new FakeBridge().handle('assets:get', () => answer.promise);
    setBridge(bridge);
    resetStores(() => NOW);
    askFirstList();
    answer.reject(new Error('The offline copy of the asset list could not be read'));
    await assets.init();
    expect(assets.snapshot).toBeNull();
    expect(ui.actionError?.message ?? String(ui.actionError)).toContain('could not be read');
  });
});
