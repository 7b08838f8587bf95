/**
 * Service text made safe for a desktop notification. A Notification body is shown as
 * plain text already; this also removes what could still mislead or flood the
 * dispatcher: control characters (line breaks, escapes), bidirectional overrides that
 * reorder what is shown, anything shaped like an access token, and very long text.
 */

// C0 and C1 controls and DEL.
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g;
// Marks and overrides that change the order text is displayed in (e.g. U+202E).
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
// A JWT (header.payload.signature, base64url) or an HTTP bearer credential.
const JWT_LIKE = /\beyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g;
const BEARER = /\bBearer\s+[^\s]+/gi;

export const HIDDEN = '[hidden]';

export function plainText(text: unknown, maxChars: number): string {
  const cleaned = String(text ?? '')
    .replace(CONTROLS, ' ')
    .replace(BIDI, '')
    .replace(JWT_LIKE, HIDDEN)
    .replace(BEARER, `Bearer ${HIDDEN}`)
    .replace(/\s+/g, ' ')
    .trim();
  // Count code points, not UTF-16 units, so an emoji is never cut in half.
  const chars = Array.from(cleaned);
  if (chars.length <= maxChars) return cleaned;
  return `${chars.slice(0, Math.max(0, maxChars - 1)).join('').trimEnd()}…`;
}
