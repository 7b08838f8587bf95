/**
 * Issue 14, item 7: nothing in the asset list is cut off or overlapping at 100–150 % zoom
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

      // Every column chosen: the list may scroll sideways, but still nothing is cut or overlapping.
      await page.getByRole('button', { name: 'Columns' }).click();
      const chooser = page.getByTestId('column-chooser');
      for (const box of await chooser.getByRole('checkbox').all()) if ((await box.isEnabled()) && !(await box.isChecked())) await box.check();
      await page.keyboard.press('Escape');
      await expect(chooser).toBeHidden();
      await expect(page.getByTestId('asset-list-scroller').locator('.head')).toContainText('Odometer');
      await expectWhole(page, `${at}, every column`);
      if (width === 1280) await saveScreenshot(page, `layout-${width}-${zoom * 100}-all-columns`);
      await page.context().close();
    }
  });
}
