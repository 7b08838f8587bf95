import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';

/** Screenshots kept as test artifacts (CI uploads test-results/). */
export const SCREENSHOT_DIR = resolve(import.meta.dirname, '..', '..', '..', 'test-results', 'screenshots');

export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path });
  return path;
}
