/**
 * Handlers for the fleet (AEMP) interface. Arguments from the renderer are checked;
 * every answer is stored, and when the network fails the stored copy is served.
 */
import * as v from 'valibot';
import type { AempVersion, Equipment, AempListing, AempProgress, HistoryMetric, HistoryResult } from '../../contract';
import { FleetError } from '../errors';
import { AempClient, formatAempDate } from '../aemp/aemp-client';
import type { CoreContext, HandlerGroup, OfflineStore } from '../ports';
import type { AssetRepository } from '../assets/asset-repository';

export type AempChannels = 'aemp:list' | 'aemp:cached' | 'aemp:equipment' | 'aemp:history';

export interface AempHandlerOptions {
  now?: () => Date;
}

const DAY_MS = 86_400_000;
const MAX_RANGE_DAYS = 366;
// Throttling counts too: feeds may ask for a 15-minute wait, and the stored copy beats an error.
const FALLBACK_KINDS = new Set(['network', 'timeout', 'server', 'rate-limited']);

const Version = v.picklist(['1.2', '2.0'], 'The fleet version must be "1.2" or "2.0".');
const Identifier = v.pipe(
  v.string('The unit identifier must be text.'),
  v.trim(),
  v.minLength(1, 'Enter a unit identifier (equipment id, serial number or VIN).'),
  v.maxLength(200, 'The unit identifier is too long (at most 200 characters).'),
  // eslint-disable-next-line no-control-regex
  v.regex(/^[^\u0000-\u001f\u007f]*$/, 'The unit identifier contains control characters.'),
);
const Metric = v.picklist(['Location', 'CumulativeOperatingHours', 'Distance', 'FuelRemaining'], 'The history metric must be Location, CumulativeOperatingHours, Distance or FuelRemaining.');
const UtcDate = v.pipe(
  v.string('Dates must be text in ISO 8601 UTC form.'),
  v.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?Z$/, 'Dates must be ISO 8601 in UTC, like 2026-03-01T00:00:00Z.'),
  v.check((s) => Number.isFinite(Date.parse(s)), 'That date does not exist.'),
);

function check<T extends v.GenericSchema>(schema: T, value: unknown, what: string): v.InferOutput<T> {
  const result = v.safeParse(schema, value);
  if (!result.success) throw new FleetError('invalid-argument', result.issues[0]?.message ?? `Invalid ${what}.`);
  return result.output;
}

function checkRange(startRaw: unknown, endRaw: unknown): { start: string; end: string } {
  const start = formatAempDate(check(UtcDate, startRaw, 'start date'));
  const end = formatAempDate(check(UtcDate, endRaw, 'end date'));
  const span = Date.parse(end) - Date.parse(start);
  if (span <= 0) throw new FleetError('invalid-argument', 'The start of the range must be before its end.');
  if (span > MAX_RANGE_DAYS * DAY_MS) throw new FleetError('invalid-argument', `The range is too long: at most ${MAX_RANGE_DAYS} days.`);
  return { start, end };
}

/**
 * The units with `linkedAssetId` set by the shared rule (the repository's serial index).
 * Linking is a nicety: an asset list that cannot be read links nothing and fails nothing.
 */
function link(units: Equipment[], assets: AssetRepository): Equipment[] {
  try {
    return units.map((unit) => ({ ...unit, linkedAssetId: assets.linkedAssetId(unit) }));
  } catch {
    return units.map((unit) => ({ ...unit, linkedAssetId: null }));
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
    async 'aemp:list'(versionRaw) {
      const version = check(Version, versionRaw, 'version');
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
        emit({ version, page: 0, lastPage: null, units: 0, waitingUntil: null, done: true });
        if (!isNetworkFailure(err)) throw err;
        const stored = cached<AempListing>(store, 'fleet-list', version);
        if (!stored) throw new FleetError('offline', `Not available offline: the AEMP ${version} fleet has not been loaded before.`, { cause: err });
        return { ...stored.value, equipment: link(stored.value.equipment, assets), fetchedAt: stored.fetchedAt, source: 'cache' };
      } finally {
        if (running.get(version) === controller) running.delete(version);
      }
    },

    async 'aemp:cached'(versionRaw) {
      const version = check(Version, versionRaw, 'version');
      const { store, assets } = session();
      const stored = cached<AempListing>(store, 'fleet-list', version);
      if (!stored) return null;
      return { ...stored.value, equipment: link(stored.value.equipment, assets), fetchedAt: stored.fetchedAt, source: 'cache' };
    },

    async 'aemp:equipment'(versionRaw, identifierRaw) {
      const version = check(Version, versionRaw, 'version');
      const identifier = check(Identifier, identifierRaw, 'identifier');
      const key = `${version}|${identifier}`;
      const { client, store, assets } = session();
      try {
        const { equipment } = await client.getUnit(version, identifier);
        save(store, 'fleet-unit', key, equipment, now().toISOString());
        return link([equipment], assets)[0];
      } catch (err) {
        if (!isNetworkFailure(err)) throw err;
        const stored = cached<Equipment>(store, 'fleet-unit', key);
        if (!stored) throw new FleetError('offline', `Not available offline: unit "${identifier}" has not been loaded before.`, { cause: err });
        return link([stored.value], assets)[0];
      }
    },

    async 'aemp:history'(identifierRaw, metricRaw, startRaw, endRaw) {
      const identifier = check(Identifier, identifierRaw, 'identifier');
      const metric: HistoryMetric = check(Metric, metricRaw, 'metric');
      const { start, end } = checkRange(startRaw, endRaw);
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
