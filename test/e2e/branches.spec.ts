/**
 * Two branches on one desk: the built-in demo and a second demo service as "North branch",
 * with the same fleet (the same asset ids). What a branch shows stays that branch's: a
 * trail drawn in North is not drawn on the demo's map, the demo starts with nothing
 * selected and its own sort, and North gets its selection and sort back.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startWebShell, type WebShell } from './support/web-shell';
import { saveScreenshot } from './support/screenshots';
import { builtInDemoEnv, envFor, startExternalDemo, type DemoService } from './support/demo';
import { assetList, assetMap, listSummary, openApp, openConnection } from './support/app';

const running: { shell?: WebShell; demo?: DemoService; dirs: string[] } = { dirs: [] };

test.afterEach(async () => {
  await running.shell?.stop();
  await running.demo?.close();
  running.shell = running.demo = undefined;
  for (const dir of running.dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The trail line Leaflet draws on the app's map. */
const trailLine = (page: Page) => assetMap(page).locator('path[stroke="#1f6feb"]');
const selectedRows = (page: Page) => assetList(page).locator('[role="option"][aria-selected="true"]');
const sortBy = (page: Page) => page.getByRole('combobox', { name: 'Sort by' });

async function useBranch(page: Page, name: string): Promise<void> {
  const dialog = await openConnection(page);
  await dialog.getByRole('button', { name: `Use ${name}`, exact: true }).click();
  await expect(page.getByTestId('branch-name')).toHaveText(name);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(listSummary(page)).toHaveText(/^\s*60 of 60 assets/);
}

test('a trail, a selection and a sort made in North stay North’s after a switch and come back with it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  running.demo = await startExternalDemo({ assetCount: 60 });
  const env = { ...envFor(running.demo, running.demo.tokens.issue().accessToken, 'North branch'), ...builtInDemoEnv({ assetCount: 60 }) };
  running.shell = await startWebShell({ env });
  running.dirs.push(running.shell.userDataDir);
  await openApp(page, running.shell);
  await expect(page.getByTestId('branch-name')).toHaveText('North branch');

  // In North: sort by fuel, select Dump truck 016 and show its trail.
  await sortBy(page).selectOption('fuel');
  await page.getByRole('searchbox').fill('Dump truck 016');
  await assetList(page).getByRole('option', { name: /Dump truck 016/ }).first().click();
  await page.getByRole('button', { name: 'Show trail (24 h)' }).click();
  await expect(page.getByRole('button', { name: 'Hide trail' })).toBeVisible();
  await expect(trailLine(page)).toHaveCount(1);
  await page.getByRole('searchbox').fill('');
  // The sort is kept on the main side, as North's own.
  const keptSorts = () => {
    try {
      const file = JSON.parse(readFileSync(join(running.shell!.userDataDir, 'settings.json'), 'utf8')) as { list: { sort: string }; branches?: Record<string, { list?: { sort: string } }> };
      return { shared: file.list.sort, branches: Object.values(file.branches ?? {}).map((b) => b.list?.sort) };
    } catch {
      return null;
    }
  };
  await expect.poll(keptSorts).toEqual({ shared: 'name', branches: ['fuel'] });

  await useBranch(page, 'Demo service (built in)');
  await expect(trailLine(page)).toHaveCount(0);
  await expect(selectedRows(page)).toHaveCount(0);
  await expect(page.getByText(/1 selected/)).toHaveCount(0);
  await expect(sortBy(page)).toHaveValue('name');
  await page.getByRole('searchbox').fill('Dump truck 016');
  await assetList(page).getByRole('option', { name: /Dump truck 016/ }).first().click();
  // The demo's own Dump truck 016 has no trail shown.
  await expect(page.getByRole('button', { name: 'Show trail (24 h)' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Hide trail' })).toHaveCount(0);
  await page.getByRole('searchbox').fill('');
  await saveScreenshot(page, 'branches-after-switch');

  await useBranch(page, 'North branch');
  await expect(sortBy(page)).toHaveValue('fuel');
  // Its selection is back, and the list is brought to its row.
  await expect(page.getByText(/60 of 60 assets · 1 selected/)).toBeVisible();
  await expect(selectedRows(page)).toHaveText([/Dump truck 016/]);
  // (The keychain notice of this machine pushes the list past the window's bottom: out of the way.)
  const notice = page.getByRole('button', { name: 'Dismiss' });
  if (await notice.isVisible()) await notice.click();
  await expect(selectedRows(page)).toBeInViewport();
  await expect(page.getByRole('heading', { name: 'Dump truck 016' })).toBeVisible();
  await expect(trailLine(page)).toHaveCount(0);
  await saveScreenshot(page, 'branches-back-in-north');
});
