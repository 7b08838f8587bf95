/**
 * Builds `out/` (electron-vite) when the web shell entry or the renderer is missing or
 * older than the sources, for tests that run the built app before npm test's e2e step
 * builds it. A lock folder keeps two test files from building at the same time.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..', '..');
export const WEB_ENTRY = join(ROOT, 'out', 'main', 'web.js');
export const RENDERER_INDEX = join(ROOT, 'out', 'renderer', 'index.html');
const LOCK = join(ROOT, 'out', '.test-build-lock');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function upToDate(): boolean {
  if (!existsSync(WEB_ENTRY) || !existsSync(RENDERER_INDEX)) return false;
  const built = Math.min(statSync(WEB_ENTRY).mtimeMs, statSync(RENDERER_INDEX).mtimeMs);
  return built >= newestMtime(join(ROOT, 'src-main')) && built >= newestMtime(join(ROOT, 'src-renderer'));
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export async function ensureBuilt(): Promise<void> {
  if (upToDate()) return;
  mkdirSync(join(ROOT, 'out'), { recursive: true });
  const deadline = Date.now() + 300_000;
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`Another build holds ${LOCK}; remove it if no build is running`);
      await sleep(500);
      if (upToDate()) return;
    }
  }
  try {
    if (upToDate()) return;
    execFileSync('npx', ['electron-vite', 'build'], { cwd: ROOT, stdio: 'pipe', timeout: 300_000 });
  } catch (err) {
    throw new Error(`The app in out/ is missing or stale and building it failed; run \`npx electron-vite build\` (${err instanceof Error ? err.message : String(err)})`);
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}
