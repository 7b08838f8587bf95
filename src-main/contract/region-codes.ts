/**
 * Region codes: the service writes them `region:<code>` (`region:UT`); people read the
 * code alone (`UT`). The rules and the store keep the service's spelling, so a rule still
 * matches what the service sends; only what people read drops the prefix.
 */
export const REGION_PREFIX = 'region:';

const PREFIX = /^region:/i;

/** "UT" for "region:UT"; a code without the prefix is shown as it came. */
export function regionCodeText(code: string): string {
  const bare = code.replace(PREFIX, '').trim();
  return bare || code;
}

/** "region:UT" from "UT" or "region:UT" as typed; null when nothing usable was typed. */
export function regionCodeOf(typed: string): string | null {
  const bare = typed.trim().replace(PREFIX, '').trim();
  return bare ? `${REGION_PREFIX}${bare}` : null;
}

/**
 * What two region codes are compared by: with or without the prefix and in any case, as
 * the alert rules match them ("slc-yard" and "region:SLC-YARD" are one region). Null when
 * the code is empty.
 */
export function regionKey(code: string): string | null {
  return regionCodeOf(code)?.toLowerCase() ?? null;
}
