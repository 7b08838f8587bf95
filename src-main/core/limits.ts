/**
 * How much Fleet Desk reads from a service before it stops: every bound on work done
 * for service input, one named constant each. A service past a limit gets a clear
 * error naming the limit, and the last good data stays: bounded work on hostile input.
 *
 * Sized for the main side to survive any of them under a 1 GB heap, with the previous
 * list still held while the largest one is parsed (the arithmetic: docs/configuration.md,
 * "Limits").
 */

const MB = 1024 * 1024;

/** Bytes of one answer, unless the request sets its own limit (embed URLs, single equipment records, errors). */
export const MAX_RESPONSE_BYTES = 8 * MB;
/** Bytes of the asset list (room for a branch several times larger than a large one). */
export const MAX_ASSET_LIST_BYTES = 128 * MB;
/** Assets in one asset list (small assets can fit many more into the byte limit). */
export const MAX_ASSETS_PER_LIST = 100_000;
/**
 * Metric entries of one asset (a real asset has ~30). Every entry is checked one by one,
 * so entries, not bytes, set the work: the few bytes of `"m1":0` are an entry to reject.
 */
export const MAX_METRICS_PER_ASSET = 500;
/** Metric entries over the whole asset list (MAX_ASSETS_PER_LIST assets of 30 metrics). */
export const MAX_METRIC_CELLS_PER_LIST = 3_000_000;
/** Issues recorded for one asset; the rest are counted in one closing entry. */
export const MAX_ISSUES_PER_ASSET = 50;
/** Issues recorded over the whole asset list; past it, each asset only counts its own. */
export const MAX_ISSUES_PER_LIST = 20_000;
/** Nesting of the asset list's JSON, the list itself being level 1 (an asset's own fields reach ~6). */
export const MAX_LIST_NESTING = 32;
/** Bytes of one AEMP page (far above a realistic page, JSON or XML). */
export const MAX_AEMP_PAGE_BYTES = 8 * MB;
/** Pages of one AEMP listing or history. */
export const MAX_PAGES_PER_LISTING = 2_000;
/** Machines read over all pages of one AEMP listing (repeats count: they cost the same work). */
export const MAX_EQUIPMENT_PER_LISTING = 100_000;
/** Points of one AEMP history (a year of one-minute positions is ~526,000). */
export const MAX_HISTORY_POINTS = 600_000;
/** Characters of one text field from a service; longer text is cut and marked. */
export const MAX_FIELD_CHARS = 1_000;
/** Characters of an address from a service (embed URLs); a longer one is left out, not cut. */
export const MAX_URL_CHARS = 8_192;
/** What marks a cut text field. */
export const CUT_MARK = '…';
/** Same-origin redirects followed for one request. */
export const MAX_REDIRECTS = 5;
/** Bytes of an error answer read for the service's message; the rest is dropped. */
export const MAX_ERROR_BODY_BYTES = 64 * 1024;

/** "128 MB" for messages. */
export function formatBytes(bytes: number): string {
  return bytes >= MB ? `${Math.round(bytes / MB)} MB` : `${Math.round(bytes / 1024)} KB`;
}

/** "100,000" for messages: the contract's `count`, which the renderer's numbers share. */
export { count as formatCount } from '../contract';
