import { format } from 'date-fns';
import type { Asset, ExportResult } from '../../contract';
import { FleetError } from '../errors';
import type { CoreContext, HandlerGroup } from '../ports';
import { assetsToCsv } from '../store/export-csv';
import { countTracked, tracksToGeoJson, type AssetTrack } from '../store/export-geojson';

const ASSET_ID = /^(thing|area):\d{1,18}$/;
const MAX_HOURS = 24 * 90;
const MAX_EXPORT_ASSETS = 100_000;
const HOUR_MS = 60 * 60 * 1000;

export interface OfflineHandlerOptions {
  now?: () => Date;
}

/** Trails and exports, served from the active profile's offline store (no network). */
export function createOfflineHandlers(
  ctx: CoreContext,
  options: OfflineHandlerOptions = {},
): HandlerGroup<'trail:get' | 'export:assetsCsv' | 'export:positionsGeoJson'> {
  const now = options.now ?? (() => new Date());

  const deliver = async (baseName: string, extension: string, content: string, mimeType: string, count: number): Promise<ExportResult> => {
    const fileName = `${baseName}-${format(now(), 'yyyyMMdd-HHmm')}.${extension}`;
    const saveFile = ctx.platform.saveFile;
    if (!saveFile) return { fileName, content, mimeType, count };
    let path: string | null;
    try {
      path = await saveFile.call(ctx.platform, fileName, content, mimeType);
    } catch (err) {
      if (err instanceof FleetError) throw err;
      throw new FleetError('storage', `Could not save ${fileName}: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
    }
    return path === null ? { fileName, mimeType, count, cancelled: true } : { fileName: path, mimeType, count };
  };

  return {
    async 'trail:get'(assetId, hours) {
      checkAssetId(assetId, 'assetId');
      checkHours(hours);
      return ctx.store().trail(assetId, since(now(), hours));
    },

    async 'export:assetsCsv'(assetIds) {
      const ids = checkAssetIds(assetIds);
      const list = ctx.assets();
      if (!list.snapshot()) throw new FleetError('not-found', 'There is no saved asset list to export yet. Refresh once while connected.');
      const assets = ids.map((id) => list.asset(id)).filter((asset): asset is Asset => asset !== undefined);
      if (assets.length === 0) throw new FleetError('not-found', 'None of the selected assets are in the saved asset list.');
      return deliver('fleet-assets', 'csv', assetsToCsv(assets, ctx.settings().units), 'text/csv', assets.length);
    },

    async 'export:positionsGeoJson'(assetIds, hours) {
      const ids = checkAssetIds(assetIds);
      checkHours(hours);
      const store = ctx.store();
      const list = ctx.assets();
      const from = since(now(), hours);
      const tracks: AssetTrack[] = ids.map((assetId) => ({ assetId, name: list.asset(assetId)?.name ?? assetId, points: store.trail(assetId, from) }));
      const content = JSON.stringify(tracksToGeoJson(tracks));
      return deliver('fleet-positions', 'geojson', content, 'application/geo+json', countTracked(tracks));
    },
  };
}

function since(now: Date, hours: number): string {
  return new Date(now.getTime() - hours * HOUR_MS).toISOString();
}

function checkAssetId(value: unknown, path: string): asserts value is string {
  if (typeof value !== 'string') throw new FleetError('invalid-argument', 'An asset id must be text such as thing:12.', { path });
  if (!ASSET_ID.test(value)) {
    const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
    throw new FleetError('invalid-argument', `"${shown}" is not an asset id: expected thing:<number> or area:<number>.`, { path });
  }
}

/** Checks a list of asset ids and drops repeats, keeping the first position of each. */
function checkAssetIds(value: unknown): string[] {
  if (!Array.isArray(value)) throw new FleetError('invalid-argument', 'Expected a list of asset ids.', { path: 'assetIds' });
  if (value.length === 0) throw new FleetError('invalid-argument', 'Select at least one asset to export.', { path: 'assetIds' });
  if (value.length > MAX_EXPORT_ASSETS) {
    throw new FleetError('invalid-argument', `At most ${MAX_EXPORT_ASSETS} assets can be exported at once.`, { path: 'assetIds' });
  }
  value.forEach((id, index) => checkAssetId(id, `assetIds[${index}]`));
  return [...new Set(value as string[])];
}

function checkHours(value: unknown): asserts value is number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 1 || value > MAX_HOURS) {
    throw new FleetError('invalid-argument', `The time span must be between 1 and ${MAX_HOURS} hours (90 days).`, { path: 'hours' });
  }
}
