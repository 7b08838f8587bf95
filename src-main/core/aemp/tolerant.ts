/**
 * Small readers for fleet feeds whose shape varies between deployments: keys in any
 * casing, XML text nodes with attributes, single elements where an array is expected,
 * and numbers sent as strings. None of these throw.
 */

export type Node = Record<string, unknown>;

export function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value under the first of `names` present in `node`, matching keys case-insensitively. */
export function pick(node: unknown, ...names: string[]): unknown {
  if (!isNode(node)) return undefined;
  for (const name of names) {
    if (Object.hasOwn(node, name)) return node[name];
  }
  const wanted = names.map((n) => n.toLowerCase());
  for (const key of Object.keys(node)) {
    if (wanted.includes(key.toLowerCase())) return node[key];
  }
  return undefined;
}

/** The key actually used in `node` for one of `names` (for issue paths), or the first name. */
export function keyOf(node: unknown, ...names: string[]): string {
  if (isNode(node)) {
    const wanted = names.map((n) => n.toLowerCase());
    for (const key of Object.keys(node)) {
      if (wanted.includes(key.toLowerCase())) return key;
    }
  }
  return names[0];
}

/** Single elements and arrays alike as an array; absent/null as empty. */
export function asArray(value: unknown): unknown[] {
  if (value === undefined || value === null || value === '') return [];
  return Array.isArray(value) ? value : [value];
}

/** The text of a scalar or of an XML element that carries attributes (`#text`). */
export function text(value: unknown): string | null {
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return trimmed === '' ? null : trimmed;
  }
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  if (isNode(value) && '#text' in value) return text(value['#text']);
  return null;
}

/** A finite number from a number or numeric string; null otherwise. */
export function num(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const t = text(value);
  if (t === null || !/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

export function bool(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  const t = text(value)?.toLowerCase();
  if (t === 'true' || t === '1' || t === 'yes' || t === 'on') return true;
  if (t === 'false' || t === '0' || t === 'no' || t === 'off') return false;
  return null;
}

const DURATION = /^P(?:(\d+(?:\.\d+)?)Y)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)W)?(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/i;

/**
 * Hours from a decimal or an ISO 8601 duration (`PT13H28M30S`, `P1DT2H`). Years and
 * months are refused (their length in hours is not fixed): null.
 */
export function hours(value: unknown): number | null {
  const direct = num(value);
  if (direct !== null) return direct;
  const t = text(value);
  if (t === null) return null;
  const m = DURATION.exec(t);
  if (!m || t === 'P' || t.toUpperCase().endsWith('T')) return null;
  const [, years, months, weeks, days, h, min, s] = m;
  if (years || months) return null;
  const part = (v: string | undefined) => (v ? Number(v) : 0);
  return part(weeks) * 168 + part(days) * 24 + part(h) + part(min) / 60 + part(s) / 3600;
}

/** An ISO 8601 timestamp normalised to `toISOString()` form, or null when unreadable. */
export function timestamp(value: unknown): string | null {
  const t = text(value);
  if (t === null || !/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/i.test(t)) return null;
  // A time without a zone is UTC in these feeds (JavaScript would read it as local time).
  const withT = t.replace(' ', 'T');
  const zoned = withT.length > 10 && !/(Z|[+-]\d{2}:?\d{2})$/i.test(withT) ? `${withT}Z` : withT;
  const ms = Date.parse(zoned);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
}

/** The `datetime` of a data element: attribute or child, spelled `datetime` or `dateTime`. */
export function datetimeOf(element: unknown): string | null {
  return timestamp(pick(element, 'datetime', 'dateTime', 'DateTime', 'timestamp'));
}
