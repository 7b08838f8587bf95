/**
 * An embedded map whose session ends is renewed by the app with no click —
 * the demo's embed sessions are cut to 8 s so the renewal happens during the test (a link
 * with under 5 s left counts as useless: the app would stop renewing after a few).
 */
import { expect, test } from '@playwright/test';
import { startWebShell, type WebShell } from './support/web-shell';
import { saveScreenshot } from './support/screenshots';
import { embedFrame, embedPanel, openApp } from './support/app';

let shell: WebShell;

test.beforeAll(async () => {
  shell = await startWebShell({ env: { FLEET_DEMO_EMBED_SECONDS: '8' } });
});

test.afterAll(async () => {
  await shell?.stop();
});

test('the branch map renews its session by itself and shows the map again', async ({ page }) => {
  await openApp(page, shell);
  await page.getByRole('button', { name: 'Branch map' }).click();
  const panel = embedPanel(page);
  const frame = panel.frameLocator('iframe');
  await expect(frame.locator('.leaflet-container')).toBeVisible();
  const firstSrc = await embedFrame(page).getAttribute('src');
  expect(firstSrc).toMatch(/\/embed\/auth\?/);
  await expect(panel.getByRole('status').filter({ hasText: 'Session renewed' })).toHaveCount(0);
  await saveScreenshot(page, 'embed-renew-before');

  // The session ends after 8 s; the app asks for a fresh URL before that (at least 5 s after the last).
  await expect(panel.getByRole('status').filter({ hasText: /Session renewed at/ })).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => embedFrame(page).getAttribute('src'), { timeout: 30_000 }).not.toBe(firstSrc);
  const renewedSrc = await embedFrame(page).getAttribute('src');
  expect(renewedSrc).toMatch(/\/embed\/auth\?/);

  // The new frame shows the map, not an expiry page.
  const renewed = panel.frameLocator('iframe');
  await expect(renewed.locator('.leaflet-container')).toBeVisible();
  await expect(renewed.getByRole('heading', { name: /expired/i })).toHaveCount(0);
  await expect(panel.getByRole('alert')).toHaveCount(0);
  await saveScreenshot(page, 'embed-renew-after');
});
