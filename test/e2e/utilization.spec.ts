/**
 * The Utilization view on the demo service in the web shell: the week's hours per machine,
 * histories fetched from the fleet interface, the recovery list (idle 3 days or more) with
 * where each machine is, the CSV download, the printed page (print media: no bars, no
 * controls, every machine) and zero axe violations.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { startWebShell, type WebShell } from './support/web-shell';
import { saveScreenshot } from './support/screenshots';
import { expectNoAxeViolations } from './support/axe';
import { openApp } from './support/app';

let shell: WebShell;

test.beforeAll(async () => {
  shell = await startWebShell();
});

test.afterAll(async () => {
  await shell?.stop();
});

test('utilization: hours, fetched histories, idle ≥ 3 list, CSV, print', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  await openApp(page, shell);
  await page.getByRole('tab', { name: 'Utilization' }).click();
  const view = page.locator('section.utilization');
  await expect(view.getByRole('heading', { name: 'Utilization' })).toBeVisible();
  const table = view.getByRole('region', { name: 'Hours by machine' });
  await expect(table.getByTestId('utilization-row').first()).toBeVisible({ timeout: 30_000 });
  await expect(view.getByTestId('utilization-about')).toContainText('Generated');

  // Histories from the fleet interface: the fetch runs to its end, then machines show hours from it.
  await view.getByRole('button', { name: 'Fetch histories' }).click();
  await expect(view.getByText(/^Histories fetched:/)).toBeVisible({ timeout: 90_000 });
  await expect(table.getByText('Fleet interface').first()).toBeVisible({ timeout: 30_000 });
  await expect(view.getByTestId('utilization-totals')).toContainText(/\d h in all/);
  await saveScreenshot(page, 'utilization-week');
  await expectNoAxeViolations(page, 'Utilization view');

  // The recovery list: only machines idle 3 days or more, each with where it is.
  const listed = async () => {
    const [shown, all] = (await view.getByText(/^[\d,]+ of [\d,]+ machines$/).innerText()).match(/[\d,]+/g)!.map((n) => Number(n.replace(/,/g, '')));
    return { shown, all };
  };
  const total = (await listed()).all;
  expect(total).toBeGreaterThan(0);
  await view.getByRole('checkbox', { name: /Idle ≥/ }).check();
  const idleRows = table.getByTestId('utilization-row');
  expect((await listed()).shown).toBeLessThanOrEqual(total);
  const idleColumn = 9;
  for (const row of (await idleRows.all()).slice(0, 10)) {
    const idle = Number((await row.getByRole('cell').nth(idleColumn).innerText()).replace(/,/g, ''));
    expect(idle).toBeGreaterThanOrEqual(3);
  }
  await saveScreenshot(page, 'utilization-idle');
  await view.getByRole('checkbox', { name: /Idle ≥/ }).uncheck();

  // Export: the browser downloads the CSV the core wrote.
  const download = page.waitForEvent('download');
  await view.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  const csv = await readFile((await file.path())!, 'utf8');
  expect(csv.split('\n').length).toBeGreaterThan(2);

  // Print: the branch, the range, the chart and every machine; no bars, no controls.
  await page.emulateMedia({ media: 'print' });
  const printed = view.getByTestId('utilization-print-table');
  await expect(printed).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Assets' })).toBeHidden();
  await expect(view.getByRole('button', { name: 'Export CSV' })).toBeHidden();
  await expect(printed.locator('tbody tr:not(.group)')).toHaveCount(total);
  await page.screenshot({ path: 'test-results/screenshots/utilization-print.png', fullPage: true });
  await page.emulateMedia({ media: 'screen' });
  await expect(printed).toHaveCount(0);
});
