/**
 * The Fleet view on AEMP 2.0 — all pages loaded, a machine looked up by serial
 * number, a 7-day range with the track replay, the three charts and a table view.
 */
import { expect, test } from '@playwright/test';
import { startWebShell, type WebShell } from './support/web-shell';
import { saveScreenshot } from './support/screenshots';
import { openApp } from './support/app';

let shell: WebShell;

test.beforeAll(async () => {
  // Small pages so the listing really takes several pages.
  shell = await startWebShell({ env: { FLEET_DEMO_PAGE_SIZE: '25' } });
});

test.afterAll(async () => {
  await shell?.stop();
});

test('fleet 2.0: all pages, look-up by serial, 7-day history with replay, charts and table', async ({ page }) => {
  await openApp(page, shell);
  await page.getByRole('tab', { name: 'Fleet' }).click();
  const fleet = page.getByRole('region', { name: 'Fleet' }).or(page.locator('section.fleet-view')).first();
  await expect(fleet.getByRole('radio', { name: 'AEMP 2.0' })).toBeChecked();

  // Every page is loaded (the demo's 57 machines at 25 a page = 3 pages), then the progress bar goes away.
  await expect(fleet.getByText(/^\s*57 machines ·/)).toBeVisible({ timeout: 30_000 });
  await expect(fleet.getByRole('progressbar', { name: 'Fleet loading progress' })).toHaveCount(0);
  await expect(fleet.getByText('57 of 57 machines')).toBeVisible();
  const table = fleet.getByRole('region', { name: 'Equipment' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await saveScreenshot(page, 'fleet-listing');

  // Look up by serial number a machine that reports operating hours, odometer and fuel (taken from the listing).
  const headers = (await table.getByRole('columnheader').allInnerTexts()).map((h) => h.trim());
  const col = (prefix: string) => headers.findIndex((h) => h.startsWith(prefix));
  let serial = '';
  for (const row of (await table.getByRole('row').all()).slice(1)) {
    const cells = (await row.getByRole('cell').allInnerTexts()).map((c) => c.trim());
    if ([col('Serial'), col('Operating hours'), col('Odometer'), col('Fuel')].every((i) => cells[i] && cells[i] !== '—')) {
      serial = cells[col('Serial')];
      break;
    }
  }
  expect(serial).toMatch(/^[A-Z0-9]{6,}$/);
  await fleet.getByLabel('Look up a machine').fill(serial);
  await fleet.getByRole('button', { name: 'Look up' }).click();
  const unitPage = fleet.getByRole('article');
  await expect(unitPage.getByRole('heading', { level: 3 })).toBeVisible();
  await expect(unitPage).toContainText(serial);
  await saveScreenshot(page, 'fleet-unit');

  // Last 7 days: the four histories load.
  const history = unitPage.getByRole('region', { name: 'History' });
  await history.getByRole('button', { name: 'Last 7 days' }).click();
  for (const title of ['Track', 'Operating hours', 'Odometer']) {
    await expect(history.getByRole('region', { name: title, exact: true })).toContainText(/\d+ updates ·/, { timeout: 30_000 });
  }
  const fuel = history.getByRole('region', { name: 'Fuel remaining', exact: true });
  await expect(fuel).toContainText(/\d+ updates ·/, { timeout: 30_000 });

  // Track replay: the track map and Play.
  const track = history.getByRole('region', { name: 'Track', exact: true });
  await expect(track.getByRole('region', { name: 'Track map' }).locator('.leaflet-overlay-pane path, .leaflet-overlay-pane canvas').first()).toBeAttached();
  const slider = track.getByRole('slider', { name: 'Replay time' });
  const startValue = Number(await slider.inputValue());
  await track.getByRole('button', { name: 'Play' }).click();
  await expect(track.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect.poll(async () => Number(await slider.inputValue())).toBeGreaterThan(startValue);
  await saveScreenshot(page, 'fleet-replay');
  await track.getByRole('button', { name: 'Pause' }).click();

  // The three charts draw with uPlot.
  for (const chart of [history.getByRole('region', { name: 'Operating hours', exact: true }), history.getByRole('region', { name: 'Odometer', exact: true }), fuel]) {
    await expect(chart.getByRole('img', { name: /chart/ }).locator('canvas').first()).toBeAttached();
    await expect(chart.locator('.uplot')).toHaveCount(1);
  }
  await history.getByRole('region', { name: 'Operating hours', exact: true }).scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'fleet-charts');

  // Table view of the operating hours.
  const hours = history.getByRole('region', { name: 'Operating hours', exact: true });
  await hours.getByRole('button', { name: 'Table' }).click();
  await expect(hours.getByRole('button', { name: 'Show chart' })).toHaveAttribute('aria-pressed', 'true');
  const rows = hours.getByRole('table').getByRole('row');
  await expect(rows.nth(1)).toBeVisible();
  expect(await rows.count()).toBeGreaterThan(2);
  await hours.getByRole('table').scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'fleet-table');
});
