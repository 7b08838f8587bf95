/**
 * The URL a text names, resolved against `base` when given; null for no text or one that
 * is no URL. One parse that never throws, for addresses that come from a service, a
 * profile or a page (Node 20 has no URL.parse).
 */
export function parseUrl(value: string | null | undefined, base?: string | URL): URL | null {
  if (!value) return null;
  try {
    return new URL(value, base);
  } catch {
    return null;
  }
}
