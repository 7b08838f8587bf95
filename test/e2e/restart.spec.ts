/**
 * A web tab left open across a restart of the web shell. The new run
 * has a new access key, so the old tab's calls are refused (403) and its event socket is
 * refused too. The page must stop saying "Online", say that Fleet Desk was restarted,
 * and open again with the new address pasted into the notice.
 */
import { createServer } from 'node:net';
import { rmSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { freshUserDataDir, startWebShell, type WebShell } from './support/web-shell';
import { saveScreenshot } from './support/screenshots';
import { openApp, statusState } from './support/app';

let userDataDir: string;
let shell: WebShell | undefined;

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
  });
}

test.beforeAll(() => {
  userDataDir = freshUserDataDir();
});

test.afterAll(async () => {
  await shell?.stop();
  rmSync(userDataDir, { recursive: true, force: true });
});

test('an open tab says Fleet Desk was restarted, and opens again with the new address', async ({ page }) => {
  const env = { FLEET_WEB_PORT: String(await freePort()) };
  shell = await startWebShell({ env, userDataDir });
  const firstUrl = shell.url;
  await openApp(page, shell);
  await expect(statusState(page)).toHaveText('Online');

  // The web shell restarts on the same port, with a new access key; the tab stays open.
  await shell.stop();
  shell = await startWebShell({ env, userDataDir });
  expect(shell.url).not.toBe(firstUrl);

  const notice = page.getByTestId('connection-lost');
  await expect(notice).toContainText('Fleet Desk was restarted — reload this page.', { timeout: 45_000 });
  await expect(statusState(page)).toHaveText('Disconnected');
  await expect(statusState(page)).not.toHaveText('Online');
  await saveScreenshot(page, 'restart-notice');

  // A refresh asked for now is not sent with the dead key: the notice stays, nothing else breaks.
  await page.keyboard.press('Control+r');
  await expect(notice).toBeVisible();

  // The new address, pasted into the notice, opens the page again on the new run.
  await notice.getByLabel('New Fleet Desk address').fill(shell.url);
  await notice.getByRole('button', { name: 'Reload' }).click();
  await expect(statusState(page)).toHaveText('Online', { timeout: 30_000 });
  await expect(page.getByTestId('connection-lost')).toHaveCount(0);
});
