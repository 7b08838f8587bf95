/**
 * Nothing in the asset list is cut off or overlapping at 100–150 % zoom
 * on 1280–2560 px windows. A zoomed window is rendered as the browser does it: a viewport
 * of window/zoom CSS pixels drawn at deviceScaleFactor = zoom (125 % of a 1280 px window
 * is a 1024 CSS px viewport). The demo fleet has 2,000 assets (100 areas over 30 names), so repeated names carry
 * their disambiguating tag and every category has a chip.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { startWebShell, type WebShell } from './support/web-shell';
import { saveScreenshot } from './support/screenshots';
import { assetRows, openApp } from './support/app';
import { checkAssetListLayout } from './support/layout-check';

let shell: WebShell;

test.beforeAll(async () => {
  shell = await startWebShell({ env: { FLEET_DEMO_ASSETS: '2000' } });
});

test.afterAll(async () => {
  await shell?.stop();
});

const WINDOWS = [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
  { width: 2560, height: 1440 },
] as const;
const ZOOMS = [1, 1.25, 1.5] as const;

async function openAt(browser: Browser, width: number, height: number, zoom: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: Math.round(width / zoom), height: Math.round(height / zoom) }, deviceScaleFactor: zoom });
  const page = await context.newPage();
  await openApp(page, shell);
  // The map is a chunk of its own, loaded once the first rows are shown: wait for its controls.
  const map = page.locator('section[aria-label="Map of assets"]');
  await expect(map.locator('.leaflet-control-zoom')).toBeVisible({ timeout: 30_000 });
  await expect(map.locator('.tools').first()).toBeVisible();
  // Columns are remembered in the settings: start each window from the usual ones.
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('button', { name: 'Back to the usual columns' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('asset-list-scroller').locator('.head')).not.toContainText('Odometer');
  return page;
}

async function expectWhole(page: Page, what: string): Promise<void> {
  const report = await checkAssetListLayout(page);
  expect(report.checked.chips, `${what}: chips checked`).toBeGreaterThan(10);
  expect(report.checked.headerCells, `${what}: header cells checked`).toBeGreaterThan(1);
  expect(report.checked.rowCells, `${what}: row cells checked`).toBeGreaterThan(10);
  expect(report.checked.barItems, `${what}: top bar and status bar items checked`).toBeGreaterThan(8);
  expect(report.checked.mapControls, `${what}: map controls checked`).toBeGreaterThan(4);
  expect(report.problems, what).toEqual([]);
}

for (const zoom of ZOOMS) {
  test(`asset list whole at ${zoom * 100} % zoom on 1280, 1920 and 2560 px windows`, async ({ browser }) => {
    test.setTimeout(240_000); // three windows, each loading a 2,000-asset fleet
    for (const { width, height } of WINDOWS) {
      const page = await openAt(browser, width, height, zoom);
      const at = `${width}×${height} at ${zoom * 100} %`;

      // The usual columns fit without sideways scrolling.
      await expectWhole(page, `${at}, usual columns`);
      expect((await checkAssetListLayout(page)).listScrollsSideways, `${at}: the usual columns fit the pane`).toBe(false);
      await saveScreenshot(page, `layout-${width}-${zoom * 100}`);

      // The longest demo names with their tags (two lines, not cut).
      await page.getByRole('searchbox', { name: 'Search assets' }).fill('north salt lake laydown');
      await expect(assetRows(page).first()).toContainText('North Salt Lake Laydown area');
      await expectWhole(page, `${at}, longest names`);
      await page.getByRole('searchbox', { name: 'Search assets' }).fill('');

      // Every column chosen: the columns that do not fit are left out and counted; nothing is cut, overlapping or scrolled sideways.
      await page.getByRole('button', { name: 'Columns' }).click();
      const chooser = page.getByTestId('column-chooser');
      for (const box of await chooser.getByRole('checkbox').all()) if ((await box.isEnabled()) && !(await box.isChecked())) await box.check();
      await page.keyboard.press('Escape');
      await expect(chooser).toBeHidden();
      await expect(page.getByTestId('hidden-columns')).toContainText('hidden — widen the window or choose fewer');
      await expectWhole(page, `${at}, every column`);
      expect((await checkAssetListLayout(page)).listScrollsSideways, `${at}: every column chosen, still no sideways scroll`).toBe(false);
      if (width === 1280) await saveScreenshot(page, `layout-${width}-${zoom * 100}-all-columns`);
      await page.context().close();
    }
  });
}

test('column chooser, repeated names, selection summary, hidden selection and a selection split over several maps', async ({ page }) => {
  test.setTimeout(180_000);
  await openApp(page, shell);
  const list = page.getByTestId('asset-list');
  const details = page.getByTestId('asset-details');
  const search = page.getByRole('searchbox', { name: 'Search assets' });
  const head = page.getByTestId('asset-list-scroller').locator('.head');

  // Column chooser: three more columns, each shown at once and kept whole, or named in the
  // notice of columns the pane cannot hold (the list never scrolls sideways).
  const hiddenNotice = page.getByTestId('hidden-columns');
  const shownOrNamed = async (label: string) => {
    await expect(async () => {
      const inHead = (await head.textContent())?.includes(label) ?? false;
      const named = (await hiddenNotice.count()) > 0 && ((await hiddenNotice.getAttribute('title')) ?? '').includes(label);
      expect(inHead || named, `${label} is neither shown nor named as hidden`).toBe(true);
    }).toPass();
  };
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('button', { name: 'Back to the usual columns' }).click();
  const chooser = page.getByTestId('column-chooser');
  const saved = page.waitForRequest((r) => r.url().includes('/api/invoke/settings%3Aset') && (r.postData() ?? '').includes('engineHours'));
  for (const name of ['Position age', 'Engine hours', 'Odometer']) await chooser.getByRole('checkbox', { name }).check();
  await shownOrNamed('Position age');
  await shownOrNamed('Engine hours');
  await shownOrNamed('Odometer');
  await saveScreenshot(page, 'list-column-chooser');
  await page.keyboard.press('Escape');
  expect((await checkAssetListLayout(page)).problems).toEqual([]);
  // Remembered: the choice comes back after a reload.
  await (await saved).response();
  await openApp(page, shell);
  await shownOrNamed('Position age');
  await shownOrNamed('Engine hours');
  await page.getByRole('button', { name: 'Columns' }).click();
  await chooser.getByRole('button', { name: 'Back to the usual columns' }).click();
  await page.keyboard.press('Escape');

  // Repeated names: every "Airport …" area that shares its name carries its id.
  await search.fill('airport');
  const tagged = list.locator('[role="option"]:has(.tag)');
  await expect(tagged.first()).toBeVisible();
  const first = tagged.first();
  const id = (await first.getAttribute('data-asset-id'))!;
  await expect(first.locator('.tag')).toHaveText(id);
  await first.click();
  await expect(details.getByRole('heading', { level: 2 })).toContainText(id);
  await saveScreenshot(page, 'duplicate-names');

  // A selection of 30: the details pane summarises it; a name in the summary focuses its asset.
  await search.fill('');
  await assetRows(page).first().click();
  await list.press('Shift+PageDown');
  await list.press('Shift+PageDown');
  const count = await page.evaluate(() => document.querySelectorAll('[role="option"][aria-selected="true"]').length);
  expect(count).toBeGreaterThan(10);
  const summary = page.getByTestId('selection-summary');
  await expect(summary.getByRole('heading', { level: 2 })).toHaveText(/^\d+ assets selected$/);
  // What a group is judged by: states, fuel and the oldest report, not summed lifetime hours.
  await expect(summary).toContainText('Fuel');
  await expect(summary).toContainText('Oldest report');
  await expect(summary).not.toContainText('Engine hours');
  await saveScreenshot(page, 'selection-summary');
  const pick = summary.getByRole('list', { name: 'Selected assets' }).getByRole('button').nth(2);
  const pickedId = (await pick.getAttribute('data-asset-id'))!;
  await pick.click();
  await expect(details.getByText(pickedId, { exact: true })).toBeVisible();
  await details.getByRole('button', { name: /Back to the \d+ selected assets/ }).click();
  await expect(summary).toBeVisible();

  // A filter hides part of the selection: the list says so and both ways out work.
  const selected = Number(/^(\d+)/.exec((await summary.getByRole('heading', { level: 2 }).innerText()).trim())![1]);
  await page.getByRole('group', { name: 'Filters' }).locator('button[data-filter="type:thing"]').click();
  const notice = page.getByTestId('selection-notice');
  await expect(notice).toContainText(new RegExp(`${selected} selected · \\d+ hidden by the filters`));
  await expect(summary).toContainText(/hidden from the list by the search or filters/);
  await saveScreenshot(page, 'selection-filter-notice');
  await notice.getByRole('button', { name: 'Show them' }).click();
  await expect(notice).toBeHidden();
  await expect(page.getByRole('group', { name: 'Filters' }).locator('button[aria-pressed="true"]')).toHaveCount(0);

  // The whole fleet selected: one map cannot take 2,000 ids; the app offers maps of the size that fits, or the branch map.
  await list.press('Control+a');
  await expect(summary.getByRole('heading', { level: 2 })).toHaveText('2,000 assets selected');
  await summary.getByRole('button', { name: 'Open map of selection' }).click();
  const offer = page.getByTestId('split-offer');
  await expect(offer).toContainText(/Your selection has 2,000 assets; one map can show at most \d+ of them\./);
  await expect(offer).not.toContainText(/argument|\$\[0\]|assetIds/);
  await saveScreenshot(page, 'split-map-offer');
  const split = offer.getByRole('button', { name: /^Open \d+ maps of (up to )?\d+, one at a time$/ });
  const maps = Number(/^Open (\d+) maps/.exec(await split.innerText())![1]);
  await split.click();
  const panel = page.getByTestId('embed-panel');
  await expect(panel.getByRole('heading', { name: `Selection map 1 of ${maps}` })).toBeVisible();
  await expect(panel.locator('iframe')).toBeVisible();
  await panel.getByRole('button', { name: 'Next map of the selection' }).click();
  await expect(panel.getByRole('heading', { name: `Selection map 2 of ${maps}` })).toBeVisible();
  await expect(panel.locator('iframe')).toBeVisible();
  await expect(panel.getByRole('alert')).toHaveCount(0);
  await saveScreenshot(page, 'split-map-part');
});
