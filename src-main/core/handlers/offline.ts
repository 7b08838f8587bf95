import type { Asset, ExportResult } from '../../contract';
import { FleetError } from '../errors';
import { deliverFile } from './deliver-file';
import type { CoreContext, HandlerGroup } from '../ports';
import { assetsToCsv } from '../store/export-csv';
import { assetFacts, countTracked, tracksToGeoJson, type AssetTrack } from '../store/export-geojson';

const HOUR_MS = 60 * 60 * 1000;

export interface OfflineHandlerOptions {
  now?: () => Date;
  /** The name of the site a machine is on, for the exports' site column and property. */
  siteName?: (assetId: string) => string | null;
}

/** Trails and exports, served from the active profile's offline store (no network). */
export function createOfflineHandlers(
  ctx: CoreContext,
  options: OfflineHandlerOptions = {},
): HandlerGroup<'trail:get' | 'export:assetsCsv' | 'export:positionsGeoJson'> {
  const now = options.now ?? (() => new Date());
  const siteName = options.siteName ?? (() => null);

  const deliver = (baseName: string, extension: string, content: string, mimeType: string, count: number): Promise<ExportResult> =>
    deliverFile(ctx.platform, now(), { baseName, extension, content, mimeType, count });

  return {
    async 'trail:get'(assetId, hours) {
      return ctx.store().trail(assetId, since(now(), hours));
    },

    // Arguments arrive checked by the IPC table (core/ipc/validate-args.ts): asset ids, their number, hours back.
    async 'export:assetsCsv'(assetIds) {
      const ids = once(assetIds);
      const list = ctx.assets();
      if (!list.snapshot()) throw new FleetError('not-found', 'There is no saved asset list to export yet. Refresh once while connected.');
      const assets = ids.map((id) => list.asset(id)).filter((asset): asset is Asset => asset !== undefined);
      if (assets.length === 0) throw new FleetError('not-found', 'None of the selected assets are in the saved asset list.');
      return deliver('fleet-assets', 'csv', assetsToCsv(assets, ctx.settings().units, ctx.connection().speedUnit, undefined, siteName), 'text/csv', assets.length);
    },

    async 'export:positionsGeoJson'(assetIds, hours) {
      const ids = once(assetIds);
      const store = ctx.store();
      const list = ctx.assets();
      const from = since(now(), hours);
      const at = now().getTime();
      const staleAfterMin = ctx.settings().staleAfterMin;
      const tracks: AssetTrack[] = ids.map((assetId) => {
        const asset = list.asset(assetId);
        return { assetId, name: asset?.name ?? assetId, facts: assetFacts(asset, at, staleAfterMin, asset ? siteName(assetId) : null), points: store.trail(assetId, from) };
      });
      const content = JSON.stringify(tracksToGeoJson(tracks));
      return deliver('fleet-positions', 'geojson', content, 'application/geo+json', countTracked(tracks));
    },
  };
}

function since(now: Date, hours: number): string {
  return new Date(now.getTime() - hours * HOUR_MS).toISOString();
}

/** The ids without repeats, each at its first position. */
function once(ids: readonly string[]): string[] {
  return [...new Set(ids)];
}
