/**
 * Hours per day per machine: the report (from the store only, so it works offline), the
 * background fetch of the fleet interface's histories, and the CSV export.
 */
import type { AempListing, AssetRow, UtilizationRange } from '../../contract';
import { DEFAULT_USED_DAY_HOURS } from '../../contract';
import { AempClient } from '../aemp/aemp-client';
import { FleetError } from '../errors';
import type { CoreContext, HandlerGroup, UtilizationStore } from '../ports';
import { utcDay } from '../store/utilization-days';
import { computerTimeZone, dayBounds, isTimeZone } from '../utilization/days';
import { HistoryFetcher } from '../utilization/history-fetcher';
import { buildReport } from '../utilization/report';
import { linkedMachines, type LinkedMachine } from '../utilization/sources';
import { utilizationToCsv } from '../utilization/utilization-csv';
import { createDeliver } from './deliver-file';

type UtilizationCalls = 'utilization:report' | 'utilization:fetch' | 'utilization:cancel' | 'export:utilizationCsv';

const DAY_MS = 86_400_000;

export interface UtilizationHandlerOptions {
  now?: () => Date;
  /** The site a machine is on, for the export's Site column. */
  siteName?: (assetId: string) => string | null;
}

/**
 * The zone the branch's days are cut in: its setting when set, else the zone most of its
 * machines report (`time-zone` metric), else this computer's.
 */
export function branchTimeZone(setting: string, rows: readonly Pick<AssetRow, 'timeZone'>[]): string {
  if (setting && isTimeZone(setting)) return setting;
  const counts = new Map<string, number>();
  for (const row of rows) if (row.timeZone) counts.set(row.timeZone, (counts.get(row.timeZone) ?? 0) + 1);
  let best: string | null = null;
  let bestCount = 0;
  for (const [zone, n] of [...counts].sort(([a], [b]) => a.localeCompare(b))) {
    if (n > bestCount && isTimeZone(zone)) [best, bestCount] = [zone, n];
  }
  return best ?? computerTimeZone();
}

export function createUtilizationHandlers(ctx: CoreContext, options: UtilizationHandlerOptions = {}): HandlerGroup<UtilizationCalls> {
  const now = options.now ?? (() => new Date());
  const deliver = createDeliver(ctx, now);

  const days = (): UtilizationStore => {
    const store = ctx.store();
    if (!store.utilization) throw new FleetError('storage', 'This offline store keeps no utilization days.');
    return store.utilization();
  };
  const rows = (): AssetRow[] => ctx.assets().rows()?.assets ?? [];
  const zoneOf = (list: readonly AssetRow[]) => branchTimeZone(ctx.settings().timeZone, list);

  const fetcher = new HistoryFetcher(() => ({
    source: new AempClient(ctx.http(), ctx.connection().aempUrl),
    store: days(),
    emit: (p) => ctx.emit('utilization:progress', p),
    now: () => now().getTime(),
  }));

  const report = (range: UtilizationRange, usedDayHours = DEFAULT_USED_DAY_HOURS) => {
    const list = rows();
    const timeZone = zoneOf(list);
    const bounds = dayBounds(range, timeZone);
    const store = days();
    const first = bounds[0].start;
    const last = bounds[bounds.length - 1].end;
    return buildReport({
      profileId: ctx.connection().profileId,
      range,
      timeZone,
      bounds,
      usedDayHours,
      assetIds: list.filter((r) => r.type === 'thing').map((r) => r.assetId),
      fetched: store.machineDays(range.from, range.to, timeZone),
      // A UTC day either side: readings that straddle the branch's midnight.
      engineDays: store.engineDays(utcDay(first - DAY_MS), utcDay(last + DAY_MS)),
      now: now().getTime(),
    });
  };

  /** The machines linked to AEMP 2.0 equipment: from the stored 2.0 listing, else a fresh one (then stored). */
  const machines = async (): Promise<LinkedMachine[]> => {
    const store = ctx.store();
    const assets = ctx.assets();
    let listing = store.getDocument<AempListing>('fleet-list', '2.0')?.value ?? null;
    if (!listing) {
      const client = new AempClient(ctx.http(), ctx.connection().aempUrl);
      const fetched = await client.listEquipment('2.0');
      const fetchedAt = now().toISOString();
      listing = { version: '2.0', snapshotTime: fetched.snapshotTime, equipment: fetched.equipment, issues: fetched.issues, pages: fetched.pages, fetchedAt, source: 'network' };
      store.putDocument('fleet-list', '2.0', listing, fetchedAt);
    }
    return linkedMachines(listing.equipment, (e) => assets.linkedAssetId(e));
  };

  return {
    // Arguments arrive checked by the IPC table: a range of days and the hours of a used day.
    async 'utilization:report'(range, usedDayHours) {
      return report(range, usedDayHours);
    },

    async 'utilization:fetch'(range) {
      const list = machinesOrFail(await machines());
      const timeZone = zoneOf(rows());
      return fetcher.start({ profileId: ctx.connection().profileId, zone: timeZone, bounds: dayBounds(range, timeZone), machines: list });
    },

    async 'utilization:cancel'() {
      fetcher.cancel();
    },

    async 'export:utilizationCsv'(range, usedDayHours) {
      const built = report(range, usedDayHours);
      const byId = new Map(rows().map((r) => [r.assetId, r]));
      const facts = (assetId: string) => {
        const row = byId.get(assetId);
        return row ? { name: row.name, category: row.category ?? null } : null;
      };
      const csv = utilizationToCsv(built, facts, options.siteName);
      return deliver(`fleet-utilization-${range.from}-to-${range.to}`, 'csv', csv, 'text/csv', built.machines.length);
    },
  };
}

function machinesOrFail(list: LinkedMachine[]): LinkedMachine[] {
  if (list.length === 0) {
    throw new FleetError('not-found', "No machine of the asset list is linked to the fleet interface's AEMP 2.0 equipment, so there are no histories to fetch; hours come from Fleet Desk's own readings.");
  }
  return list;
}
