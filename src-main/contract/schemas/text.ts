/**
 * Building blocks of the shared schemas: text, whole numbers and web addresses, each
 * with a message written for the person who typed the value. Browser-safe (no Node).
 */
import * as v from 'valibot';

/** "10,000": numbers in messages read the same on every machine. */
export function count(n: number): string {
  return n.toLocaleString('en-US');
}

/** "1 minute", "5 minutes". */
export function amount(n: number, one: string, many = `${one}s`): string {
  return `${count(n)} ${n === 1 ? one : many}`;
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

/** http(s) with a host and without a user name or password (those would be stored in plain files). */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/** `scheme://host[:port]` (a trailing `/` allowed): a site, not a page. */
export function isHttpOrigin(value: string): boolean {
  if (!isHttpUrl(value) || /[?#]/.test(value)) return false;
  return new URL(value).pathname === '/';
}

/** The first problem of a failed check, as the sentence its schema wrote. */
export function firstMessage(issues: readonly { message: string }[]): string {
  return issues[0]?.message ?? 'This value is not allowed';
}
