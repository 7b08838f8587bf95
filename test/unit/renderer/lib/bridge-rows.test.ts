/**
 * The page reads the asset list's wire form in one place, lib/bridge.ts (contract
 * row-wire.ts): the `assets:get` answer and the 'assets' event arrive as columns from a
 * core in its worker, in both shells, and reach the stores as rows. A list that cannot be
 * read is an error the dispatcher sees, and the list shown stays.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { snapshotToWire, type AssetRowSnapshot } from '@contract';
import { BridgeError, bridge, call, setBridge, watchBridgeLoss } from '../../../../src-renderer/src/lib/bridge';
import { createWebBridge, type WebBridgeDeps } from '../../../../src-renderer/src/lib/web-bridge';
import { assets } from '../../../../src-renderer/src/state/assets.svelte';
import { ui } from '../../../../src-renderer/src/state/ui.svelte';
import { asset, FakeBridge, NOW, resetStores, snapshot } from '../fixtures';

afterEach(() => {
  setBridge(null);
  resetStores(() => NOW);
  vi.restoreAllMocks();
});

const wire = (list: AssetRowSnapshot) => JSON.parse(JSON.stringify(snapshotToWire(list))) as never;

describe('the asset list from a core in its worker', () => {
  it('is answered to assets:get as columns and reaches the page as rows', async () => {
    const list = snapshot([asset(1), asset(2, { name: 'Truck 2' })]);
    setBridge(new FakeBridge().handle('assets:get', () => wire(list)));
    expect(await call('assets:get')).toEqual(list);
  });

  it('arrives as an event in columns and reaches listeners as rows', () => {
    const list = snapshot([asset(1), asset(2)]);
    const fake = new FakeBridge();
    setBridge(fake);
    const seen: AssetRowSnapshot[] = [];
    bridge().on('assets', (snap) => seen.push(snap));
    fake.emit('assets', wire(list));
    fake.emit('assets', list); // a core on the page's own thread sends rows
    expect(seen).toEqual([list, list]);
  });

  it('that cannot be read fails the call with the reason, and the list shown stays', async () => {
    const shown = snapshot([asset(1)]);
    const two = wire(snapshot([asset(1), asset(2)])) as { assets: Record<string, unknown> };
    const broken = { ...two, assets: { ...two.assets, name: ['only one'] } };
    let answer: unknown = shown;
    setBridge(new FakeBridge().handle('assets:get', () => answer as never));
    resetStores(() => NOW);
    await assets.init();
    expect(assets.snapshot?.assets).toHaveLength(1);
    answer = broken;
    const failed = await call('assets:get').catch((err: unknown) => err);
    expect(failed).toBeInstanceOf(BridgeError);
    expect((failed as BridgeError).error).toMatchObject({ kind: 'bad-payload', message: expect.stringContaining('"name" column has 1 values for 2 assets') });
    assets.applyChange({ profileId: 'other', baseFetchedAt: 'x', fetchedAt: 'y', source: 'network', skipped: [], changed: [], removed: [], order: null });
    await vi.waitFor(() => expect(ui.actionError?.message).toContain('the list shown stays as it was'));
    expect(assets.snapshot).toEqual(shown);
  });

  it('in an event that cannot be read is not delivered (the console says why)', () => {
    const fake = new FakeBridge();
    setBridge(fake);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const listener = vi.fn();
    bridge().on('assets', listener);
    const list = wire(snapshot([asset(1)])) as { assets: Record<string, unknown> };
    fake.emit('assets', { ...list, assets: { ...list.assets, fuel: 'x' } } as never);
    expect(listener).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledWith(expect.stringContaining('"fuel" column'));
  });

  it('in an event that cannot be read is shown to the dispatcher, and the list shown stays', async () => {
    const shown = snapshot([asset(1)]);
    const fake = new FakeBridge().handle('assets:get', () => shown);
    setBridge(fake);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    resetStores(() => NOW);
    await assets.init();
    const list = wire(snapshot([asset(1), asset(2)])) as { assets: Record<string, unknown> };
    fake.emit('assets', { ...list, assets: { ...list.assets, fuel: 'x' } } as never);
    expect(ui.actionError).toMatchObject({ kind: 'bad-payload', message: expect.stringContaining('"fuel" column') });
    expect(ui.actionError?.message).toContain('the list shown stays as it was');
    expect(assets.snapshot).toEqual(shown);
    // After the store is gone, nothing is told.
    ui.dismissError();
    assets.dispose();
    fake.emit('assets', { ...list, assets: { ...list.assets, fuel: 'x' } } as never);
    expect(ui.actionError).toBeNull();
  });

  it('leaves every other call and event as it is, and the web bridge its own calls', async () => {
    const fake = new FakeBridge().handle('trail:get', () => [{ lat: 1, lng: 2, at: 'x' }] as never);
    setBridge(fake);
    expect(await call('trail:get', 'thing:1', 24)).toEqual([{ lat: 1, lng: 2, at: 'x' }]);
    const settings = vi.fn();
    bridge().on('settings', settings);
    fake.emit('settings', { theme: 'dark' } as never);
    expect(settings).toHaveBeenCalledWith({ theme: 'dark' });

    const deps: WebBridgeDeps = {
      fetch: vi.fn(),
      openSocket: () => ({ onopen: null, onmessage: null, onclose: null, onerror: null, close() {} }),
      location: { hash: '#secret=abc', host: '127.0.0.1:4000', protocol: 'http:', pathname: '/', search: '' },
      history: { replaceState: vi.fn() },
      storage: { getItem: () => null, setItem: () => {} },
      setTimeout: () => 0,
    };
    setBridge(createWebBridge(deps));
    const loss = vi.fn();
    watchBridgeLoss(loss);
    expect(loss).toHaveBeenCalledWith(null);
  });
});
