/**
 * The map in a small window: at 1280×800 with the branch map open beside it (the map
 * squeezed to half its column), the controls over the map keep to its edges and cover
 * only a small part of it, the legend is closed from the second look on, and the
 * embedded map's Close button stays on its toolbar line. Light and dark, 1280×800 and
 * 1920×1080; the screenshots are kept in test-results/screenshots/.
 */
import { expect, test, type Page } from '@playwright/test';
import { startWebShell, type WebShell } from './support/web-shell';
import { saveScreenshot } from './support/screenshots';
import { embedFrame, embedPanel, openApp } from './support/app';

let shell: WebShell | undefined;

test.afterEach(async () => {
  await shell?.stop();
  shell = undefined;
});

interface MapCover {
  /** Share of the map's area under its controls (toolbar items, legend, notes, attribution, zoom buttons). */
  covered: number;
  /** The toolbar's height over the map, in pixels. */
  toolbarHeight: number;
  legendShown: boolean;
}

function mapCover(page: Page): Promise<MapCover> {
  return page.evaluate(() => {
    const wrap = document.querySelector('section[aria-label="Map of assets"]')!;
    const map = wrap.getBoundingClientRect();
    const boxes = [...wrap.querySelectorAll('.tools > *, [data-map-overlay], .leaflet-control-zoom')].map((el) => el.getBoundingClientRect());
    // Covered area on a grid of 4-pixel cells, so overlapping boxes count once.
    let cells = 0;
    let under = 0;
    for (let y = map.top; y < map.bottom; y += 4) {
      for (let x = map.left; x < map.right; x += 4) {
        cells++;
        if (boxes.some((b) => x >= b.left && x < b.right && y >= b.top && y < b.bottom)) under++;
      }
    }
    const tools = wrap.querySelector('.tools')!.getBoundingClientRect();
    return { covered: under / cells, toolbarHeight: tools.height, legendShown: !!wrap.querySelector('[aria-label="Map legend"]') };
  });
}

/** How far each visible control of the embedded map's header sits from the title's line (centre to centre, in pixels). */
function embedHeaderDrift(page: Page): Promise<Record<string, number>> {
  return page.evaluate(() => {
    const header = document.querySelector('[data-testid="embed-panel"] header')!;
    const middle = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.top + r.height / 2;
    };
    const title = middle(header.querySelector('h2')!);
    const drift: Record<string, number> = {};
    for (const el of header.querySelectorAll('button, span:not(.grow)')) {
      if ((el as HTMLElement).offsetWidth > 0) drift[(el.textContent ?? '').trim().slice(0, 30)] = Math.round(Math.abs(middle(el) - title));
    }
    return drift;
  });
}

function expectOneLine(drift: Record<string, number>): void {
  expect(Object.keys(drift)).toContain('Close');
  for (const [control, off] of Object.entries(drift)) expect(off, `"${control}" is off the title's line`).toBeLessThan(6);
}

for (const size of [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
]) {
  test(`at ${size.width}×${size.height} beside the branch map, the map's controls keep to its corners, light and dark`, async ({ browser }) => {
    shell = await startWebShell({ env: { FLEET_DEMO_ASSETS: '600' } });
    const context = await browser.newContext({ viewport: size });
    const page = await context.newPage();
    await openApp(page, shell);
    // The first look shows the legend; from the next one on the map starts clear.
    await expect(page.getByRole('group', { name: 'Map legend' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('group', { name: 'Map legend' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Legend' })).toHaveAttribute('aria-expanded', 'false');

    await page.getByRole('button', { name: 'Branch map' }).click();
    await expect(embedFrame(page)).toBeVisible({ timeout: 30_000 });
    await expect(embedPanel(page).getByRole('button', { name: 'Close embedded map' })).toBeVisible();

    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      expectOneLine(await embedHeaderDrift(page));
      const closed = await mapCover(page);
      expect(closed.legendShown).toBe(false);
      expect(closed.toolbarHeight, 'the toolbar over the map wraps').toBeLessThan(40);
      expect(closed.covered, `controls cover ${Math.round(closed.covered * 100)} % of the map`).toBeLessThan(0.12);
      await saveScreenshot(page, `map-split-${size.width}x${size.height}-${scheme}`);

      await page.getByRole('button', { name: 'Legend' }).click();
      const open = await mapCover(page);
      expect(open.legendShown).toBe(true);
      expect(open.covered, `with the legend, controls cover ${Math.round(open.covered * 100)} % of the map`).toBeLessThan(0.3);
      await saveScreenshot(page, `map-split-${size.width}x${size.height}-${scheme}-legend`);
      await page.getByRole('button', { name: 'Legend' }).click();
    }

    // A selection too large for one map opens as several: the header gains the part's
    // range and Previous/Next, and Close still stays on the title's line.
    await page.getByTestId('asset-list').press('Control+a');
    await page.getByTestId('asset-details').getByRole('button', { name: 'Open map of selection' }).click();
    await page.getByTestId('split-offer').getByRole('button', { name: /^Open \d+ maps of (up to )?\d+, one at a time$/ }).click();
    await expect(embedPanel(page).getByRole('heading', { name: /^Selection map 1 of \d+$/ })).toBeVisible();
    await expect(embedFrame(page)).toBeVisible({ timeout: 30_000 });
    expectOneLine(await embedHeaderDrift(page));
    await saveScreenshot(page, `map-split-${size.width}x${size.height}-selection-parts`);
    await context.close();
  });
}
