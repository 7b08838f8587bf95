/**
 * The Fleet view on AEMP 1.2 against the demo: the VIN column holds each machine's VIN
 * (the identifier 1.2 looks machines up by), and a look-up by serial number says that
 * 1.2 looks machines up by VIN and what to try instead.
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

test('fleet 1.2: the VIN column is filled, and a look-up by serial says 1.2 looks up by VIN', async ({ page }) => {
  await openApp(page, shell);
  await page.getByRole('tab', { name: 'Fleet' }).click();
  const fleet = page.locator('section.fleet-view').first();
  await fleet.getByRole('radio', { name: 'AEMP 1.2' }).check();
  await expect(fleet.getByText(/^\s*57 machines ·/)).toBeVisible({ timeout: 30_000 });
  const table = fleet.getByRole('region', { name: 'Equipment' });
  const headers = await table.getByRole('columnheader').allInnerTexts();
  const vinColumn = headers.findIndex((h) => /^\s*VIN\b/.test(h));
  expect(vinColumn).toBeGreaterThanOrEqual(0);
  const firstRow = table.getByRole('row').nth(1);
  await expect(firstRow.getByRole('cell').nth(vinColumn)).toHaveText(/^\s*[A-Z0-9]{17}\s*$/);
  await saveScreenshot(page, 'fleet-1-2-vin-column');

  await fleet.getByLabel('Look up a machine').fill('NOT-A-VIN-42');
  await fleet.getByRole('button', { name: 'Look up' }).click();
  await expect(fleet.getByRole('alert')).toContainText('Version 1.2 looks machines up by VIN; try the VIN, or switch to 2.0.');
  await saveScreenshot(page, 'fleet-1-2-lookup-by-serial');
});
