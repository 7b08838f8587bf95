/** Builders for renderer tests: assets, their rows, snapshots, statuses and a scriptable fake bridge. */
import type { AppError, Asset, AssetChange, AssetRow, AssetRowChange, AssetRowSnapshot, AssetSnapshot, Bridge, FleetEvents, InvokeArgs, InvokeChannel, InvokeResult, Metric, Result, SyncStatus } from '../../../src-main/contract';
import { assetRow } from '../../../src-main/core/assets/asset-row';
import { clock } from '../../../src-renderer/src/state/clock.svelte';
import { stopStores } from '../../../src-renderer/src/state/app-start';
import { afterEach, beforeEach } from 'vitest';
import { setBridge } from '../../../src-renderer/src/lib/bridge';
import { assets as assetsStore } from '../../../src-renderer/src/state/assets.svelte';

export const NOW = Date.parse('2026-11-22T12:00:00Z');

export function metric(value: unknown, collectedOn = '2026-11-22T11:58:00Z', source = 'telematics'): Metric {
  return { value, meta: { collectedOn, source, other: {} } };
}

export function asset(id: number, patch: Partial<Asset> = {}, metrics: Record<string, Metric> | null = {}): Asset {
  const times = metrics ? Object.values(metrics).map((m) => m.meta.collectedOn).sort() : [];
  return {
    assetId: `thing:${id}`,
    type: 'thing',
    name: `Truck ${id}`,
    serialNumber: `SN-${id}`,
    category: 'Trucks',
    embedUrl: null,
    metrics,
    lastUpdate: times.length ? times[times.length - 1] : null,
    issues: [],
    ...patch,
  };
}

/** The row the renderer holds of an asset, built by the core's own row builder. */
export function row(id: number, patch: Partial<Asset> = {}, metrics: Record<string, Metric> | null = {}): AssetRow {
  return assetRow(asset(id, patch, metrics));
}

/**
 * Every asset a test put in a snapshot or change, by id: the fake bridge answers
 * `assets:detail` from here (as the core answers from the list it holds) unless the test
 * installs its own handler.
 */
const fullRecords = new Map<string, Asset>();

function remember(assets: readonly Asset[]): void {
  for (const a of assets) fullRecords.set(a.assetId, a);
}

/** The list as the main side sends it (rows); the full assets stay for `assets:detail`. */
export function snapshot(assets: Asset[], patch: Partial<Omit<AssetSnapshot, 'assets'>> = {}): AssetRowSnapshot {
  remember(assets);
  return { profileId: 'demo', assets: assets.map(assetRow), skipped: [], fetchedAt: '2026-11-22T11:59:00Z', source: 'network', ...patch };
}

/** A small change as the main side sends it (rows of the changed assets). */
export function rowChange(change: AssetChange): AssetRowChange {
  remember(change.changed);
  return { ...change, changed: change.changed.map(assetRow) };
}

export function status(patch: Partial<SyncStatus> = {}): SyncStatus {
  return { profileId: 'demo', state: 'online', lastSyncAt: '2026-11-22T11:58:00Z', nextAttemptAt: null, error: null, keychainProblem: null, notice: null, ...patch };
}

type Handler = (...args: unknown[]) => unknown;
type TypedHandler<C extends InvokeChannel> = (...args: InvokeArgs<C>) => Promise<InvokeResult<C>> | InvokeResult<C>;

/** Thrown by a fake handler to answer with exactly this AppError (kind, status, retry…). */
export class FakeFailure extends Error {
  constructor(readonly error: AppError) {
    super(error.message);
  }
}

/** A Bridge whose channels are answered by test-supplied handlers; events can be emitted. */
export class FakeBridge implements Bridge {
  handlers = new Map<string, Handler>();
  calls: { channel: string; args: unknown[] }[] = [];
  listeners = new Map<string, Set<(p: unknown) => void>>();

  handle(channel: InvokeChannel, fn: Handler): this {
    this.handlers.set(channel, fn);
    return this;
  }

  async invoke(channel: InvokeChannel, ...args: unknown[]): Promise<Result<never>> {
    this.calls.push({ channel, args });
    const fn = this.handlers.get(channel) ?? (channel === 'assets:detail' ? (id: unknown) => fullRecords.get(id as string) ?? null : undefined);
    if (!fn) return { ok: false, error: { kind: 'internal', message: `no fake for ${channel}` } };
    try {
      return { ok: true, value: (await fn(...args)) as never };
    } catch (err) {
      if (err instanceof FakeFailure) return { ok: false, error: err.error };
      const e = err as { kind?: string; message: string };
      return { ok: false, error: { kind: (e.kind ?? 'internal') as never, message: e.message } };
    }
  }

  on<E extends keyof FleetEvents>(name: E, listener: (payload: FleetEvents[E]) => void): () => void {
    if (!this.listeners.has(name)) this.listeners.set(name, new Set());
    const set = this.listeners.get(name)!;
    set.add(listener as (p: unknown) => void);
    return () => set.delete(listener as (p: unknown) => void);
  }

  emit<E extends keyof FleetEvents>(name: E, payload: FleetEvents[E]): void {
    for (const l of this.listeners.get(name) ?? []) l(payload);
  }

  callsTo(channel: InvokeChannel): unknown[][] {
    return this.calls.filter((c) => c.channel === channel).map((c) => c.args);
  }
}

/** The fake bridge answered by typed handlers per channel: `{ bridge, emit, calls }`. */
export function createFakeBridge(handlers: { [C in InvokeChannel]?: TypedHandler<C> }) {
  const fake = new FakeBridge();
  for (const [channel, fn] of Object.entries(handlers)) fake.handle(channel as InvokeChannel, fn as Handler);
  return { bridge: fake as Bridge, emit: fake.emit.bind(fake), calls: fake.calls as { channel: InvokeChannel; args: unknown[] }[] };
}

/** Puts every renderer store back to a first start, with the clock reading `now`. */
export function resetStores(now: () => number = () => NOW): void {
  stopStores();
  fullRecords.clear();
  clock.useSource(now);
}

/** Each test of the file starts with the assets store holding `fleet` (read through a fake bridge), and leaves it reset. */
export function withAssetsStoreOf(fleet: Asset[]): void {
  beforeEach(async () => {
    setBridge(new FakeBridge().handle('assets:get', () => snapshot(fleet)));
    resetStores(() => NOW);
    await assetsStore.init();
  });
  afterEach(() => {
    setBridge(null);
    resetStores(() => NOW);
  });
}

/** A keychain problem as the vault words it: the one text every place of the UI shows. */
export const KEYCHAIN_PROBLEM = 'No usable keychain (The keyring was locked): you will have to sign in again next time.';
