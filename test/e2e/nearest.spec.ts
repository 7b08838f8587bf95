/**
 * Nearest machines in a real Chromium against the web shell on the demo service:
 * right-click the map → "Nearest machines to here" → the panel lists the nearest machines
 * with distances and directions and says where the point is in words (the offline
 * gazetteer read by the built core) → "Select these" selects them in the list → Escape
 * closes the panel and the focus is back on the map. The panel has no axe violations.
 */
import { rmSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { startWebShell, type WebShell } from './support/web-shell';
import { saveScreenshot } from './support/screenshots';
import { assetList, assetMap, listSummary, openApp } from './support/app';

const running: { shell?: WebShell; dirs: string[] } = { dirs: [] };

test.afterEach(async () => {
  await running.shell?.stop();
  running.shell = undefined;
  for (const dir of running.dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

test('right-click the map: the nearest machines, selected in the list', async ({ page }) => {
  running.shell = await startWebShell({ env: { FLEET_DEMO_ASSETS: '200' } });
  await openApp(page, running.shell, { testHooks: true });
  const map = assetMap(page);
  await expect(map).toBeVisible();
  // Salt Lake City, where the demo fleet works.
  await page.evaluate(() => (window as unknown as { __fleetMap: { setView(c: [number, number], z: number, o: object): void } }).__fleetMap.setView([40.7608, -111.891], 11, { animate: false }));
  const box = (await map.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2, { button: 'right' });
  await page.getByRole('menuitem', { name: 'Nearest machines to here' }).click();

  const panel = page.getByRole('dialog', { name: 'Nearest machines' });
  await expect(panel).toBeVisible();
  const hits = panel.getByRole('list', { name: /Nearest machines/ }).getByRole('button');
  await expect(hits).toHaveCount(10);
  await expect(hits.first()).toContainText(/\d(\.\d)? (mi|ft|km|m) (N|NE|E|SE|S|SW|W|NW)\b/);
  await expect(panel.getByTestId('nearest-place')).toHaveText(/^(in .+, UT|\d+ km (N|NE|E|SE|S|SW|W|NW) of .+, UT)$/);
  await expect(panel.getByRole('status').filter({ hasText: /nearest of/ })).toHaveText(/^The 10 nearest of [\d,]+ machines with a position$/);

  const axe = await new AxeBuilder({ page }).include('[data-testid="nearest-panel"]').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  await panel.getByRole('button', { name: 'Select these 10' }).click();
  const ids = await hits.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('data-asset-id')));
  for (let i = 0; i < ids.length; i++) await expect(hits.nth(i)).toHaveAttribute('aria-pressed', 'true');
  // The list counts the selection and marks the selected rows it shows.
  await expect(listSummary(page)).toContainText('10 selected');
  const selectedInList = await assetList(page).locator('[role="option"][aria-selected="true"]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-asset-id')));
  expect(selectedInList.length).toBeGreaterThan(0);
  for (const id of selectedInList) expect(ids).toContain(id);

  await saveScreenshot(page, 'nearest-panel');

  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(map).toBeFocused();
});
