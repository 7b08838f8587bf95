/**
 * A history chart on screen follows a switch to the dark theme: its axis labels are drawn
 * again in the dark scheme's text colour (light pixels on the canvas), not left dark on dark.
 */
import { expect, test } from '@playwright/test';
import { startWebShell, type WebShell } from './support/web-shell';
import { saveScreenshot } from './support/screenshots';
import { openApp } from './support/app';

let shell: WebShell;

test.beforeAll(async () => {
  shell = await startWebShell();
});

test.afterAll(async () => {
  await shell?.stop();
});

/** In the page: how many pixels of the chart canvas's bottom strip (the time axis labels) are light. */
function lightAxisPixels(): number {
  const canvas = document.querySelector<HTMLCanvasElement>('.chart canvas');
  if (!canvas) return -1;
  const ctx = canvas.getContext('2d')!;
  const strip = ctx.getImageData(0, canvas.height - Math.round(canvas.height * 0.15), canvas.width, Math.round(canvas.height * 0.15)).data;
  let light = 0;
  for (let i = 0; i < strip.length; i += 4) if (strip[i + 3] > 200 && strip[i] + strip[i + 1] + strip[i + 2] > 3 * 170) light++;
  return light;
}

test('a chart on screen redraws its axis labels in the dark theme’s colours when the theme switches', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openApp(page, shell);
  await page.getByRole('tab', { name: 'Fleet' }).click();
  const fleet = page.locator('section.fleet-view');
  await fleet.getByRole('button', { name: /^Open machine / }).first().click();
  const history = fleet.getByRole('article').getByRole('region', { name: 'History' });
  await history.getByRole('button', { name: 'Last 7 days' }).click();
  await expect(history.locator('.chart canvas').first()).toBeVisible({ timeout: 30_000 });
  await page.waitForTimeout(300);
  expect(await page.evaluate(lightAxisPixels)).toBe(0);

  await page.evaluate(() => (document.documentElement.dataset.theme = 'dark'));
  await expect.poll(() => page.evaluate(lightAxisPixels), { timeout: 10_000 }).toBeGreaterThan(20);
  await history.locator('.chart').first().scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'fleet-chart-dark-switch');
});
