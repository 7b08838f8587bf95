/**
 * Helpers that drive the Fleet Desk page the same way a dispatcher does: open the
 * web shell's address, wait for the asset list, read the status bar.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import type { WebShell } from './web-shell';

/** Opens the app and waits until the asset list shows at least one row. */
export async function openApp(page: Page, shell: WebShell, opts: { expectRows?: boolean; testHooks?: boolean } = {}): Promise<void> {
  // `?testhooks` makes the production build expose its Leaflet map as window.__fleetMap.
  const url = new URL(shell.url);
  if (opts.testHooks) url.search = '?testhooks';
  await page.goto(url.toString());
  if (opts.expectRows !== false) await expect(assetRows(page).first()).toBeVisible({ timeout: 30_000 });
}

export function assetList(page: Page): Locator {
  return page.getByTestId('asset-list');
}

/** Rows the virtual list has in the DOM (only the visible window). */
export function assetRows(page: Page): Locator {
  return assetList(page).getByRole('option');
}

export function assetRow(page: Page, assetId: string): Locator {
  return assetList(page).locator(`[role="option"][data-asset-id="${assetId}"]`);
}

/** "60 of 60 assets" line above the list. */
export function listSummary(page: Page): Locator {
  return page.getByLabel('Asset list').getByText(/\d[\d,]* of \d[\d,]* assets/);
}

/** The connection state in the status bar ("Online", "Offline", "Signed out"…). */
export function statusState(page: Page): Locator {
  return page.getByRole('contentinfo', { name: 'Sync status' }).getByRole('status').first();
}

export function assetMap(page: Page): Locator {
  return page.getByTestId('asset-map');
}

/** Single-asset markers currently drawn on the app's Leaflet map. */
export function pointMarkers(page: Page): Locator {
  return assetMap(page).locator('.fd-dot[data-asset-id]');
}

export function clusterMarkers(page: Page): Locator {
  return assetMap(page).locator('.fd-cluster');
}

export function embedPanel(page: Page): Locator {
  return page.getByTestId('embed-panel');
}

export function embedFrame(page: Page): Locator {
  return embedPanel(page).locator('iframe');
}

/** Opens the Connection dialog. */
export async function openConnection(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Connection', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Connection' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The header button with the count of unacknowledged alerts. */
export function alertsBadge(page: Page): Locator {
  return page.getByTestId('alerts-badge');
}

export function alertsPanel(page: Page): Locator {
  return page.getByTestId('alerts-panel');
}

/** Alert rows the panel's virtual list has in the DOM. */
export function alertRows(page: Page): Locator {
  return page.getByTestId('alert-list').getByRole('option');
}

/** Right-clicks the map (at `at`, fractions of its width and height) and asks for the nearest machines; returns the panel once it lists them. */
export async function openNearestPanel(page: Page, at: [number, number] = [0.5, 0.5]): Promise<Locator> {
  const box = (await assetMap(page).boundingBox())!;
  await page.mouse.click(box.x + box.width * at[0], box.y + box.height * at[1], { button: 'right' });
  await page.getByRole('menuitem', { name: 'Nearest machines to here' }).click();
  const panel = page.getByRole('dialog', { name: 'Nearest machines' });
  await expect(panel.getByRole('list', { name: /Nearest machines/ }).getByRole('button').first()).toBeVisible();
  return panel;
}

/** Opens the sites pane and, from it, the page of the site with the most machines on it; returns that page. */
export async function openBusiestSite(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Sites', exact: true }).click();
  const pane = page.getByTestId('sites-pane');
  await expect(pane.locator('tr[data-site-id]').first()).toBeVisible();
  const busiest = await pane.locator('tr[data-site-id]').evaluateAll((rows) => {
    const counted = rows.map((r) => ({ id: r.getAttribute('data-site-id'), n: Number((r.querySelector('td.num')?.textContent ?? '0').replace(/,/g, '')) }));
    return counted.reduce((a, b) => (b.n > a.n ? b : a)).id;
  });
  await pane.locator(`tr[data-site-id="${busiest}"] button.name`).click();
  const sitePage = page.getByTestId('site-page');
  await expect(sitePage.locator('li[data-asset-id]').first()).toBeVisible();
  return sitePage;
}
