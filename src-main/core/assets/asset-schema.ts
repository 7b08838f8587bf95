import * as v from 'valibot';
import { ASSET_ID_PATTERN, type Asset, type AssetType, type Metric, type SkippedAsset, type ValueIssue } from '../../contract';
import { pickEmbedUrl } from '../embed/embed-url';
import { FleetError, scrubSecrets } from '../errors';
import { formatCount, MAX_ASSETS_PER_LIST } from '../limits';
import { cleanJsonValue, cleanKey, describeNote, type TextNote } from '../service-text';
import { describeValue, pathKey } from './json-path';
import { ListBudget, type IssueLog } from './list-budget';

export { jsonNeedsCleaning } from '../service-text';
import { checkFor, gpsIssue } from './metric-checks';
import { shareMetricMeta } from './shared-meta';
import { parseIsoTimestamp } from './timestamps';

/** The contract's asset id rule (1 to 18 digits): an id the list keeps is one every call accepts. */
export const ASSET_ID = ASSET_ID_PATTERN;
/** A metric collected further in the future than this is flagged (clock trouble at the source). */
const FUTURE_TOLERANCE_MS = 10 * 60 * 1000;

type Issue = v.BaseIssue<unknown>;

// Valibot builds a message before the parent object adds the key to the issue's path,
// so messages here leave out the field name and `firstIssue` puts it in front.
const expectation =
  (what: string) =>
  (issue: Issue): string =>
    issue.input === undefined ? 'is missing' : `is ${describeValue(issue.input)}, expected ${what}`;

const missingKey = expectation('an object');

/** The fields without which an asset cannot be shown: such an asset is skipped. */
export const AssetHeadSchema = v.object(
  {
    assetId: v.pipe(
      v.string(expectation('text')),
      v.regex(ASSET_ID, (issue) => `is ${describeValue(issue.input)}, expected the form thing:<number> or area:<number> (at most 18 digits)`),
    ),
    type: v.picklist(['thing', 'area'], expectation('"thing" or "area"')),
    name: v.string(expectation('text')),
  },
  missingKey,
);

/** One entry of the metrics object; entries that fail are dropped from their asset and reported. */
export const MetricEntrySchema = v.object(
  {
    value: v.unknown(),
    meta: v.object(
      {
        collectedOn: v.pipe(
          v.string(expectation('an ISO 8601 timestamp')),
          v.check((s) => !Number.isNaN(parseIsoTimestamp(s)), (issue) => `is ${describeValue(issue.input)}, not an ISO 8601 timestamp`),
        ),
        source: v.optional(v.string(expectation('text'))),
        other: v.optional(v.record(v.string(), v.unknown(), expectation('an object'))),
      },
      missingKey,
    ),
  },
  missingKey,
);

function firstIssue(issues: readonly Issue[], base: string, label: string): { path: string; message: string } {
  const issue = issues[0];
  let path = base;
  let key = label;
  for (const item of issue.path ?? []) {
    if (typeof item.key === 'string' || typeof item.key === 'number') {
      path = pathKey(path, item.key);
      key = String(item.key);
    }
  }
  return { path, message: `${key} ${issue.message}` };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Plain-JS equivalent of MetricEntrySchema for the common, valid case (no allocations). */
function quickEntryOk(entry: unknown): number {
  if (!isPlainObject(entry) || !('value' in entry)) return Number.NaN;
  const meta = entry.meta;
  if (!isPlainObject(meta)) return Number.NaN;
  const { collectedOn, source, other } = meta;
  if (typeof collectedOn !== 'string') return Number.NaN;
  if (typeof source !== 'string' || !isPlainObject(other)) return Number.NaN;
  return parseIsoTimestamp(collectedOn);
}

/** Stands for an issue that is only counted (IssueLog records nothing once full). */
const DROPPED_UNTOLD: ValueIssue = { metric: '', path: '', message: '' };

/** A value MetricEntrySchema rejects for sure (no object, or no text `meta.collectedOn`), told without valibot's work. */
function surelyNotAnEntry(entry: unknown): boolean {
  return !isPlainObject(entry) || !isPlainObject(entry.meta) || typeof entry.meta.collectedOn !== 'string';
}

interface MetricsResult {
  metrics: Record<string, Metric> | null;
  /** Entries the service sent (kept or dropped): what the list's budget counted. */
  count: number;
  newest: number;
  /** A metric was flagged as collected in the future. */
  future: boolean;
}

function normalizeMetrics(raw: unknown, base: string, issues: IssueLog, futureLimit: number, budget: ListBudget, assetId: string): MetricsResult {
  if (raw === null || raw === undefined) return { metrics: null, count: 0, newest: Number.NaN, future: false };
  if (!isPlainObject(raw)) {
    issues.push({ metric: '', path: base, message: `metrics is ${describeValue(raw)}, expected an object; no metrics shown` });
    return { metrics: null, count: 0, newest: Number.NaN, future: false };
  }
  let newest = Number.NaN;
  let future = false;
  // The input object is reused as it is unless an entry has to be dropped or completed.
  let out: Record<string, Metric> | null = null;
  const keys = Object.keys(raw);
  // Counted before any entry is checked: a list past a bound costs no more than its count.
  budget.takeMetrics(assetId, keys.length);
  for (let k = 0; k < keys.length; k++) {
    const name = keys[k];
    const entry = raw[name];
    let at = quickEntryOk(entry);
    let kept = entry as Metric;
    if (Number.isNaN(at)) {
      if (issues.full && surelyNotAnEntry(entry)) {
        // Nothing more will be recorded: it is dropped and counted without wording why.
        issues.push(DROPPED_UNTOLD);
        if (!out) out = copyUpTo(raw, keys, k);
        continue;
      }
      const result = v.safeParse(MetricEntrySchema, entry, { abortEarly: true });
      if (!result.success) {
        const found = firstIssue(result.issues, pathKey(base, name), name);
        issues.push({ metric: name, path: found.path, message: `Metric ${name} dropped: ${found.message}` });
        if (!out) out = copyUpTo(raw, keys, k);
        continue;
      }
      const meta = result.output.meta;
      kept = {
        value: result.output.value,
        meta: { collectedOn: meta.collectedOn, source: meta.source ?? '', other: (meta.other as Record<string, unknown> | undefined) ?? {} },
      };
      at = parseIsoTimestamp(meta.collectedOn);
      if (!out) out = copyUpTo(raw, keys, k);
    }
    if (out) out[name] = kept;
    if (!(at <= newest)) newest = at;
    if (at > futureLimit) {
      future = true;
      issues.push({ metric: name, path: `${pathKey(base, name)}.meta.collectedOn`, message: `${name} was collected in the future (${kept.meta.collectedOn})` });
    }
    flagValue(name, kept.value, pathKey(base, name), issues);
  }
  return { metrics: out ?? (raw as Record<string, Metric>), count: keys.length, newest, future };
}

function copyUpTo(raw: Record<string, unknown>, keys: string[], end: number): Record<string, Metric> {
  const out: Record<string, Metric> = {};
  for (let i = 0; i < end; i++) out[keys[i]] = raw[keys[i]] as Metric;
  return out;
}

function flagValue(name: string, value: unknown, metricPath: string, issues: IssueLog): void {
  if (name === 'gps') {
    const gps = gpsIssue(value);
    if (gps) issues.push({ metric: name, path: `${metricPath}.value${gps.sub}`, message: gps.message });
    return;
  }
  const check = checkFor(name);
  if (!check) return;
  const message = check(value);
  if (message) issues.push({ metric: name, path: `${metricPath}.value`, message });
}

function skippedEntry(index: number, id: unknown, path: string, reason: string): SkippedAsset {
  // Reasons quote the service's values, which a careless service may fill with our token.
  const entry: SkippedAsset = { index, path, reason: scrubSecrets(reason) };
  if (typeof id === 'string' && id) entry.assetId = scrubSecrets(id.slice(0, 100));
  return entry;
}

/** Issues shown for one asset's cleaned text, at most; the rest are counted. */
const MAX_TEXT_ISSUES = 20;

/**
 * One asset with every string and key cleaned (secrets redacted, long text cut, see
 * service-text.ts); addresses under `urls` are left out rather than altered. Notes
 * carry the metric (or field) they belong to. The same object when nothing changed.
 */
function cleanAssetText(raw: Record<string, unknown>, base: string, notes: Array<TextNote & { metric: string }>): Record<string, unknown> {
  let out: Record<string, unknown> | null = null;
  const keys = Object.keys(raw);
  for (let k = 0; k < keys.length; k++) {
    const key = keys[k];
    const found: TextNote[] = [];
    const field = cleanKey(key, base, found, pathKey);
    const path = pathKey(base, field);
    const value = raw[key];
    let cleaned: unknown;
    if (field === 'metrics' && isPlainObject(value)) {
      cleaned = cleanMetrics(value, path, notes);
    } else {
      cleaned = cleanJsonValue(value, path, found, { drop: field === 'urls' }, 1);
    }
    for (const note of found) notes.push({ ...note, metric: field });
    if ((field !== key || cleaned !== value) && !out) {
      out = {};
      for (let j = 0; j < k; j++) out[keys[j]] = raw[keys[j]];
    }
    if (out) out[field] = cleaned;
  }
  return out ?? raw;
}

function cleanMetrics(metrics: Record<string, unknown>, base: string, notes: Array<TextNote & { metric: string }>): Record<string, unknown> {
  let out: Record<string, unknown> | null = null;
  const names = Object.keys(metrics);
  for (let k = 0; k < names.length; k++) {
    const name = names[k];
    const found: TextNote[] = [];
    const metric = cleanKey(name, base, found, pathKey);
    const entry = cleanJsonValue(metrics[name], pathKey(base, metric), found, {}, 2);
    for (const note of found) notes.push({ ...note, metric });
    if ((metric !== name || entry !== metrics[name]) && !out) {
      out = {};
      for (let j = 0; j < k; j++) out[names[j]] = metrics[names[j]];
    }
    if (out) out[metric] = entry;
  }
  return out ?? metrics;
}

function textIssues(notes: Array<TextNote & { metric: string }>): ValueIssue[] {
  const issues: ValueIssue[] = notes.slice(0, MAX_TEXT_ISSUES).map((note) => ({ metric: note.metric, path: note.path, message: describeNote(note) }));
  if (notes.length > MAX_TEXT_ISSUES) {
    issues.push({ metric: '', path: notes[MAX_TEXT_ISSUES].path, message: `${formatCount(notes.length - MAX_TEXT_ISSUES)} more texts were cut or cleaned` });
  }
  return issues;
}

export interface NormalizeOptions {
  /**
   * Clean every string (secrets, length) before reading it. True unless the caller
   * checked the raw body with `jsonNeedsCleaning` and found nothing to clean.
   */
  cleanText?: boolean;
}

/** An element of the list judged on its own: the asset it gives, or why it is skipped. */
export type ElementResult =
  | {
      asset: Asset;
      /** Metric entries the element held (kept or dropped), as the list's budget counted them. */
      metricCount: number;
      /**
       * It has a metric flagged as collected in the future: the flag depends on the time
       * of reading (it clears as the clock catches up), so the result must not be reused.
       */
      timed: boolean;
    }
  | { skipped: SkippedAsset };

/** The entry for the second and later elements with one asset id. */
export function duplicateSkip(index: number, assetId: string): SkippedAsset {
  return skippedEntry(index, assetId, `$[${index}].assetId`, `assetId ${assetId} appears more than once; only the first is shown`);
}

/**
 * One element of the list (at `index`, which its paths name) validated and normalized.
 * Whether its id was already seen in the list is for the caller to judge.
 */
export function normalizeAssetElement(element: unknown, index: number, futureLimit: number, clean: boolean, budget: ListBudget = new ListBudget()): ElementResult {
  let raw = element;
  const base = `$[${index}]`;
  const notes: Array<TextNote & { metric: string }> = [];
  if (clean && isPlainObject(raw)) raw = cleanAssetText(raw, base, notes);
  if (!isPlainObject(raw)) {
    return { skipped: skippedEntry(index, undefined, base, `Asset is ${describeValue(raw)}, expected an object`) };
  }
  const { assetId, type, name } = raw;
  // Fast path: the plain checks below accept exactly what AssetHeadSchema accepts.
  if (!(typeof assetId === 'string' && ASSET_ID.test(assetId) && (type === 'thing' || type === 'area') && typeof name === 'string')) {
    const result = v.safeParse(AssetHeadSchema, raw, { abortEarly: true });
    const found = result.success ? { path: base, message: 'Asset is not valid' } : firstIssue(result.issues, base, 'Asset');
    return { skipped: skippedEntry(index, assetId, found.path, found.message) };
  }
  const id = assetId as string;
  if (!id.startsWith(`${type}:`)) {
    return { skipped: skippedEntry(index, id, `${base}.assetId`, `assetId ${id} does not match its type "${type}"`) };
  }

  const issues = budget.issueLog();
  if (notes.length > 0) for (const issue of textIssues(notes)) issues.push(issue);
  const { metrics, count, newest, future } = normalizeMetrics(raw.metrics, `${base}.metrics`, issues, futureLimit, budget, id);
  const asset: Asset = {
    assetId: id,
    type: type as AssetType,
    name: name as string,
    embedUrl: pickEmbedUrl(raw.urls),
    // The repeated metadata shares one copy (shared-meta.ts): a smaller heap for V8 to mark.
    metrics: shareMetricMeta(metrics),
    lastUpdate: Number.isNaN(newest) ? null : new Date(newest).toISOString(),
    issues: [],
  };
  const { serialNumber, category } = raw;
  if (typeof serialNumber === 'string') asset.serialNumber = serialNumber;
  else if (serialNumber !== undefined && serialNumber !== null) {
    issues.push({ metric: 'serialNumber', path: `${base}.serialNumber`, message: `serialNumber is ${describeValue(serialNumber)}, expected text; not shown` });
  }
  if (typeof category === 'string') asset.category = category;
  else if (category !== undefined && category !== null) {
    issues.push({ metric: 'category', path: `${base}.category`, message: `category is ${describeValue(category)}, expected text; not shown` });
  }
  asset.issues = issues.issues();
  return { asset, metricCount: count, timed: future };
}

/** The future limit of metric times for a list read at `now` (see FUTURE_TOLERANCE_MS). */
export function futureLimitAt(now: Date): number {
  return now.getTime() + FUTURE_TOLERANCE_MS;
}

/**
 * The checks on the list as a whole: an answer that is not an array, or one with more
 * than MAX_ASSETS_PER_LIST elements, throws 'bad-payload'.
 */
export function checkListShape(json: unknown): asserts json is unknown[] {
  if (!Array.isArray(json)) {
    throw new FleetError('bad-payload', `The asset list from the service is ${describeValue(json)}, expected a list of assets`, { path: '$' });
  }
  checkListLength(json.length);
}

export function checkListLength(length: number): void {
  if (length > MAX_ASSETS_PER_LIST) {
    throw new FleetError(
      'bad-payload',
      `The asset list from the service has ${formatCount(length)} assets, more than the ${formatCount(MAX_ASSETS_PER_LIST)} Fleet Desk reads; the last loaded list is kept`,
      { path: '$' },
    );
  }
}

/**
 * Validates and normalizes the asset list. A non-array answer, or one with more than
 * MAX_ASSETS_PER_LIST assets, throws 'bad-payload'; otherwise every element is judged on
 * its own: unusable ones are skipped and reported, usable ones are kept with their
 * problems listed in `issues`. Strings are cleaned first (see NormalizeOptions).
 */
export function normalizeAssetList(json: unknown, now: Date = new Date(), options: NormalizeOptions = {}): { assets: Asset[]; skipped: SkippedAsset[] } {
  checkListShape(json);
  const clean = options.cleanText ?? true;
  const futureLimit = futureLimitAt(now);
  const assets: Asset[] = [];
  const skipped: SkippedAsset[] = [];
  const seen = new Set<string>();
  const budget = new ListBudget();
  for (let i = 0; i < json.length; i++) {
    const result = normalizeAssetElement(json[i], i, futureLimit, clean, budget);
    if ('skipped' in result) {
      skipped.push(result.skipped);
    } else if (seen.has(result.asset.assetId)) {
      skipped.push(duplicateSkip(i, result.asset.assetId));
    } else {
      seen.add(result.asset.assetId);
      assets.push(result.asset);
    }
  }
  return { assets, skipped };
}
