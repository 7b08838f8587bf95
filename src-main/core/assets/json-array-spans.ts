/**
 * Where the elements of a JSON array text lie, found without parsing them: a refresh
 * compares each asset's text with the previous list's and parses only the ones that
 * changed (asset-list-reader.ts). No JSON library gives element boundaries faster than
 * JSON.parse gives the whole value, so this is a small scanner of its own.
 *
 * The scanner checks the array's own punctuation (brackets, commas, nothing after the
 * end) and finds a value's end by matching brackets outside strings. It does not check
 * a value's inside: an element is either parsed on its own (and then JSON.parse judges
 * it) or its text equals one that parsed before. Any doubt returns null, and the caller
 * parses the whole text the plain way, which also words the error.
 */

import { MAX_LIST_NESTING } from '../limits';

export interface ElementSpan {
  /** The element's text is `text.slice(start, end)`. */
  start: number;
  end: number;
  /**
   * The value of the element's top-level `"urls"` member (an object element with that
   * key written once, plainly, and no escaped top-level key, so JSON.parse reads this
   * very text as `urls`); -1 when there is none or the keys are not plain.
   */
  urlsStart: number;
  urlsEnd: number;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

export function skipSpace(text: string, at: number): number {
  while (at < text.length && isSpace(text.charCodeAt(at))) at++;
  return at;
}

/** Index just after the string that opens at `at` (a quote), or -1 when it never closes. */
function afterString(text: string, at: number): number {
  let quote = text.indexOf('"', at + 1);
  while (quote !== -1) {
    let slashes = 0;
    for (let i = quote - 1; text.charCodeAt(i) === BACKSLASH; i--) slashes++;
    if (slashes % 2 === 0) return quote + 1;
    quote = text.indexOf('"', quote + 1);
  }
  return -1;
}

function hasBackslash(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (text.charCodeAt(i) === BACKSLASH) return true;
  return false;
}

/**
 * The span of the value starting at `at` (not a space), or null when it does not end well
 * or nests deeper than `maxDepth` levels (its own brackets being the first).
 */
export function valueSpan(text: string, at: number, maxDepth = MAX_LIST_NESTING - 1): ElementSpan | null {
  const first = text.charCodeAt(at);
  if (first === QUOTE) {
    const end = afterString(text, at);
    return end === -1 ? null : { start: at, end, urlsStart: -1, urlsEnd: -1 };
  }
  if (first !== OPEN_OBJECT && first !== OPEN_ARRAY) {
    // A number or a literal: up to the next punctuation; JSON.parse judges the word.
    let end = at;
    while (end < text.length) {
      const code = text.charCodeAt(end);
      if (code === COMMA || code === CLOSE_ARRAY || code === CLOSE_OBJECT || isSpace(code)) break;
      end++;
    }
    return end === at ? null : { start: at, end, urlsStart: -1, urlsEnd: -1 };
  }
  const isObject = first === OPEN_OBJECT;
  let depth = 0;
  let expectKey = false;
  let plainKeys = true;
  let afterUrlsKey = false;
  let urlsStart = -1;
  let urlsEnd = -1;
  for (let i = at; i < text.length; ) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) {
      const end = afterString(text, i);
      if (end === -1) return null;
      if (isObject && depth === 1 && expectKey) {
        expectKey = false;
        if (end - i === 6 && text.startsWith('"urls"', i)) {
          afterUrlsKey = true;
        } else if (hasBackslash(text, i + 1, end - 1)) {
          plainKeys = false;
        }
      }
      i = end;
      continue;
    }
    if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
      depth++;
      if (depth > maxDepth) return null;
      if (depth === 1) expectKey = true;
    } else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) {
      if (depth === 1 && urlsStart !== -1 && urlsEnd === -1) urlsEnd = i;
      depth--;
      if (depth === 0) {
        // A second "urls" moves urlsStart past the first one's end: not set apart then.
        const found = isObject && plainKeys && urlsEnd > urlsStart;
        return { start: at, end: i + 1, urlsStart: found ? urlsStart : -1, urlsEnd: found ? urlsEnd : -1 };
      }
    } else if (depth === 1) {
      if (code === COMMA) {
        expectKey = true;
        if (urlsStart !== -1 && urlsEnd === -1) urlsEnd = i;
      } else if (code === COLON && afterUrlsKey) {
        afterUrlsKey = false;
        urlsStart = skipSpace(text, i + 1);
      }
    }
    i++;
  }
  return null;
}

/** What follows an element of an array: the next element's start, the array's end, or not JSON. */
export type AfterElement = { next: number } | { done: true } | null;

/**
 * After an element that ends at `end`: a comma and the next element, or the closing
 * bracket with nothing but spaces after it (the array is the whole text); null otherwise.
 */
export function afterElement(text: string, end: number): AfterElement {
  const at = skipSpace(text, end);
  const code = text.charCodeAt(at);
  if (code === COMMA) {
    const next = skipSpace(text, at + 1);
    return next < text.length ? { next } : null;
  }
  if (code === CLOSE_ARRAY) return skipSpace(text, at + 1) === text.length ? { done: true } : null;
  return null;
}

/**
 * Where the first element of the array that is the whole text begins, or `{ done: true }`
 * for an empty array; null when the text does not open an array.
 */
export function arrayStart(text: string): AfterElement {
  const open = skipSpace(text, 0);
  if (text.charCodeAt(open) !== OPEN_ARRAY) return null;
  const first = skipSpace(text, open + 1);
  if (text.charCodeAt(first) === CLOSE_ARRAY) return skipSpace(text, first + 1) === text.length ? { done: true } : null;
  return first < text.length ? { next: first } : null;
}

/**
 * Whether the JSON text nests no deeper than `maxDepth` levels of brackets (outside
 * strings). Checked before a whole text is parsed: what reads the parsed value afterwards
 * (cleaning, fingerprints, the store, events) walks it by recursion.
 */
export function nestingWithin(text: string, maxDepth: number = MAX_LIST_NESTING): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) {
      const end = afterString(text, i);
      if (end === -1) return true; // not JSON: the parser words that
      i = end - 1;
    } else if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
      if (++depth > maxDepth) return false;
    } else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) {
      depth--;
    }
  }
  return true;
}
