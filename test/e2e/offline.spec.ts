/**
 * Offline start and recovery. The app loads from a demo service on a fixed
 * port; the app and the service stop; the app restarts on the same data folder while
 * the service is down (cached list and markers, an offline banner saying how old the
 * data is); the service comes back on the same port and the app recovers by itself.
 */
import { rmSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { freshUserDataDir, startWebShell, type WebShell } from './support/web-shell';
import { saveScreenshot } from './support/screenshots';
import { envFor, startExternalDemo, type DemoService } from './support/demo';
import { listSummary, openApp, pointMarkers, clusterMarkers, statusState, assetRows } from './support/app';

let userDataDir: string;
const running: { demo?: DemoService; shell?: WebShell } = {};

test.beforeAll(() => {
  userDataDir = freshUserDataDir();
});

test.afterAll(async () => {
  await running.shell?.stop();
  await running.demo?.close();
  running.shell = running.demo = undefined;
  rmSync(userDataDir, { recursive: true, force: true });
});

test('cached list and markers while the service is down, recovery when it is back', async ({ page }) => {
  // First run: online, the store fills.
  running.demo = await startExternalDemo();
  const port = Number(new URL(running.demo.origin).port);
  const token = running.demo.tokens.issue().accessToken;
  const env = envFor(running.demo, token);
  running.shell = await startWebShell({ env, userDataDir });
  await openApp(page, running.shell);
  await expect(statusState(page)).toHaveText('Online');
  await expect(listSummary(page)).toHaveText(/^\s*60 of 60 assets\s*$/);
  await expect(pointMarkers(page).or(clusterMarkers(page)).first()).toBeVisible();
  const firstNames = await assetRows(page).locator('.name').allInnerTexts();

  // Everything stops.
  await page.goto('about:blank');
  await running.shell.stop();
  await running.demo.close();
  running.demo = undefined;

  // The app starts again with the service down: the offline store is shown at once.
  running.shell = await startWebShell({ env, userDataDir });
  await openApp(page, running.shell);
  await expect(listSummary(page)).toHaveText(/^\s*60 of 60 assets\s+·\s+from offline store/);
  expect((await assetRows(page).locator('.name').allInnerTexts()).slice(0, 10)).toEqual(firstNames.slice(0, 10));
  await expect(pointMarkers(page).or(clusterMarkers(page)).first()).toBeVisible();
  await expect(statusState(page)).toHaveText('Offline');
  const banner = page.getByTestId('offline-banner');
  await expect(banner).toContainText(/Offline — showing data as of \d{1,2}:\d{2}.*\((just now|\d+ s(ec)? ago|\d+ min ago|[^)]*ago)\)/);
  await expect(banner).toContainText(/Retrying/);
  await saveScreenshot(page, 'offline-cached');

  // The service comes back on the same port and still knows the app's token.
  running.demo = await startExternalDemo({ port });
  running.demo.tokens.adopt(token);
  await expect(statusState(page)).toHaveText('Online', { timeout: 60_000 });
  await expect(banner).toHaveCount(0);
  await expect(listSummary(page)).toHaveText(/^\s*60 of 60 assets\s*$/);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await saveScreenshot(page, 'offline-recovered');
});
