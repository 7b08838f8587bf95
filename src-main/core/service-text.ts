/**
 * Every string a service sends is cleaned before it is stored, shown or exported
 * (echoed secrets and bounded text): registered secrets (our own tokens, echoed back by a
 * careless or hostile service) become `[redacted]`, and text longer than
 * MAX_FIELD_CHARS is cut with a visible mark. Object keys are strings too.
 *
 * Cleaning a parsed asset list is a walk over all of it, so `jsonNeedsCleaning` first
 * looks at the raw body: when it holds no secret (in any JSON spelling) and no string
 * that could be too long, the walk is skipped and nothing is copied.
 */
import { hasRegisteredSecret, mayHoldSecretInJson, redactRegisteredSecrets } from './errors';
import { CUT_MARK, formatCount, MAX_FIELD_CHARS, MAX_URL_CHARS } from './limits';

export interface TextNote {
  /** JSON path of the string (or of the key's object, for a key). */
  path: string;
  what: 'cut' | 'redacted' | 'dropped' | 'too-deep';
}

/** Nesting deeper than this is dropped (nothing a fleet service sends needs it). */
const MAX_DEPTH = 32;
const PLAIN_KEY = /^[A-Za-z_$][\w$-]*$/;

function childPath(base: string, key: string | number): string {
  if (typeof key === 'number') return `${base}[${key}]`;
  return PLAIN_KEY.test(key) ? `${base}.${key}` : `${base}[${JSON.stringify(key.slice(0, 40))}]`;
}

/** `text` cut to `max` characters, the last one being the mark, never splitting a surrogate pair. */
export function cutText(text: string, max = MAX_FIELD_CHARS): string {
  if (text.length <= max) return text;
  let end = max - CUT_MARK.length;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return text.slice(0, end) + CUT_MARK;
}

/** One string from a service: secrets redacted, then cut to the limit. Notes what changed. */
export function cleanText(text: string, path: string, notes: TextNote[], max = MAX_FIELD_CHARS): string {
  let out = text;
  if (hasRegisteredSecret(out)) {
    out = redactRegisteredSecrets(out);
    notes.push({ path, what: 'redacted' });
  }
  if (out.length > max) {
    out = cutText(out, max);
    notes.push({ path, what: 'cut' });
  }
  return out;
}

/** An object key from a service, cleaned like any text; its note names the cleaned key's path. */
export function cleanKey(key: string, parentPath: string, notes: TextNote[], pathOf: (parent: string, key: string) => string = childPath): string {
  const found: TextNote[] = [];
  const cleaned = cleanText(key, '', found);
  for (const note of found) notes.push({ path: pathOf(parentPath, cleaned), what: note.what });
  return cleaned;
}

export interface CleanOptions {
  /** Strings over the limit or holding a secret are removed (null) instead of cut/redacted: URLs. */
  drop?: boolean;
}

/**
 * A parsed JSON value with every string and key cleaned. Returns the same object when
 * nothing changed (copy on write), so clean data is not duplicated.
 */
export function cleanJsonValue(value: unknown, path: string, notes: TextNote[], options: CleanOptions = {}, depth = 0): unknown {
  if (typeof value === 'string') {
    if (!options.drop) return cleanText(value, path, notes);
    if (value.length > MAX_URL_CHARS || hasRegisteredSecret(value)) {
      notes.push({ path, what: 'dropped' });
      return null;
    }
    return value;
  }
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) {
    notes.push({ path, what: 'too-deep' });
    return null;
  }
  if (Array.isArray(value)) {
    let out: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const cleaned = cleanJsonValue(value[i], childPath(path, i), notes, options, depth + 1);
      if (cleaned !== value[i] && !out) out = value.slice(0, i);
      if (out) out.push(cleaned);
    }
    return out ?? value;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  let out: Record<string, unknown> | null = null;
  for (let k = 0; k < keys.length; k++) {
    const key = keys[k];
    const cleanedKey = cleanKey(key, path, notes);
    const cleaned = cleanJsonValue(record[key], childPath(path, cleanedKey), notes, options, depth + 1);
    if ((cleanedKey !== key || cleaned !== record[key]) && !out) {
      out = {};
      for (let j = 0; j < k; j++) out[keys[j]] = record[keys[j]];
    }
    if (out) out[cleanedKey] = cleaned;
  }
  return out ?? value;
}

/**
 * True when this JSON text may hold a string of more than `max` characters: a run of
 * more than `max` characters between two unescaped quotes (a JSON string's raw text is
 * at least as long as its value). Looks for one quote per half-window of text, and
 * measures a run only where a window has none, so a clean body costs little.
 */
export function mayHoldLongString(json: string, max = MAX_FIELD_CHARS): boolean {
  const window = Math.max(1, Math.floor(max / 2));
  for (let start = 0; start + window <= json.length; start += window) {
    const quote = nextQuote(json, start);
    if (quote !== -1 && quote < start + window) continue;
    // A whole window without a quote: how long is the run it lies in?
    const end = quote === -1 ? json.length : quote;
    if (end - previousQuote(json, start) - 1 > max) return true;
    if (quote === -1) return false;
    start = Math.floor(quote / window) * window - window;
  }
  return false;
}

function isEscaped(text: string, at: number): boolean {
  let slashes = 0;
  for (let i = at - 1; i >= 0 && text.charCodeAt(i) === 0x5c; i--) slashes++;
  return slashes % 2 === 1;
}

function nextQuote(text: string, from: number): number {
  let at = text.indexOf('"', from);
  while (at !== -1 && isEscaped(text, at)) at = text.indexOf('"', at + 1);
  return at;
}

/** The last unescaped quote before `before`, or -1. */
function previousQuote(text: string, before: number): number {
  let at = before > 0 ? text.lastIndexOf('"', before - 1) : -1;
  while (at !== -1 && isEscaped(text, at)) at = at > 0 ? text.lastIndexOf('"', at - 1) : -1;
  return at;
}

/** True when a JSON body must be cleaned string by string (see the module comment). */
export function jsonNeedsCleaning(json: string): boolean {
  return mayHoldSecretInJson(json) || mayHoldLongString(json);
}

/** The message of a note, for an issue shown with the data. */
export function describeNote(note: TextNote): string {
  switch (note.what) {
    case 'cut':
      return `Text longer than ${formatCount(MAX_FIELD_CHARS)} characters; cut (marked ${CUT_MARK})`;
    case 'redacted':
      return 'Held a sign-in credential of this connection, echoed by the service; removed (shown as [redacted])';
    case 'dropped':
      return `Address longer than ${formatCount(MAX_URL_CHARS)} characters or holding a sign-in credential of this connection; left out`;
    case 'too-deep':
      return `Nested more than ${MAX_DEPTH} levels deep; left out`;
  }
}
