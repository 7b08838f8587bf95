/**
 * Handlers for the fleet (AEMP) interface. Arguments from the renderer arrive checked;
 * every answer is stored, and when the network fails the stored copy is served.
 */
import type { AempVersion, Equipment, AempListing, AempProgress, HistoryResult } from '../../contract';
import { FleetError } from '../errors';
import { AempClient, formatAempDate } from '../aemp/aemp-client';
import type { CoreContext, HandlerGroup, OfflineStore } from '../ports';
import type { AssetRepository } from '../assets/asset-repository';

export type AempChannels = 'aemp:list' | 'aemp:cached' | 'aemp:equipment' | 'aemp:history';

export interface AempHandlerOptions {
  now?: () => Date;
}

// Throttling counts too: feeds may ask for a 15-minute wait, and the stored copy beats an error.
const FALLBACK_KINDS = new Set(['network', 'timeout', 'server', 'rate-limited']);

/** The stored kind of one machine's record: the name is in profiles' stores on disk, so it stays as first written. */
const EQUIPMENT_RECORD = 'fleet-unit';

/**
 * The machines with `linkedAssetId` set by the shared rule (the repository's serial index).
 * Linking is a nicety: an asset list that cannot be read links nothing and fails nothing.
 */
function link(equipment: Equipment[], assets: AssetRepository): Equipment[] {
  try {
    return equipment.map((e) => ({ ...e, linkedAssetId: assets.linkedAssetId(e) }));
  } catch {
    return equipment.map((e) => ({ ...e, linkedAssetId: null }));
  }
}

function isNetworkFailure(err: unknown): boolean {
  return err instanceof FleetError && FALLBACK_KINDS.has(err.kind);
}

export function createAempHandlers(ctx: CoreContext, options: AempHandlerOptions = {}): HandlerGroup<AempChannels> {
  const now = options.now ?? (() => new Date());
  const running = new Map<AempVersion, AbortController>();

  /**
   * The active profile's client, store and asset list, taken once per call: an answer that
   * arrives after a profile switch is stored (and linked) with the profile it was asked for.
   */
  const session = () => {
    let store: OfflineStore | null;
    try {
      store = ctx.store();
    } catch {
      store = null; // an unusable store must not stop the fleet from loading
    }
    return { client: new AempClient(ctx.http(), ctx.connection().aempUrl), store, assets: ctx.assets() };
  };

  const save = (store: OfflineStore | null, kind: string, key: string, value: unknown, fetchedAt: string) => {
    try {
      store?.putDocument(kind, key, value, fetchedAt);
    } catch {
      // The answer is still shown; it just will not be there offline.
    }
  };

  /** The stored document, or null; a broken store counts as no document. */
  const cached = <T>(store: OfflineStore | null, kind: string, key: string) => {
    try {
      return store?.getDocument<T>(kind, key) ?? null;
    } catch {
      return null;
    }
  };

  return {
    // Arguments arrive checked by the IPC table (core/ipc/validate-args.ts): versions, identifiers (trimmed), metrics and ranges.
    async 'aemp:list'(version) {
      running.get(version)?.abort();
      const controller = new AbortController();
      running.set(version, controller);
      const emit = (p: AempProgress) => {
        if (running.get(version) === controller) ctx.emit('aemp:progress', p);
      };
      const { client, store, assets } = session();
      try {
        const fetchedAt = now().toISOString();
        const result = await client.listEquipment(version, { signal: controller.signal, onProgress: emit });
        const listing: AempListing = {
          version,
          snapshotTime: result.snapshotTime,
          equipment: link(result.equipment, assets),
          issues: result.issues,
          pages: result.pages,
          fetchedAt,
          source: 'network',
        };
        save(store, 'fleet-list', version, listing, fetchedAt);
        return listing;
      } catch (err) {
        emit({ version, page: 0, lastPage: null, equipment: 0, waitingUntil: null, done: true });
        if (!isNetworkFailure(err)) throw err;
        const stored = cached<AempListing>(store, 'fleet-list', version);
        if (!stored) throw new FleetError('offline', `Not available offline: the AEMP ${version} fleet has not been loaded before.`, { cause: err });
        return { ...stored.value, equipment: link(stored.value.equipment, assets), fetchedAt: stored.fetchedAt, source: 'cache' };
      } finally {
        if (running.get(version) === controller) running.delete(version);
      }
    },

    async 'aemp:cached'(version) {
      const { store, assets } = session();
      const stored = cached<AempListing>(store, 'fleet-list', version);
      if (!stored) return null;
      return { ...stored.value, equipment: link(stored.value.equipment, assets), fetchedAt: stored.fetchedAt, source: 'cache' };
    },

    async 'aemp:equipment'(version, identifier) {
      const key = `${version}|${identifier}`;
      const { client, store, assets } = session();
      try {
        const { equipment: answered } = await client.getEquipment(version, identifier);
        // AEMP 1.2 looks machines up by VIN, and its answer may leave the VIN out: it is the one asked for.
        const equipment = version === '1.2' && !answered.vin ? { ...answered, vin: identifier } : answered;
        save(store, EQUIPMENT_RECORD, key, equipment, now().toISOString());
        return link([equipment], assets)[0];
      } catch (err) {
        if (!isNetworkFailure(err)) throw err;
        const stored = cached<Equipment>(store, EQUIPMENT_RECORD, key);
        if (!stored) throw new FleetError('offline', `Not available offline: machine "${identifier}" has not been loaded before.`, { cause: err });
        return link([stored.value], assets)[0];
      }
    },

    async 'aemp:history'(identifier, metric, startAt, endAt) {
      const [start, end] = [formatAempDate(startAt), formatAempDate(endAt)];
      const key = `${identifier}|${metric}|${start}|${end}`;
      const { client, store } = session();
      try {
        const fetchedAt = now().toISOString();
        const result = await client.getHistory(identifier, metric, start, end);
        const history: HistoryResult = { identifier, metric, start, end, points: result.points, issues: result.issues, fetchedAt, source: 'network' };
        save(store, 'fleet-history', key, history, fetchedAt);
        return history;
      } catch (err) {
        if (!isNetworkFailure(err)) throw err;
        const stored = cached<HistoryResult>(store, 'fleet-history', key);
        if (!stored) throw new FleetError('offline', 'Not available offline: this history range has not been loaded before', { cause: err });
        return { ...stored.value, fetchedAt: stored.fetchedAt, source: 'cache' };
      }
    },
  };
}
