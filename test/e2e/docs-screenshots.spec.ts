/**
 * The pictures in the README and docs/ are taken here, from the app as it is: the built-in
 * demo service (a fixed seed, its own map tiles) in a 1440×900 window, once the list, the
 * map's tiles and markers are in. Running the end-to-end tests rewrites them.
 *   resources/readme/workspace.png     list, map and an asset's details
 *   docs/images/workspace-dark.png     the same in the dark theme
 *   docs/images/map-legend.png         the map with its legend open
 *   docs/images/branch-map.png         the map beside the service's embedded branch map
 *   docs/images/fleet-view.png         the Fleet (AEMP) view
 *   docs/images/sites-nearest.png      the branch's sites on the map and the nearest machines to a point
 *   docs/images/site-page.png          a site's page beside the map zoomed to it
 *   docs/images/utilization.png        the Utilization view
 */
import { expect, test, type Page } from '@playwright/test';
import { startWebShell, type WebShell } from './support/web-shell';
import { builtInDemoEnv } from './support/demo';
import { saveDocsScreenshot } from './support/screenshots';
import { assetMap, assetRows, embedFrame, openApp, openBusiestSite, openNearestPanel, pointMarkers } from './support/app';

let shell: WebShell | undefined;

test.afterEach(async () => {
  await shell?.stop();
  shell = undefined;
});

/**
 * Points of the map's box (every 32 px) not yet under a loaded tile: Leaflet adds the
 * tiles of a new view a moment after the view changes, so "no tile loading" alone is not
 * "every tile there".
 */
function uncoveredPoints(page: Page): Promise<number> {
  return page.evaluate(() => {
    const map = document.querySelector('[data-testid="asset-map"]')!;
    const box = map.getBoundingClientRect();
    const tiles = [...map.querySelectorAll<HTMLImageElement>('img.leaflet-tile')].filter((img) => img.complete && img.naturalWidth === 256).map((img) => img.getBoundingClientRect());
    let uncovered = 0;
    for (let y = box.top + 1; y < box.bottom; y += 32) {
      for (let x = box.left + 1; x < box.right; x += 32) {
        if (!tiles.some((t) => x >= t.left && x < t.right && y >= t.top && y < t.bottom)) uncovered++;
      }
    }
    return uncovered;
  });
}

/** Waits until the map's box is covered by loaded tiles and no tile is still on its way. */
async function mapSettled(page: Page): Promise<void> {
  await expect.poll(() => uncoveredPoints(page), { timeout: 30_000 }).toBe(0);
  await expect.poll(() => page.evaluate(() => document.querySelectorAll('[data-testid="asset-map"] img.leaflet-tile:not(.leaflet-tile-loaded)').length), { timeout: 30_000 }).toBe(0);
}

/** Selects the first listed asset that has a position, so the details pane and its marker show. */
async function selectAssetWithPosition(page: Page): Promise<void> {
  const rows = assetRows(page);
  for (let i = 1; i < (await rows.count()); i++) {
    const row = rows.nth(i);
    await row.click();
    const id = (await row.getAttribute('data-asset-id'))!;
    await expect(page.getByTestId('asset-details').getByText(id, { exact: true })).toBeVisible();
    if ((await page.getByTestId('asset-details').locator('[data-metric="gps"]').count()) > 0) return;
  }
  throw new Error('no listed asset has a position');
}

test('the README and docs pictures show the app as it is', async ({ browser }) => {
  test.setTimeout(180_000);
  shell = await startWebShell({ env: builtInDemoEnv({ seed: 1 }) });
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await openApp(page, shell);
  await expect(pointMarkers(page).first()).toBeVisible({ timeout: 30_000 });

  // The workspace: list, map (legend closed, as from the second look on) and details.
  const legendToggle = page.getByRole('button', { name: 'Legend' });
  if ((await legendToggle.getAttribute('aria-expanded')) === 'true') await legendToggle.click();
  await selectAssetWithPosition(page);
  await mapSettled(page);
  await saveDocsScreenshot(page, 'resources/readme/workspace.png');

  await page.emulateMedia({ colorScheme: 'dark' });
  await mapSettled(page);
  await saveDocsScreenshot(page, 'docs/images/workspace-dark.png');
  await page.emulateMedia({ colorScheme: 'light' });

  // The map with its legend.
  await legendToggle.click();
  await expect(page.getByRole('group', { name: 'Map legend' })).toBeVisible();
  await saveDocsScreenshot(assetMap(page).locator('..'), 'docs/images/map-legend.png');
  await legendToggle.click();

  // The map beside the service's embedded branch map.
  await page.getByRole('button', { name: 'Branch map' }).click();
  await expect(embedFrame(page)).toBeVisible({ timeout: 30_000 });
  await expect(embedFrame(page).contentFrame().locator('body')).not.toBeEmpty({ timeout: 30_000 });
  await mapSettled(page);
  await saveDocsScreenshot(page, 'docs/images/branch-map.png');
  await page.getByRole('button', { name: 'Close embedded map' }).click();

  // The Fleet (AEMP) view.
  await page.getByRole('tab', { name: 'Fleet' }).click();
  const fleet = page.getByRole('region', { name: 'Fleet' }).or(page.locator('section.fleet-view')).first();
  await expect(fleet.getByRole('region', { name: 'Equipment' }).getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
  await expect(fleet.getByRole('progressbar', { name: 'Fleet loading progress' })).toHaveCount(0);
  await expect(fleet.getByText(/^(\d+) of \1 machines$/)).toBeVisible();
  await saveDocsScreenshot(page, 'docs/images/fleet-view.png');

  // The branch's sites on the map, and the nearest machines to a point left of the panel
  // (the details pane closed, so the map has the room for both).
  await page.getByRole('tab', { name: 'Assets' }).click();
  const detailsToggle = page.getByRole('button', { name: 'Details', exact: true });
  await detailsToggle.click();
  await expect(detailsToggle).toHaveAttribute('aria-pressed', 'false');
  await page.getByRole('button', { name: 'Fit fleet' }).click();
  await expect(assetMap(page).locator('path[class*="fd-site-id-"]').first()).toBeAttached();
  // The panel takes the map's right side: the keyboard pans the fleet left of it.
  await assetMap(page).focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await mapSettled(page);
  const nearest = await openNearestPanel(page, [0.25, 0.5]);
  await expect(nearest.getByTestId('nearest-place')).not.toBeEmpty();
  await saveDocsScreenshot(page, 'docs/images/sites-nearest.png');
  await page.keyboard.press('Escape');
  await expect(nearest).toHaveCount(0);
  await detailsToggle.click();

  // A site's page, the map zoomed to the site.
  const sitePage = await openBusiestSite(page);
  await sitePage.getByRole('button', { name: 'Zoom the map to the site' }).click();
  await expect(assetMap(page).locator('.fd-site-label').first()).toBeVisible();
  await mapSettled(page);
  await saveDocsScreenshot(page, 'docs/images/site-page.png');
  await page.getByRole('button', { name: 'Close the sites pane' }).click();

  // The Utilization view: the week's hours per machine.
  await page.getByRole('tab', { name: 'Utilization' }).click();
  const utilization = page.locator('section.utilization');
  await expect(utilization.getByTestId('utilization-row').first()).toBeVisible({ timeout: 30_000 });
  await expect(utilization.getByTestId('utilization-about')).toContainText('Generated');
  // The hours come from the fleet interface's histories: fetched to their end, the chart has its lines.
  await utilization.getByRole('button', { name: 'Fetch histories' }).click();
  await expect(utilization.getByText(/^Histories fetched:/)).toBeVisible({ timeout: 90_000 });
  await expect(utilization.getByRole('region', { name: 'Hours by machine' }).getByText('Fleet interface').first()).toBeVisible({ timeout: 30_000 });
  await expect(utilization.getByTestId('utilization-totals')).toContainText(/[1-9][\d,.]* h in all/);
  await saveDocsScreenshot(page, 'docs/images/utilization.png');
  await context.close();
});
