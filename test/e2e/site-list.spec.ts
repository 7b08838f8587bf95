/**
 * Sites in the workspace list, in a real Chromium on the web shell: the Site column among
 * the usual ones, a chip per site with its count and "Not on a site", search by a site's
 * name, the details pane's "On <site> …" sentence, and zero axe violations with the new
 * chips and column.
 *
 * The first test reads the demo profile's own sites (the demo starts with some once the
 * sites core serves them). The second serves a fixed set of sites through the bridge's
 * `sites:get` answer, so the list's side is checked whatever the demo holds.
 */
import { expect, test, type Page } from '@playwright/test';
import { startWebShell, type WebShell } from './support/web-shell';
import { saveScreenshot } from './support/screenshots';
import { axeFindings, describeFinding } from './support/axe';
import { assetList, assetRows, listSummary, openApp } from './support/app';

let shell: WebShell;

test.beforeAll(async () => {
  shell = await startWebShell();
});

test.afterAll(async () => {
  await shell?.stop();
});

const siteChipsOf = (page: Page) => page.getByRole('group', { name: 'Filter by site' });

/** "North yard 3" → { name: 'North yard', count: 3 }. */
function chipText(text: string): { name: string; count: number } {
  const m = /^\s*(.*?)\s+([\d,]+)\s*$/.exec(text);
  if (!m) throw new Error(`not a chip: ${text}`);
  return { name: m[1], count: Number(m[2].replace(/,/g, '')) };
}

/** The Site cells of the rows the list has drawn. */
async function siteCells(page: Page): Promise<string[]> {
  return assetList(page).locator('[role="option"] .c-site').allTextContents().then((texts) => texts.map((t) => t.trim()));
}

async function expectNoAxe(page: Page, where: string): Promise<void> {
  expect((await axeFindings(page)).map(describeFinding), `axe violations in ${where}`).toEqual([]);
}

/** Filters by the first site chip with machines on it, checks the list and the details pane agree with it, and turns it off again. */
async function checkFirstSite(page: Page): Promise<string> {
  const chip = siteChipsOf(page).locator('button[data-filter^="site:s-"][aria-disabled="false"]').first();
  const { name, count } = chipText((await chip.textContent()) ?? '');
  expect(count, `the chip of ${name} counts its machines`).toBeGreaterThan(0);
  await chip.click();
  await expect(chip).toHaveAttribute('aria-pressed', 'true');
  await expect(listSummary(page)).toHaveText(new RegExp(`^\\s*${count} of `));
  expect(new Set(await siteCells(page))).toEqual(new Set([name]));
  // The details pane of a machine on it names the site.
  await assetRows(page).first().click();
  await expect(page.getByTestId('details-site')).toContainText(`On ${name} (`);
  await expect(page.getByTestId('details-site').getByRole('button', { name: 'Open site' })).toBeVisible();
  await chip.click();
  await expect(chip).toHaveAttribute('aria-pressed', 'false');
  // Typing the site's name finds its machines (and perhaps others whose names hold the words).
  const search = page.getByRole('searchbox', { name: 'Search assets' });
  await search.fill(name);
  await expect(assetRows(page).first()).toBeVisible();
  expect(await siteCells(page)).toContain(name);
  await search.fill('');
  return name;
}

test('the demo profile: Site column, a chip per site with counts, search by site name, the details sentence', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openApp(page, shell);
  await expect(page.locator('.head').getByRole('button', { name: /^Site, / })).toBeVisible();
  await expect(siteChipsOf(page), 'the demo profile starts with sites once the sites core serves them').toBeVisible({ timeout: 20_000 });
  await expect(siteChipsOf(page).locator('button[data-filter="site:none"]')).toBeVisible();
  await checkFirstSite(page);
  await saveScreenshot(page, 'site-list-demo');
  await expectNoAxe(page, 'the list with the demo sites');
});

const NORTH = { id: 's-0000000a', name: 'North yard', kind: 'yard' };
const SOUTH = { id: 's-0000000b', name: 'Airport job site', kind: 'job' };
const shape = { type: 'circle', center: [-111.9, 40.6], radiusM: 500 };

test('sites served through the bridge: column values, chips with faceted counts, "Not on a site", details', async ({ page }) => {
  const now = Date.now();
  const day = 86_400_000;
  const state = {
    profileId: 'demo',
    sites: [NORTH, SOUTH].map((s) => ({ ...s, notes: '', shape, regionCode: null, createdAt: now, updatedAt: now })),
    presence: {
      'thing:1': { siteId: NORTH.id, since: now - 3 * day, sinceAtLeast: false, place: null },
      'thing:2': { siteId: NORTH.id, since: now - 2 * day, sinceAtLeast: true, place: null },
      'thing:3': { siteId: SOUTH.id, since: now - day / 2, sinceAtLeast: false, place: null },
      'thing:4': { siteId: null, since: null, sinceAtLeast: false, place: '6 km NE of Sandy, UT' },
    },
  };
  await page.route(/\/api\/invoke\/sites%3Aget$/, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ ok: true, value: state }) }));
  await page.setViewportSize({ width: 1280, height: 800 });
  await openApp(page, shell);
  const chips = siteChipsOf(page);
  await expect(chips).toBeVisible();
  await expect(chips.locator(`button[data-filter="site:${NORTH.id}"]`)).toHaveText(/^\s*North yard\s+2\s*$/);
  await expect(chips.locator(`button[data-filter="site:${SOUTH.id}"]`)).toHaveText(/^\s*Airport job site\s+1\s*$/);
  // Every other machine with a position is not on a site.
  const notOnSite = chipText((await chips.locator('button[data-filter="site:none"]').textContent()) ?? '');
  expect(notOnSite.count).toBeGreaterThan(1);

  // The place in words stands in the Site cell, muted, for a machine on no site.
  await page.getByRole('searchbox', { name: 'Search assets' }).fill('');
  await chips.locator('button[data-filter="site:none"]').click();
  await expect(listSummary(page)).toHaveText(new RegExp(`^\\s*${notOnSite.count} of `));
  await chips.locator('button[data-filter="site:none"]').click();

  const name = await checkFirstSite(page);
  expect(name).toBe('Airport job site');

  // Faceted: with North yard picked, the ignition chips count only its machines.
  await chips.locator(`button[data-filter="site:${NORTH.id}"]`).click();
  const on = chipText((await page.locator('button[data-filter="ignition:on"]').textContent()) ?? '').count;
  const off = chipText((await page.locator('button[data-filter="ignition:off"]').textContent()) ?? '').count;
  expect(on + off).toBeLessThanOrEqual(2);
  await saveScreenshot(page, 'site-list-chips');
  await expectNoAxe(page, 'the list with site chips and the Site column');

  // The details pane: since when, "at least since" when the arrival was not seen.
  await page.locator('[role="option"][data-asset-id="thing:2"]').click();
  await expect(page.getByTestId('details-site')).toContainText(/On North yard \(Yard\) at least since .+ — 2 days/);
  await saveScreenshot(page, 'site-list-details');
  await expectNoAxe(page, 'the details pane with the site sentence');
});
