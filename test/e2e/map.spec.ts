/**
 * The map in a real Chromium against the web shell:
 * (a) the map follows the list's search and filters (and "Show all on map"), has a
 *     legend, and the demo's base map is a map (lakes, freeways, place names);
 * (b) the map viewed online is there offline: the tiles of a tile server are kept by
 *     the main side, and after the service and the app stop and the app starts again on
 *     the same data folder with the service down, the assets sit on those tiles.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { freshUserDataDir, startWebShell, type WebShell } from './support/web-shell';
import { saveScreenshot } from './support/screenshots';
import { envFor, startExternalDemo, type DemoService } from './support/demo';
import { assetMap, listSummary, openApp, statusState } from './support/app';

const running: { shell?: WebShell; demo?: DemoService; dirs: string[] } = { dirs: [] };

test.afterEach(async () => {
  await running.shell?.stop();
  await running.demo?.close();
  running.shell = running.demo = undefined;
  for (const dir of running.dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** How many assets the map draws: single markers plus the counts in cluster bubbles. */
async function assetsOnMap(page: Page): Promise<number> {
  return page.evaluate(() => {
    const root = document.querySelector('[data-testid="asset-map"] .leaflet-marker-pane');
    if (!root) return 0;
    const points = root.querySelectorAll('.fd-dot').length;
    const clustered = [...root.querySelectorAll('.fd-cluster')].reduce((n, el) => n + Number((el.textContent ?? '0').replace('k', '000')), 0);
    return points + clustered;
  });
}

/** Number from "9 of 200 assets". */
async function listed(page: Page): Promise<number> {
  return Number(/([\d,]+) of [\d,]+ assets/.exec(await listSummary(page).innerText())?.[1].replace(/,/g, ''));
}

/** The map tiles drawn and loaded (a real image, not a broken one). */
function loadedTiles(page: Page): Promise<number> {
  return page.evaluate(() => [...document.querySelectorAll<HTMLImageElement>('[data-testid="asset-map"] img.leaflet-tile')].filter((img) => img.complete && img.naturalWidth === 256).length);
}

/**
 * The tiles a dispatcher sees ("z/x/y"): loaded tile images of the zoom drawn now, inside
 * the map's box. Leaflet also keeps tiles of the previous view and just outside the box
 * until it prunes them; counting those made the offline check compare different views.
 */
function tilesInView(page: Page, loadedOnly = true): Promise<string[]> {
  return page.evaluate((loadedOnly) => {
    const map = document.querySelector('[data-testid="asset-map"]')!;
    const box = map.getBoundingClientRect();
    const zoom = Math.round((window as unknown as { __fleetMap: { getZoom(): number } }).__fleetMap.getZoom());
    return [...map.querySelectorAll<HTMLImageElement>('img.leaflet-tile')].flatMap((img) => {
      const at = /\/(\d+)\/(\d+)\/(\d+)\.png(?:[?#]|$)/.exec(img.src);
      const r = img.getBoundingClientRect();
      const seen = r.right > box.left && r.left < box.right && r.bottom > box.top && r.top < box.bottom;
      const loaded = img.complete && img.naturalWidth === 256;
      return at && Number(at[1]) === zoom && seen && (loaded || !loadedOnly) ? [`${at[1]}/${at[2]}/${at[3]}`] : [];
    });
  }, loadedOnly);
}

async function fitFleet(page: Page): Promise<void> {
  await assetMap(page).locator('..').getByRole('button', { name: 'Fit fleet' }).click();
  await page.waitForTimeout(400); // the fit has no animation end event the page exposes; markers redraw on moveend
}

/** The "Show all on map" switch: on the toolbar, or in its Options menu when the map is narrow. */
async function showAllSwitch(page: Page): Promise<Locator> {
  const options = page.getByRole('button', { name: 'Options' });
  if ((await options.isVisible()) && (await options.getAttribute('aria-expanded')) !== 'true') await options.click();
  return page.getByRole('checkbox', { name: 'Show all on map' });
}

function mapCount(page: Page): Locator {
  return page.getByTestId('map-count');
}

/** The count's whole text: in a narrow map its tail is screen-reader text, which innerText would set on a line of its own. */
async function mapCountText(page: Page): Promise<string> {
  return (await mapCount(page).textContent()) ?? '';
}

test('the map follows the list, has a legend, and the demo base map is a map', async ({ page }) => {
  running.shell = await startWebShell({ env: { FLEET_DEMO_ASSETS: '200' } });
  await openApp(page, running.shell, { testHooks: true });
  await expect(listSummary(page)).toHaveText(/^\s*200 of 200 assets/);
  await expect(mapCount(page)).toHaveText(/of 200 assets on the map/);
  const withPosition = Number(/^([\d,]+) of 200/.exec(await mapCountText(page))?.[1]);
  await fitFleet(page);
  await expect.poll(() => assetsOnMap(page)).toBe(withPosition);

  // (a) A search narrows the list; the map follows with the same assets.
  const search = page.getByRole('searchbox', { name: 'Search assets' });
  await search.fill('excavator');
  await expect(listSummary(page)).not.toHaveText(/^\s*200 of 200/);
  const excavators = await listed(page);
  expect(excavators).toBeGreaterThan(0);
  expect(excavators).toBeLessThan(200);
  // The map follows once the typing pauses (it re-clusters once, not per keystroke).
  await expect.poll(async () => Number(/^(\d+) of 200 assets on the map/.exec(await mapCountText(page))?.[1] ?? Number.NaN)).toBeLessThanOrEqual(excavators);
  const excavatorsOnMap = Number(/^(\d+) of 200/.exec(await mapCountText(page))?.[1]);
  await fitFleet(page);
  await expect.poll(() => assetsOnMap(page)).toBe(excavatorsOnMap);
  // Every single marker drawn is one of the listed excavators (their titles name them).
  const titles = await page.evaluate(() => [...document.querySelectorAll('[data-testid="asset-map"] .leaflet-marker-icon')].filter((m) => m.querySelector('.fd-dot')).map((m) => m.getAttribute('title') ?? ''));
  expect(titles.length).toBeGreaterThan(0);
  for (const title of titles) expect(title).toMatch(/^Excavator \d+ — /);

  // A filter chip narrows it again; the map follows.
  const chip = page.getByRole('group', { name: 'Filters' }).locator('button[data-filter="ignition:on"]');
  if (await chip.isEnabled()) {
    await chip.click();
    const on = await listed(page);
    await expect(mapCount(page)).toHaveText(new RegExp(`^\\d+ of 200 assets on the map`));
    const onMap = Number(/^(\d+) of 200/.exec(await mapCountText(page))?.[1]);
    expect(onMap).toBeLessThanOrEqual(on);
    await fitFleet(page);
    await expect.poll(() => assetsOnMap(page)).toBe(onMap);
    await chip.click();
  }
  await saveScreenshot(page, 'map-filtered');

  // "Show all on map": the whole fleet again, whatever the list shows.
  await (await showAllSwitch(page)).check();
  await expect(mapCount(page)).toHaveText(/^All 200 assets: /);
  await fitFleet(page);
  await expect.poll(() => assetsOnMap(page)).toBe(withPosition);
  await (await showAllSwitch(page)).uncheck();
  await search.fill('');

  // The legend: one line per mark, reachable from the keyboard.
  const legend = page.getByRole('group', { name: 'Map legend' });
  await expect(legend).toBeVisible();
  // Six marker states and the cluster bubble, then one line per kind of site outline.
  await expect(legend.locator('li[data-state]')).toHaveCount(6);
  await expect(legend.locator('li[data-site-kind]')).toHaveCount(5);
  await expect(legend.getByRole('listitem')).toHaveCount(12);
  await expect(legend).toContainText('Site: Restricted (dashed outline)');
  await expect(legend).toContainText('Moving, arrow points where it heads');
  await expect(legend).toContainText('Parked, ignition on');
  await saveScreenshot(page, 'map-legend');
  const toggle = page.getByRole('button', { name: 'Legend' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(legend).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect(legend).toBeVisible();

  // Fit fleet keeps every marker and cluster clear of the controls drawn over the map.
  await fitFleet(page);
  const hidden = await page.evaluate(() => {
    const boxes = (selector: string) => [...document.querySelectorAll(selector)].map((el) => el.getBoundingClientRect());
    const controls = boxes('.tools > *, [data-map-overlay], .leaflet-control-zoom');
    const markers = boxes('[data-testid="asset-map"] .leaflet-marker-pane .leaflet-marker-icon');
    const overlap = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    return { markers: markers.length, hidden: markers.filter((m) => controls.some((c) => overlap(m, c))).length };
  });
  expect(hidden.markers).toBeGreaterThan(0);
  expect(hidden.hidden).toBe(0);

  // The demo base map: the valley with its lakes, freeways and place names.
  await page.evaluate(() => (window as unknown as { __fleetMap: { setView(c: [number, number], z: number, o: object): void } }).__fleetMap.setView([40.72, -111.93], 11, { animate: false }));
  await expect.poll(() => loadedTiles(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(6);
  await expect(assetMap(page).locator('.fd-place', { hasText: /^Salt Lake City$/ })).toBeVisible();
  await expect(page.getByText('Fleet Desk demo map (simulated)')).toBeVisible();
  await saveScreenshot(page, 'map-demo-base');
});

test('offline, the assets sit on the map tiles viewed online', async ({ page }) => {
  // A "real" profile on an external service whose tile server is that service's map.
  running.demo = await startExternalDemo({ assetCount: 60 });
  const token = running.demo.tokens.issue().accessToken;
  const env = envFor(running.demo, token);
  const userDataDir = freshUserDataDir();
  running.dirs.push(userDataDir);
  writeFileSync(join(userDataDir, 'settings.json'), JSON.stringify({ tileUrl: running.demo.tileUrl, tileAttribution: 'Map of the external demo service' }));

  running.shell = await startWebShell({ env, userDataDir });
  await openApp(page, running.shell, { testHooks: true });
  await expect(statusState(page)).toHaveText('Online');
  await expect(listSummary(page)).toHaveText(/^\s*60 of 60 assets/);
  await fitFleet(page);
  await expect.poll(() => loadedTiles(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(4);
  // "Viewed online" means every tile of the view has arrived: one still on its way when the
  // app stops was never viewed, and is rightly blank offline.
  const arriving = () => page.evaluate(() => [...document.querySelectorAll<HTMLImageElement>('[data-testid="asset-map"] img.leaflet-tile')].filter((img) => !img.complete).length);
  await expect.poll(arriving, { timeout: 30_000 }).toBe(0);
  const viewedOnline = await tilesInView(page);
  expect(viewedOnline.length).toBeGreaterThanOrEqual(4);
  await expect(page.getByText('Map of the external demo service')).toBeVisible();
  const viewOnline = await page.evaluate(() => {
    const m = (window as unknown as { __fleetMap: { getCenter(): { lat: number; lng: number }; getZoom(): number } }).__fleetMap;
    return { ...m.getCenter(), zoom: m.getZoom() };
  });

  // The service and the app stop; the app starts again on the same data folder, the service still down.
  await page.goto('about:blank');
  await running.shell.stop();
  await running.demo.close();
  running.demo = undefined;
  running.shell = await startWebShell({ env, userDataDir });
  await openApp(page, running.shell, { testHooks: true });
  await expect(statusState(page)).toHaveText('Offline');
  await expect(listSummary(page)).toHaveText(/^\s*60 of 60 assets\s+·\s+from offline store/);
  await page.evaluate((v) => (window as unknown as { __fleetMap: { setView(c: [number, number], z: number, o: object): void } }).__fleetMap.setView([v.lat, v.lng], v.zoom, { animate: false }), viewOnline);
  // Every tile seen online is shown again, from the tile cache.
  // Compared over the map's box as it is now: a banner that came or went between the two
  // starts changes the map's height, and a tile row outside the box is not asked for.
  const notShown = async () => {
    const shown = new Set(await tilesInView(page));
    const inBox = new Set(await tilesInView(page, false));
    return viewedOnline.filter((tile) => inBox.has(tile) && !shown.has(tile));
  };
  await expect.poll(notShown, { timeout: 30_000 }).toEqual([]);
  const shownNow = new Set(await tilesInView(page));
  expect(viewedOnline.filter((tile) => shownNow.has(tile)).length).toBeGreaterThanOrEqual(4);
  await expect(page.locator('.fd-dot, .fd-cluster').first()).toBeVisible();
  // Every tile in view is a real image (none broken or missing), so the map is not grey.
  // Counted over the tiles a dispatcher sees: Leaflet also keeps tiles just outside the map's
  // box (of the view the page opened on, never viewed online) until it prunes them.
  const broken = () =>
    page.evaluate(() => {
      const box = document.querySelector('[data-testid="asset-map"]')!.getBoundingClientRect();
      return [...document.querySelectorAll<HTMLImageElement>('[data-testid="asset-map"] img.leaflet-tile')].filter((img) => {
        const r = img.getBoundingClientRect();
        const seen = r.right > box.left && r.left < box.right && r.bottom > box.top && r.top < box.bottom;
        return seen && img.complete && img.naturalWidth === 0;
      }).length;
    });
  await expect.poll(broken, { timeout: 15_000 }).toBe(0);
  await expect(page.getByText(/map tiles .* unavailable|map areas not viewed/i)).toHaveCount(0);
  await saveScreenshot(page, 'map-offline');
});
