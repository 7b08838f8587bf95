/**
 * Signing out and in from the Connection panel, against a demo service started
 * by the test (so it can issue and revoke tokens): sign out keeping data, sign in through
 * the browser (approve, then deny), paste a token, and a revoked token.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { startWebShell, type WebShell } from './support/web-shell';
import { saveScreenshot } from './support/screenshots';
import { envFor, startExternalDemo, type DemoService } from './support/demo';
import { assetRows, listSummary, openApp, openConnection, statusState } from './support/app';

const PROFILE = 'Demo (external)';
let demo: DemoService;
let shell: WebShell;

test.beforeAll(async () => {
  demo = await startExternalDemo();
  shell = await startWebShell({ env: envFor(demo, demo.tokens.issue().accessToken, PROFILE) });
});

test.afterAll(async () => {
  await shell?.stop();
  await demo?.close();
});

function profileItem(dialog: Locator): Locator {
  return dialog.getByRole('list', { name: 'Connection profiles' }).getByRole('listitem').filter({ hasText: PROFILE });
}

function signedOutBanner(page: Page): Locator {
  return page.getByRole('alert').filter({ hasText: 'The list shows the last data fetched' });
}

async function closeDialog(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Connection' })).toHaveCount(0);
}

/** Starts "Sign in" and returns the authorize tab the app opened. */
async function signInTab(page: Page, dialog: Locator): Promise<Page> {
  const opened = page.context().waitForEvent('page');
  await profileItem(dialog).getByRole('button', { name: `Sign in to ${PROFILE}` }).click();
  const tab = await opened;
  await tab.waitForLoadState('domcontentloaded');
  expect(new URL(tab.url()).origin).toBe(demo.origin);
  await expect(tab.locator('#approve')).toBeVisible();
  return tab;
}

test('sign out keeping data, sign in (approve and deny), paste a token, revoked token', async ({ page }) => {
  await openApp(page, shell);
  await expect(statusState(page)).toHaveText('Online');
  await expect(listSummary(page)).toHaveText(/^\s*60 of 60 assets/);

  // Sign out, keeping the offline data: the banner says so and the list stays.
  let dialog = await openConnection(page);
  await expect(profileItem(dialog).getByText('Signed in', { exact: true })).toBeVisible();
  await profileItem(dialog).getByRole('button', { name: `Sign out of ${PROFILE}` }).click();
  await dialog.getByRole('group', { name: `Sign out of “${PROFILE}”` }).getByRole('button', { name: 'Keep' }).click();
  await expect(dialog.getByText(`Signed out of “${PROFILE}”; its offline data was kept.`)).toBeVisible();
  await expect(profileItem(dialog).getByText('Signed out', { exact: true })).toBeVisible();
  await saveScreenshot(page, 'sign-in-signed-out-dialog');
  await closeDialog(page);
  await expect(signedOutBanner(page)).toBeVisible();
  await expect(statusState(page)).toHaveText('Signed out');
  await expect(listSummary(page)).toHaveText(/^\s*60 of 60 assets/);
  await expect(assetRows(page).first()).toBeVisible();
  await saveScreenshot(page, 'sign-in-signed-out');

  // Sign in through the service's authorize page, approve.
  dialog = await openConnection(page);
  let tab = await signInTab(page, dialog);
  await saveScreenshot(tab, 'sign-in-authorize-page');
  await tab.locator('#approve').click();
  await expect(tab.locator('body')).toContainText(/signed in|close this tab/i);
  await tab.close();
  await expect(dialog.getByText(`Signed in to “${PROFILE}”.`)).toBeVisible();
  await expect(profileItem(dialog).getByText('Signed in', { exact: true })).toBeVisible();
  await saveScreenshot(page, 'sign-in-approved');
  await closeDialog(page);
  await expect(signedOutBanner(page)).toHaveCount(0);
  await expect(statusState(page)).toHaveText('Online');

  // Signed in, the profile offers no "Sign in"; signed out again (data kept), it does. Then deny: a clear message, still usable.
  dialog = await openConnection(page);
  await expect(profileItem(dialog).getByRole('button', { name: `Sign in to ${PROFILE}` })).toHaveCount(0);
  await profileItem(dialog).getByRole('button', { name: `Sign out of ${PROFILE}` }).click();
  await dialog.getByRole('group', { name: `Sign out of “${PROFILE}”` }).getByRole('button', { name: 'Keep' }).click();
  await expect(profileItem(dialog).getByText('Signed out', { exact: true })).toBeVisible();
  tab = await signInTab(page, dialog);
  await tab.locator('#deny').click();
  await expect(tab.locator('body')).toContainText(/denied/i);
  await tab.close();
  await expect(dialog.getByRole('alert').filter({ hasText: /denied/i })).toBeVisible();
  await saveScreenshot(page, 'sign-in-denied');

  // Paste a token the service issued: tested, then saved.
  const pasted = demo.tokens.issue().accessToken;
  await profileItem(dialog).getByRole('button', { name: `Paste a token for ${PROFILE}` }).click();
  await dialog.getByLabel('Access token').fill(pasted);
  await saveScreenshot(page, 'sign-in-paste-token');
  await dialog.getByRole('button', { name: 'Test and save' }).click();
  await expect(dialog.getByText(/^Token saved\./)).toBeVisible();
  await expect(profileItem(dialog).getByText('Signed in', { exact: true })).toBeVisible();
  await saveScreenshot(page, 'sign-in-token-saved');
  await closeDialog(page);

  // A wrong token is refused and not saved.
  dialog = await openConnection(page);
  await profileItem(dialog).getByRole('button', { name: `Paste a token for ${PROFILE}` }).click();
  await dialog.getByLabel('Access token').fill('fd_at_not-a-real-token');
  await dialog.getByRole('button', { name: 'Test and save' }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: /not saved|invalid|rejected|refused/i }).first()).toBeVisible();
  await saveScreenshot(page, 'sign-in-token-refused');
  await closeDialog(page);

  // The service revokes every token: the next refresh signs the app out, the data stays.
  demo.tokens.revokeAll();
  await page.getByRole('button', { name: 'Refresh', exact: true }).click();
  await expect(signedOutBanner(page)).toBeVisible();
  await expect(signedOutBanner(page)).toContainText('The list shows the last data fetched');
  await expect(statusState(page)).toHaveText('Signed out');
  await expect(listSummary(page)).toHaveText(/^\s*60 of 60 assets/);
  await expect(assetRows(page).first()).toBeVisible();
  await saveScreenshot(page, 'sign-in-revoked');
  await signedOutBanner(page).getByRole('button', { name: 'Sign in…' }).click();
  await expect(page.getByRole('dialog', { name: 'Connection' })).toBeVisible();
});
