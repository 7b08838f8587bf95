/**
 * Sites in a real Chromium against the web shell on the demo service: a dispatcher draws a
 * rectangle on the map with the mouse, names it, sees its outline labelled with its name and
 * the number of machines on it, opens its page from the outline, and the sites pane and the
 * site page have no axe violations. Ctrl+Z on the map takes the new site back.
 */
import { expect, test, type Page } from '@playwright/test';
import { startWebShell, type WebShell } from './support/web-shell';
import { saveScreenshot } from './support/screenshots';
import { expectNoAxeViolations } from './support/axe';
import { assetMap, openApp } from './support/app';

let shell: WebShell;

test.beforeAll(async () => {
  shell = await startWebShell();
});

test.afterAll(async () => {
  await shell?.stop();
});

/** Clicks one corner of a rectangle and then the opposite one (fractions of the map's width and height), as Geoman draws it. */
async function rectangleOnMap(page: Page, from: [number, number], to: [number, number]): Promise<void> {
  const box = (await assetMap(page).boundingBox())!;
  const at = ([x, y]: [number, number]) => [box.x + box.width * x, box.y + box.height * y] as const;
  await page.mouse.move(...at(from), { steps: 3 });
  await page.mouse.click(...at(from));
  await page.mouse.move(...at(to), { steps: 5 });
  await page.mouse.click(...at(to));
}

test('draw a rectangle site, name it, see its outline and count, open its page', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openApp(page, shell, { testHooks: true });
  await expect(assetMap(page).locator('.fd-dot, .fd-cluster').first()).toBeVisible({ timeout: 30_000 });

  await page.getByRole('button', { name: 'Fit fleet' }).click();
  await page.getByRole('button', { name: 'Site tools' }).click();
  await page.getByRole('button', { name: 'Draw site: rectangle' }).click();
  // Around the middle of the fitted fleet, where machines are.
  await rectangleOnMap(page, [0.3, 0.3], [0.7, 0.75]);

  const form = page.getByTestId('site-form');
  await expect(form).toBeVisible();
  // The contract's words, beside the field, before anything is sent.
  await form.getByRole('button', { name: 'Save site' }).click();
  await expect(form.getByText('A site name must not be empty')).toBeVisible();
  await form.getByLabel('Name').fill('East yard');
  await form.getByLabel('Kind').selectOption({ label: 'Yard' });
  await form.getByLabel('Notes').fill('Gate code at the office');
  await saveScreenshot(page, 'sites-form');
  await form.getByRole('button', { name: 'Save site' }).click();
  await expect(form).toHaveCount(0);

  // The outline, labelled with the name and how many machines the core put on it.
  const pane = page.getByTestId('sites-pane');
  const row = pane.getByRole('row', { name: /East yard/ });
  await expect(row).toBeVisible();
  const siteId = await row.getAttribute('data-site-id');
  expect(siteId).toMatch(/^s-[0-9a-f]+$/);
  const outline = assetMap(page).locator(`path.fd-site-id-${siteId}`);
  await expect(outline).toHaveCount(1);
  await expect(outline).toHaveClass(/fd-site-yard/);
  const label = assetMap(page).locator('.fd-site-label', { hasText: 'East yard' });
  await expect(label).toHaveText(/^East yard · \d[\d,]* machines?$/);
  const onMap = Number((/· ([\d,]+) machine/.exec((await label.textContent()) ?? '')?.[1] ?? '0').replace(/,/g, ''));
  expect(onMap, 'machines inside the drawn rectangle').toBeGreaterThan(0);

  // The sites pane lists it with the same count; axe finds nothing there.
  await expect(row).toContainText(String(onMap));
  await expectNoAxeViolations(page, 'the sites pane');

  // Its page, from a click on the outline: the machines on it and the commands.
  await outline.click({ position: { x: 8, y: 8 }, force: true });
  const sitePage = page.getByTestId('site-page');
  await expect(sitePage.getByRole('heading', { name: 'East yard' })).toBeVisible();
  await expect(sitePage.getByTestId('site-count')).toContainText(`${onMap.toLocaleString('en-US')} machine`);
  await expect(sitePage.getByText('Gate code at the office')).toBeVisible();
  await expect(sitePage.locator('li[data-asset-id]')).toHaveCount(onMap);
  await saveScreenshot(page, 'sites-page');
  await expectNoAxeViolations(page, 'the site page');

  // Ctrl+Z on the map takes the new site back.
  await assetMap(page).focus();
  await page.keyboard.press('Control+z');
  await expect(outline).toHaveCount(0);
});
