/**
 * Building blocks of the shared schemas: text, whole numbers and web addresses, each
 * with a message written for the person who typed the value. Browser-safe (no Node).
 */
import * as v from 'valibot';

let grouping: Intl.NumberFormat | null = null;

/**
 * "10,000": numbers in messages read the same on every machine. Whole numbers are grouped
 * here: the schemas' messages call this dozens of times while the page's bundle loads, and
 * `toLocaleString('en-US')` builds a formatter per call while the first
 * `Intl.NumberFormat` loads the locale's data (costs: docs/performance.md). Other numbers go to one formatter.
 */
export function count(n: number): string {
  if (Number.isSafeInteger(n) && !Object.is(n, -0)) {
    const digits = String(Math.abs(n));
    let out = digits.slice(0, ((digits.length - 1) % 3) + 1);
    for (let i = out.length; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`;
    return n < 0 ? `-${out}` : out;
  }
  grouping ??= new Intl.NumberFormat('en-US');
  return grouping.format(n);
}

const NO_CONTROL_CHARS = /^[^\p{Cc}]*$/u;

/** Text up to `max` characters without line breaks or other control characters. */
export const plainText = (max: number, what: string) =>
  v.pipe(
    v.string(`${what} must be text`),
    v.maxLength(max, `${what} can have at most ${count(max)} characters`),
    v.regex(NO_CONTROL_CHARS, `${what} must not contain line breaks or other control characters`),
  );

/** Like plainText, but something must be typed. */
export const requiredText = (max: number, what: string) => v.pipe(plainText(max, what), v.minLength(1, `${what} must not be empty`));

/**
 * A whole number from `min` to `max`, all its messages one sentence: the rule as a person
 * reads it, e.g. "Refresh every 15 s to 24 h".
 */
export const wholeNumber = (min: number, max: number, rule: string) =>
  v.pipe(v.number(rule), v.integer(rule), v.minValue(min, rule), v.maxValue(max, rule));

/**
 * The one rule for a web address Fleet Desk uses: written as http:// or https:// from its
 * first character, with a host, and without a user name or password (those would be
 * stored in plain files and shown in messages).
 */
export function isHttpUrl(value: string): boolean {
  if (!value.startsWith('https://') && !value.startsWith('http://')) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/** The `scheme://host[:port]` of an address `isHttpUrl` takes; null for any other text. */
export function originOf(value: string): string | null {
  return isHttpUrl(value) ? new URL(value).origin : null;
}

// A DNS name (letters, digits, inner hyphens, dot-separated), an IPv4 address or an [IPv6]
// literal, as the URL parser writes them: never `*` or any other wildcard-looking host.
const EXACT_HOST = /^(?:(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]*[a-z0-9])?|\[[0-9a-f:.]+\])$/;

/** `scheme://host[:port]` (a trailing `/` allowed) naming one exact site: no path, query, wildcard or user name. */
export function isHttpOrigin(value: string): boolean {
  if (!isHttpUrl(value) || /[?#]/.test(value)) return false;
  const url = new URL(value);
  return url.pathname === '/' && EXACT_HOST.test(url.hostname);
}
