/**
 * Reads the service's asset list, parsing only what changed since the last read.
 *
 * The service sends the whole list on every refresh and a
 * typical refresh changes a few percent of it. The reader keeps, for each element of its
 * last answer, a SHA-256 of its text (not the text, which is as
 * large as the answer), the asset it gave and that asset's fingerprint. Walking the new answer, it
 * compares the digest of the text at each place with the element expected there (the
 * next one of the last answer): when they match, the text is the same, so is the asset,
 * and it is neither scanned, parsed, cleaned, validated nor fingerprinted again.
 * Only new and changed elements are. After a changed element the walk finds its place in
 * the last answer again by the asset's id, so an asset added or removed costs one parse.
 *
 * What makes reuse exact:
 * - an element's asset depends only on its text, its position (issue paths name it), the
 *   registered secrets (cleaning) and the time (the "collected in the future" flag);
 * - an asset with issues is reused only at the same position, any change to the secrets
 *   starts afresh, and an asset flagged as from the future is never reused;
 * - the `urls` member is compared apart (services re-sign each asset's embed URL, some on
 *   every request): when only it changed, the asset is copied with the embed URL read from
 *   the new text by the same rule as a full read.
 *
 * Whatever the reader cannot judge (a text not laid out as one array, an element that
 * does not parse, too many elements, a lone surrogate, which UTF-8 digests cannot tell
 * apart) returns null, and the caller reads the list the plain way, which words the error.
 */
import { hash } from 'node:crypto';
import type { Asset, SkippedAsset } from '../../contract';
import { pickEmbedUrl } from '../embed/embed-url';
import { secretsRevision } from '../errors';
import { MAX_ASSETS_PER_LIST, MAX_LIST_NESTING } from '../limits';
import { jsonNeedsCleaning } from '../service-text';
import { assetFingerprint } from '../store/asset-fingerprint';
import { duplicateSkip, futureLimitAt, normalizeAssetElement } from './asset-schema';
import { afterElement, arrayStart, skipSpace, valueSpan, type ElementSpan } from './json-array-spans';
import { ListBudget } from './list-budget';

/**
 * What the reader remembers of an element's text: its length and digest and, when its
 * `urls` member is set apart, the digests of the text before the value and after it.
 */
interface TextPrint {
  length: number;
  digest: string;
  /** -1 when no `urls` value is set apart; `head`, `tailLength` and `tail` are then unused. */
  headLength: number;
  head: string;
  tailLength: number;
  tail: string;
}

interface KnownElement extends TextPrint {
  /** The asset it gave; null when it was skipped or must not be reused (see `reusable`). */
  asset: Asset | null;
  print: string;
  /** Its position in its list. */
  index: number;
  /** Its text was cleaned string by string when read (cleaning notes may name its `urls`). */
  cleaned: boolean;
  /** Metric entries it held, counted again into each list that reuses it (ListBudget). */
  metricCount: number;
}

export interface ReadList {
  assets: Asset[];
  skipped: SkippedAsset[];
  /** Fingerprints by asset id (assetFingerprint), for every asset of `assets`. */
  prints: Map<string, string>;
  /** How many elements were taken from the last read, and how many were parsed. */
  reused: number;
  parsed: number;
}

function digestOf(text: string, from: number, to: number): string {
  return hash('sha256', text.slice(from, to), 'base64');
}

/** The text print of the element at `span` of `text` (see TextPrint). */
function textPrint(text: string, span: ElementSpan): TextPrint {
  const whole = { length: span.end - span.start, digest: digestOf(text, span.start, span.end) };
  if (span.urlsStart === -1) return { ...whole, headLength: -1, head: '', tailLength: 0, tail: '' };
  return {
    ...whole,
    headLength: span.urlsStart - span.start,
    head: digestOf(text, span.start, span.urlsStart),
    tailLength: span.end - span.urlsEnd,
    tail: digestOf(text, span.urlsEnd, span.end),
  };
}

/** Parses one element's text; undefined when it is not JSON. */
function parseText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export class AssetListReader {
  #elements: KnownElement[] = [];
  /** Position in #elements of each asset id's first element. */
  #positions = new Map<string, number>();
  #secrets = secretsRevision();

  /**
   * The list in `text`, read at `now`; null when it must be read the plain way. A list past
   * a bound of ListBudget throws, reused elements counted as if read again, and what the
   * reader remembers stays that of the last list it returned.
   */
  read(text: string, now: Date): ReadList | null {
    if (this.#secrets !== secretsRevision()) this.#forget();
    // UTF-8 digests read every lone surrogate as U+FFFD: such a text is read the plain way.
    if (!isWellFormed(text)) return null;
    const futureLimit = futureLimitAt(now);
    const before = this.#elements;
    const positions = this.#positions;
    const elements: KnownElement[] = [];
    const nextPositions = new Map<string, number>();
    const assets: Asset[] = [];
    const skipped: SkippedAsset[] = [];
    const prints = new Map<string, string>();
    const budget = new ListBudget();
    let reused = 0;
    let parsed = 0;
    /** The element of the last answer expected next. */
    let expected = 0;

    let step = arrayStart(text);
    while (step && 'next' in step) {
      const index = elements.length;
      if (index >= MAX_ASSETS_PER_LIST) return null;
      const at = step.next;
      const candidate = before[expected];
      let element =
        candidate?.asset && (candidate.index === index || candidate.asset.issues.length === 0) && budget.takeRecorded(candidate.asset.issues.length)
          ? sameElement(text, at, candidate)
          : null;
      if (element) {
        budget.takeMetrics(element.asset!.assetId, element.metricCount);
        reused++;
        expected++;
      } else {
        const span = valueSpan(text, at);
        if (!span) return null;
        const elementText = text.slice(span.start, span.end);
        const raw = parseText(elementText);
        if (raw === undefined) return null;
        parsed++;
        const cleaned = jsonNeedsCleaning(elementText);
        const result = normalizeAssetElement(raw, index, futureLimit, cleaned, budget);
        const asset = 'asset' in result ? result.asset : null;
        const reusable = 'asset' in result && !result.timed;
        const metricCount = 'asset' in result ? result.metricCount : 0;
        element = { ...textPrint(text, span), asset: reusable ? asset : null, print: asset ? assetFingerprint(asset) : '', index, cleaned, metricCount };
        if (asset) {
          const place = positions.get(asset.assetId);
          if (place !== undefined) expected = place + 1;
        }
        if ('skipped' in result) skipped.push(result.skipped);
        else take(asset!, element.print, index);
        elements.push(element);
        step = afterElement(text, span.end);
        continue;
      }
      take(element.asset!, element.print, index);
      elements.push(element);
      step = afterElement(text, at + element.length);
    }
    if (!step) return null;
    this.#elements = elements;
    this.#positions = nextPositions;
    return { assets, skipped, prints, reused, parsed };

    function take(asset: Asset, print: string, index: number): void {
      const id = asset.assetId;
      if (prints.has(id)) {
        skipped.push(duplicateSkip(index, id));
        return;
      }
      prints.set(id, print);
      nextPositions.set(id, index);
      assets.push(asset);
    }
  }

  #forget(): void {
    this.#elements = [];
    this.#positions = new Map();
    this.#secrets = secretsRevision();
  }
}

/**
 * The known element again when `text` holds the same text at `at` (its `urls` value
 * aside), with the new text's print and, when the `urls` text changed, the embed URL read
 * from the new one; null when anything differs.
 */
function sameElement(text: string, at: number, known: KnownElement): KnownElement | null {
  const end = at + known.length;
  if (end <= text.length && digestOf(text, at, end) === known.digest) return known;
  if (known.headLength === -1 || known.cleaned) return null;
  const urlsStart = at + known.headLength;
  if (urlsStart > text.length || digestOf(text, at, urlsStart) !== known.head) return null;
  const value = valueSpan(text, urlsStart, MAX_LIST_NESTING - 2);
  if (!value) return null;
  const urlsEnd = skipSpace(text, value.end);
  const newEnd = urlsEnd + known.tailLength;
  if (newEnd > text.length || digestOf(text, urlsEnd, newEnd) !== known.tail) return null;
  // Same text before and after the value, yet not the same element: the `urls` value changed.
  const urls = text.slice(urlsStart, urlsEnd);
  if (jsonNeedsCleaning(urls)) return null;
  const parsedUrls = parseText(urls);
  if (parsedUrls === undefined) return null;
  return {
    ...known,
    asset: { ...known.asset!, embedUrl: pickEmbedUrl(parsedUrls) },
    length: newEnd - at,
    digest: digestOf(text, at, newEnd),
  };
}

/** String.prototype.isWellFormed (ES2024; Node 20 has it, the TypeScript lib here does not). */
function isWellFormed(text: string): boolean {
  return (text as string & { isWellFormed(): boolean }).isWellFormed();
}
