const PLAIN_KEY = /^[A-Za-z_$][\w$-]*$/;

/** Appends a property to a JSON path: `.name` when readable, `["odd key"]` otherwise. */
export function pathKey(base: string, key: string | number): string {
  if (typeof key === 'number') return `${base}[${key}]`;
  return PLAIN_KEY.test(key) ? `${base}.${key}` : `${base}[${JSON.stringify(key)}]`;
}

/** Short description of a JSON value for messages (never the whole value). */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  switch (typeof value) {
    case 'string':
      return `the text ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
    case 'number':
      return Number.isFinite(value) ? `the number ${value}` : 'an invalid number';
    case 'boolean':
      return `${value}`;
    case 'object':
      return 'an object';
    default:
      return typeof value;
  }
}
