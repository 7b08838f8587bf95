/**
 * The workspace on the built-in demo service — the asset list, the map,
 * selection both ways, search and filters, and the three kinds of embedded maps.
 */
import { expect, test, type Page } from '@playwright/test';
import { startWebShell, type WebShell } from './support/web-shell';
import { saveScreenshot } from './support/screenshots';
import { assetMap, assetRow, assetRows, clusterMarkers, embedFrame, embedPanel, listSummary, openApp, pointMarkers } from './support/app';

let shell: WebShell;

test.beforeAll(async () => {
  shell = await startWebShell();
});

test.afterAll(async () => {
  await shell?.stop();
});

/** The app's Leaflet map centre, read through the test hook the map sets outside production builds or with ?testhooks. */
async function mapCentre(page: Page): Promise<{ lat: number; lng: number; zoom: number } | null> {
  return page.evaluate(() => {
    const m = (window as unknown as { __fleetMap?: { getCenter(): { lat: number; lng: number }; getZoom(): number } }).__fleetMap;
    return m ? { ...m.getCenter(), zoom: m.getZoom() } : null;
  });
}

test('asset list, map, selection both ways, search and filters', async ({ page }) => {
  await openApp(page, shell, { testHooks: true });

  // The whole demo fleet is listed; the virtual list renders only the rows in view.
  await expect(listSummary(page)).toHaveText(/^\s*60 of 60 assets/);
  const rendered = await assetRows(page).count();
  expect(rendered).toBeGreaterThan(5);
  expect(rendered).toBeLessThanOrEqual(60);
  await expect(page.getByTestId('asset-list')).toHaveAttribute('aria-label', 'Assets (60 shown)');
  await saveScreenshot(page, 'workspace-list');

  // The map shows the fleet: single markers and/or cluster bubbles.
  await expect(assetMap(page).locator('.leaflet-container, .leaflet-pane').first()).toBeAttached();
  await expect(pointMarkers(page).or(clusterMarkers(page)).first()).toBeVisible();
  await saveScreenshot(page, 'workspace-map');

  // Select in the list → the details pane shows the asset, its marker is drawn as selected.
  const details = page.getByTestId('asset-details');
  const { id: firstId, name: firstName } = await selectRowWithGps(page, 0);
  await expect(assetRow(page, firstId)).toHaveAttribute('aria-selected', 'true');
  await expect(details.getByRole('heading', { level: 2 })).toHaveText(firstName);
  await expect(details.getByText(firstId, { exact: true })).toBeVisible();
  await expect(assetMap(page).locator(`.fd-dot.selected[data-asset-id="${firstId}"]`)).toBeVisible();
  await saveScreenshot(page, 'workspace-details');

  // With the map moved far away, selecting an asset pans the map back to it.
  await page.evaluate(() => {
    const m = (window as unknown as { __fleetMap?: { setView(c: [number, number], z: number, o: object): void } }).__fleetMap;
    m?.setView([0, 0], 12, { animate: false });
  });
  expect(await mapCentre(page)).toMatchObject({ lat: 0, lng: 0 });
  const { id: farId } = await selectRowWithGps(page, 5);
  await expect(assetMap(page).locator(`.fd-dot.selected[data-asset-id="${farId}"]`)).toBeVisible();
  await expect.poll(async () => Math.abs((await mapCentre(page))?.lat ?? 0)).toBeGreaterThan(1);
  await saveScreenshot(page, 'workspace-select-pans-map');

  // Click a marker on the map (expanding clusters until one shows) → the list follows.
  await page.getByRole('button', { name: /^Fit fleet$/ }).click();
  const target = await clickSomeUnselectedMarker(page, farId);
  await expect(assetRow(page, target)).toHaveAttribute('aria-selected', 'true');
  await expect(details.getByText(target, { exact: true })).toBeVisible();
  await saveScreenshot(page, 'workspace-marker-selects-row');

  // Search narrows the list; a filter chip narrows it again.
  const search = page.getByRole('searchbox', { name: 'Search assets' });
  await search.fill('area');
  await expect(listSummary(page)).not.toHaveText(/^\s*60 of 60/);
  const areaCount = Number(/(\d+) of 60/.exec(await listSummary(page).innerText())?.[1]);
  expect(areaCount).toBeGreaterThan(0);
  expect(areaCount).toBeLessThan(60);
  await search.fill('');
  await expect(listSummary(page)).toHaveText(/^\s*60 of 60 assets/);
  const chip = page.getByRole('group', { name: 'Filters' }).locator('button[data-filter="type:thing"]');
  const chipCount = Number(await chip.locator('.count').innerText());
  await chip.click();
  await expect(chip).toHaveAttribute('aria-pressed', 'true');
  await expect(listSummary(page)).toHaveText(new RegExp(`^\\s*${chipCount} of 60 assets`));
  // (The type column is not among the usual columns: the asset id says thing or area.)
  for (const id of await assetRows(page).evaluateAll((rows) => rows.map((r) => r.getAttribute('data-asset-id') ?? ''))) expect(id).toMatch(/^thing:/);
  await saveScreenshot(page, 'workspace-search-filter');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(listSummary(page)).toHaveText(/^\s*60 of 60 assets/);
});

/** Clicks list rows from `from` on until one whose details show a GPS position; returns it. */
async function selectRowWithGps(page: Page, from: number): Promise<{ id: string; name: string }> {
  const rows = assetRows(page);
  const count = await rows.count();
  for (let i = from; i < count; i++) {
    const row = rows.nth(i);
    await row.click();
    const id = (await row.getAttribute('data-asset-id'))!;
    await expect(page.getByTestId('asset-details').getByText(id, { exact: true })).toBeVisible();
    if ((await page.getByTestId('asset-details').locator('[data-metric="gps"]').count()) > 0) {
      return { id, name: (await row.locator('.name').innerText()).trim() };
    }
  }
  throw new Error('no listed asset has a GPS position');
}

/** Clicks a single-asset marker (zooming into clusters when needed); returns its asset id. */
async function clickSomeUnselectedMarker(page: Page, notId: string): Promise<string> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const dots = pointMarkers(page).locator(`:scope:not(.selected)`);
    for (const dot of await dots.all()) {
      // Markers may overlap: click the centre of one and take the id of whatever marker is on top there.
      // The map re-clusters as the fleet moves, so a marker listed a moment ago may be gone:
      // skip it rather than wait for it.
      const box = await dot.boundingBox({ timeout: 2_000 }).catch(() => null);
      if (!box) continue;
      const x = box.x + box.width / 2;
      const y = box.y + box.height / 2;
      // Find the marker on top and click it in the same tick: the fleet moves and the map
      // may still be animating, so a read-then-click pair can hit another marker.
      const id = await page.evaluate(
        ([px, py, skip]) => {
          const marker = document.elementFromPoint(px, py)?.closest('.fd-dot');
          const assetId = marker?.getAttribute('data-asset-id') ?? null;
          if (!marker || !assetId || assetId === skip) return null;
          marker.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, clientX: px, clientY: py, view: window }));
          return assetId;
        },
        [x, y, notId] as const,
      );
      if (!id) continue;
      return id;
    }
    const cluster = clusterMarkers(page).first();
    await expect(cluster).toBeVisible();
    await cluster.click();
    await page.waitForTimeout(400); // let Leaflet finish its zoom before reading markers again
  }
  throw new Error('no single marker appeared after expanding clusters');
}

test('branch map, selection map and one asset map open inside the app', async ({ page }) => {
  await openApp(page, shell);
  const frame = embedPanel(page).frameLocator('iframe');

  // Branch map.
  await page.getByRole('button', { name: 'Branch map' }).click();
  await expect(embedPanel(page).getByRole('heading', { name: 'Branch map' })).toBeVisible();
  await expect(frame.locator('.leaflet-container')).toBeVisible();
  await expect(frame.locator('.leaflet-marker-icon, .leaflet-interactive, canvas').first()).toBeAttached();
  await saveScreenshot(page, 'embed-branch');

  // Selection map: three assets picked with Ctrl and Shift.
  const rows = assetRows(page);
  await rows.nth(0).click();
  await rows.nth(1).click({ modifiers: ['Shift'] });
  await rows.nth(3).click({ modifiers: ['Control'] });
  await expect(page.getByLabel('Asset list').getByText(/3 selected/)).toBeVisible();
  await page.getByRole('button', { name: /Map of selection|Open map of selection/ }).first().click();
  await expect(embedPanel(page).getByRole('heading', { name: 'Map of 3 selected assets' })).toBeVisible();
  const subsetSrc = await embedFrame(page).getAttribute('src');
  expect(decodeURIComponent(subsetSrc ?? '')).toMatch(/#assets=/);
  await expect(frame.locator('.leaflet-container')).toBeVisible();
  await saveScreenshot(page, 'embed-selection');

  // One asset's map from the details pane.
  await rows.nth(1).click();
  const name = (await rows.nth(1).locator('.name').innerText()).trim();
  await page.getByTestId('asset-details').getByRole('button', { name: 'Open asset map' }).click();
  await expect(embedPanel(page).getByRole('heading', { name: `Map of ${name}` })).toBeVisible();
  expect(decodeURIComponent((await embedFrame(page).getAttribute('src')) ?? '')).toMatch(/#focus=/);
  await expect(frame.locator('.leaflet-container')).toBeVisible();
  await saveScreenshot(page, 'embed-asset');

  await embedPanel(page).getByRole('button', { name: 'Close embedded map' }).click();
  await expect(embedPanel(page)).toHaveCount(0);
});
