/** What the renderer asks about assets: maps (embed sessions), trails and exports. */
import * as v from 'valibot';
import { AssetIdSchema, assetIdList, mapTooManyMessage, MAX_ASSET_IDS, MAX_EXPORT_ASSET_IDS } from './ids';
import { count } from './text';

/** Longest look-back of trails and position exports: 90 days. */
export const MAX_HOURS_BACK = 2160;
const HOURS_RULE = `Look back 1 hour to 90 days (${count(MAX_HOURS_BACK)} hours)`;

export const HoursBackSchema = v.pipe(v.number(HOURS_RULE), v.finite(HOURS_RULE), v.minValue(1, HOURS_RULE), v.maxValue(MAX_HOURS_BACK, HOURS_RULE));

/** Asset ids of an export, in list order. */
export const ExportAssetIdsSchema = assetIdList(
  MAX_EXPORT_ASSET_IDS,
  'Select at least one asset to export',
  (n) => `An export can hold at most ${count(MAX_EXPORT_ASSET_IDS)} assets; ${count(n)} are selected. Narrow the selection.`,
);

/** Which map to open: the branch, a selection (at most MAX_ASSET_IDS assets) or one asset. */
export const EmbedRequestSchema = v.variant(
  'kind',
  [
    v.strictObject({ kind: v.literal('branch') }, 'A branch map request has a field Fleet Desk does not know'),
    v.strictObject(
      { kind: v.literal('subset'), assetIds: assetIdList(MAX_ASSET_IDS, 'Select at least one asset to show on the map', mapTooManyMessage) },
      'A selection map request has a field Fleet Desk does not know',
    ),
    v.strictObject({ kind: v.literal('asset'), assetId: AssetIdSchema }, 'An asset map request has a field Fleet Desk does not know'),
  ],
  'A map shows the branch, a selection or one asset',
);

const coordinate = (what: string, min: number) => {
  const rule = `The map's ${what} must be a number from ${count(min)} to ${count(100_000)} pixels`;
  return v.pipe(v.number(rule), v.finite(rule), v.minValue(min, rule), v.maxValue(100_000, rule));
};

/** Electron only: where the renderer wants the native embed view drawn (CSS px). */
export const EmbedBoundsSchema = v.strictObject(
  { x: coordinate('left edge', -100_000), y: coordinate('top edge', -100_000), width: coordinate('width', 0), height: coordinate('height', 0) },
  'The map bounds have a field Fleet Desk does not know',
);

export type EmbedRequest = v.InferOutput<typeof EmbedRequestSchema>;
export type EmbedBounds = v.InferOutput<typeof EmbedBoundsSchema>;
