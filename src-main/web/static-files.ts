/** Maps a request path to a file inside the renderer folder, refusing anything outside it. */
import { realpath, stat } from 'node:fs/promises';
import { extname, isAbsolute, relative, resolve, sep } from 'node:path';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

export function mimeType(file: string): string {
  return MIME[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

function inside(root: string, file: string): boolean {
  const rel = relative(root, file);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/**
 * Whether a file `resolveStaticFile` gave is the app page itself (the root index.html),
 * the one answer that gets the page's policy; any other HTML file is served sandboxed.
 */
export async function isAppPage(root: string, file: string): Promise<boolean> {
  try {
    return relative(await realpath(resolve(root)), file) === 'index.html';
  } catch {
    return false;
  }
}

/**
 * The file to serve for a URL pathname (`/` → index.html), or null when the path is
 * malformed, escapes the root (`..`, encoded or not, symlinks), names a dot-file or
 * does not exist.
 */
export async function resolveStaticFile(root: string, pathname: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\') || !decoded.startsWith('/')) return null;
  const segments = decoded.split('/').filter(Boolean);
  if (segments.some((s) => s.startsWith('.'))) return null;
  const rootDir = resolve(root);
  const candidate = resolve(rootDir, ...segments, ...(decoded.endsWith('/') || segments.length === 0 ? ['index.html'] : []));
  if (!inside(rootDir, candidate)) return null;
  try {
    const [realRoot, realFile] = await Promise.all([realpath(rootDir), realpath(candidate)]);
    if (!inside(realRoot, realFile)) return null;
    const info = await stat(realFile);
    return info.isFile() ? realFile : null;
  } catch {
    return null;
  }
}
