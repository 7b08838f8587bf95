/**
 * Zero axe-core violations over every view and dialog, in the light and the dark theme:
 * the workspace (list, map with a selected asset's trail, details), the embedded map
 * beside the app's map, the alerts panel, the alert rules, settings, connection and
 * profile dialogs, the export choices, the keyboard help, the Fleet listing and an
 * equipment page, the Utilization view, the sites pane, a site's page and the nearest
 * machines panel. By hand as well: no trail path is a Tab stop, and every cluster
 * bubble a keyboard reaches says how many assets it holds.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { startWebShell, type WebShell } from './support/web-shell';
import { saveScreenshot } from './support/screenshots';
import { axeFindings, describeFinding } from './support/axe';
import { alertsBadge, alertsPanel, assetMap, assetRows, embedPanel, openApp, openBusiestSite, openConnection, openNearestPanel } from './support/app';

let shell: WebShell;

test.beforeAll(async () => {
  shell = await startWebShell();
});

test.afterAll(async () => {
  await shell?.stop();
});

/** Checks what the page shows now; a violation is reported and the walk goes on, so one run names them all. */
async function check(page: Page, where: string): Promise<void> {
  const findings = await axeFindings(page);
  expect.soft(findings.map(describeFinding), `axe violations in ${where}`).toEqual([]);
}

async function closeDialog(page: Page, dialog: Locator): Promise<void> {
  await dialog.press('Escape');
  await expect(dialog).toHaveCount(0);
}

for (const scheme of ['light', 'dark'] as const) {
  test(`every view and dialog has no axe violations (${scheme} theme)`, async ({ page }) => {
    test.setTimeout(300_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.emulateMedia({ colorScheme: scheme });
    await openApp(page, shell);
    await expect(assetMap(page).locator('.fd-dot, .fd-cluster').first()).toBeVisible({ timeout: 30_000 });

    // Workspace with an asset selected: its details and its trail on the map.
    await assetRows(page).nth(1).click();
    await page.getByRole('button', { name: 'Show trail (24 h)' }).click();
    // Site outlines share the overlay pane with the trail: the trail is every other path there.
    const trailPaths = assetMap(page).locator('.leaflet-overlay-pane path:not(.fd-site)');
    await expect(trailPaths.first()).toBeAttached({ timeout: 30_000 });
    await check(page, 'workspace with a selected asset');
    // A trail path is for the eye and the mouse: never a Tab stop.
    for (const path of await trailPaths.all()) await expect.soft(path, 'a trail path is never a Tab stop').toHaveAttribute('tabindex', '-1');
    // A site outline is for the mouse too (the sites pane is the keyboard's way to a site): no tabindex puts it in the Tab order.
    const focusableOutlines = await assetMap(page).locator('path.fd-site').evaluateAll((paths) => paths.filter((p) => p.hasAttribute('tabindex') && p.getAttribute('tabindex') !== '-1').length);
    expect.soft(focusableOutlines, 'site outlines in the Tab order').toBe(0);
    // Every cluster bubble a keyboard reaches is named by its whole count.
    await page.getByRole('button', { name: 'Fit fleet' }).click();
    const clusters = assetMap(page).locator('.leaflet-marker-icon:has(.fd-cluster)');
    await expect(clusters.first()).toHaveAccessibleName(/^[\d,]+ assets, press Enter to zoom in$/);
    // All at once: the bubbles are redrawn as the map settles, so no bubble is held across awaits.
    const unnamed = await clusters.evaluateAll((els) =>
      els.filter((el) => el.getAttribute('role') !== 'button' || !/^[\d,]+ assets, press Enter to zoom in$/.test(el.querySelector('.fd-cluster')?.getAttribute('aria-label') ?? '')).length,
    );
    expect.soft(unnamed, 'cluster bubbles without their name').toBe(0);

    // The embedded branch map beside the app's map (the legend then has to scroll).
    await page.getByRole('button', { name: 'Branch map' }).click();
    await expect(embedPanel(page).getByRole('heading', { name: 'Branch map' })).toBeVisible();
    await check(page, 'embedded map beside the map');
    await saveScreenshot(page, `a11y-embed-split-${scheme}`);
    await embedPanel(page).getByRole('button', { name: 'Close embedded map' }).click();

    // The alerts panel, then its rules.
    await alertsBadge(page).click();
    await expect(alertsPanel(page)).toBeVisible();
    await check(page, 'alerts panel');
    await alertsPanel(page).getByRole('button', { name: 'Rules…' }).click();
    const rules = page.getByRole('dialog', { name: 'Alert rules' });
    await expect(rules).toBeVisible();
    await check(page, 'alert rules dialog');
    await closeDialog(page, rules);
    await alertsPanel(page).getByRole('button', { name: 'Close alerts' }).click();

    // Settings.
    await page.getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await expect(settings).toBeVisible();
    await check(page, 'settings dialog');
    await closeDialog(page, settings);

    // Connection, and its profile form.
    const connection = await openConnection(page);
    await expect(connection.getByRole('list', { name: 'Connection profiles' })).toBeVisible();
    await check(page, 'connection dialog');
    await connection.getByRole('button', { name: 'Add a profile…' }).click();
    await expect(connection.getByRole('button', { name: 'Test connection' })).toBeVisible();
    await check(page, 'profile form');
    await closeDialog(page, connection);

    // Export choices (Ctrl+E, as in the app window).
    await page.keyboard.press('Control+e');
    const exportDialog = page.getByRole('dialog', { name: 'Export' });
    await expect(exportDialog).toBeVisible();
    await check(page, 'export dialog');
    await closeDialog(page, exportDialog);

    // Keyboard help (F1).
    await page.locator('body').press('F1');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(help).toBeVisible();
    await expect(help.getByRole('cell', { name: 'Show the Fleet view' })).toBeVisible();
    await saveScreenshot(page, `keyboard-help-${scheme}`);
    await check(page, 'keyboard help');
    await closeDialog(page, help);

    // The Fleet listing (Ctrl+2, which the browser shell handles as the app window does).
    await page.keyboard.press('Control+2');
    await expect(page.getByRole('tab', { name: 'Fleet' })).toHaveAttribute('aria-selected', 'true');
    const fleet = page.locator('section.fleet-view').first();
    await expect(fleet.getByRole('progressbar', { name: 'Fleet loading progress' })).toHaveCount(0, { timeout: 60_000 });
    const table = fleet.getByRole('region', { name: 'Equipment' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await check(page, 'Fleet listing');
    await saveScreenshot(page, `a11y-fleet-${scheme}`);

    // An equipment page with its last week of history.
    const headers = (await table.getByRole('columnheader').allInnerTexts()).map((h) => h.trim());
    const serialCol = headers.findIndex((h) => h.startsWith('Serial'));
    const serial = (await table.getByRole('row').nth(1).getByRole('cell').nth(serialCol).innerText()).trim();
    await fleet.getByLabel('Look up a machine').fill(serial);
    await fleet.getByRole('button', { name: 'Look up' }).click();
    const unitPage = fleet.getByRole('article');
    await expect(unitPage.getByRole('heading', { level: 3 })).toBeVisible();
    const history = unitPage.getByRole('region', { name: 'History' });
    await history.getByRole('button', { name: 'Last 7 days' }).click();
    await expect(history.getByRole('region', { name: 'Fuel remaining', exact: true })).toContainText(/\d+ updates ·/, { timeout: 30_000 });
    await check(page, 'equipment page');
    await saveScreenshot(page, `a11y-equipment-${scheme}`);

    // The Utilization view with its week of hours.
    await page.getByRole('tab', { name: 'Utilization' }).click();
    const utilization = page.locator('section.utilization');
    await expect(utilization.getByTestId('utilization-row').first()).toBeVisible({ timeout: 30_000 });
    await check(page, 'Utilization view');
    await saveScreenshot(page, `a11y-utilization-${scheme}`);

    // The sites pane, then the page of a site with machines on it.
    await page.getByRole('tab', { name: 'Assets' }).click();
    await expect(assetMap(page)).toBeVisible();
    await page.getByRole('button', { name: 'Sites', exact: true }).click();
    await expect(page.getByTestId('sites-pane').locator('tr[data-site-id]').first()).toBeVisible();
    await check(page, 'sites pane');
    await page.getByRole('button', { name: 'Sites', exact: true }).click();
    await openBusiestSite(page);
    await check(page, 'site page');
    await saveScreenshot(page, `a11y-site-page-${scheme}`);
    await page.getByRole('button', { name: 'Close the sites pane' }).click();

    // The nearest machines to a point of the map.
    await page.getByRole('button', { name: 'Fit fleet' }).click();
    const nearest = await openNearestPanel(page);
    await check(page, 'nearest machines panel');
    await saveScreenshot(page, `a11y-nearest-${scheme}`);
    await page.keyboard.press('Escape');
    await expect(nearest).toHaveCount(0);
  });
}
