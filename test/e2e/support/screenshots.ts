import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Locator, Page } from '@playwright/test';

const ROOT = resolve(import.meta.dirname, '..', '..', '..');

/** Screenshots kept as test artifacts (CI uploads test-results/). */
export const SCREENSHOT_DIR = join(ROOT, 'test-results', 'screenshots');

export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path });
  return path;
}

/** The folders the documentation's pictures live in; the end-to-end run rewrites them so they show the app as it is. */
const DOCS_IMAGE_DIRS = ['resources/readme', 'docs/images'];

/** Saves a picture of the page (or of one part of it) for the README or docs/, at `path` from the repository's root. */
export async function saveDocsScreenshot(target: Page | Locator, path: string): Promise<string> {
  if (!/^[\w/-]+\.png$/.test(path) || !DOCS_IMAGE_DIRS.includes(dirname(path))) throw new Error(`not a docs picture: ${path}`);
  const file = join(ROOT, path);
  mkdirSync(dirname(file), { recursive: true });
  await target.screenshot({ path: file });
  return file;
}
