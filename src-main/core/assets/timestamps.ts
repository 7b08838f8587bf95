/** ISO 8601 date-time with a zone (`Z` or ±hh:mm), seconds and fractions optional. */
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/;

/** Milliseconds since the epoch of an ISO 8601 timestamp, or NaN when it is not one. */
export function parseIsoTimestamp(text: string): number {
  if (!ISO_TIMESTAMP.test(text)) return Number.NaN;
  return Date.parse(text);
}
