/**
 * A dispatch room end to end: one demo service, a real room server and two web shells
 * (Ana's desk and Ben's) in one room, each in its own browser page. An alert Ana
 * acknowledges with a note shows on Ben's desk as acknowledged by Ana, with the note; a
 * note Ana leaves on a machine shows on Ben's list and details pane; an alert rule Ana
 * changes is Ben's rule too, and Ben's status bar says who changed it.
 */
import { expect, test, type Page } from '@playwright/test';
import { natsServerMissing, startNatsServer, type NatsServer } from '../support/nats-server';
import { startExternalDemo, type DemoService } from './support/demo';
import { startWebShell, type WebShell } from './support/web-shell';
import { saveScreenshot } from './support/screenshots';
import { alertRows, alertsBadge, alertsPanel, assetRow, openApp } from './support/app';

test.skip(natsServerMissing !== null, natsServerMissing ?? '');

let demo: DemoService | undefined;
let nats: NatsServer | undefined;
const shells: WebShell[] = [];

test.afterAll(async () => {
  await Promise.all(shells.splice(0).map((s) => s.stop()));
  await nats?.close();
  await demo?.close();
});

async function deskOn(page: Page, name: string): Promise<void> {
  const shell = await startWebShell({
    env: {
      FLEET_PROFILE_NAME: 'Demo branch (shared room)',
      FLEET_BASE_URL: demo!.baseUrl,
      FLEET_AEMP_URL: demo!.aempUrl,
      FLEET_TOKEN: demo!.demoToken,
      FLEET_ROOM_URL: nats!.url,
      FLEET_ROOM_NAME: 'e2e-room',
      FLEET_DESK_NAME: name,
    },
  });
  shells.push(shell);
  await openApp(page, shell);
  await alertsBadge(page).click();
  await expect(alertsPanel(page)).toBeVisible();
}

test('an acknowledgement with a note on one desk shows on the other desk, naming who', async ({ browser }) => {
  test.setTimeout(180_000);
  demo = await startExternalDemo({ seed: 11, assetCount: 30 });
  nats = await startNatsServer();
  const ana = await (await browser.newContext()).newPage();
  const ben = await (await browser.newContext()).newPage();
  await deskOn(ana, 'Ana');
  await deskOn(ben, 'Ben');
  await expect(ana.getByText(/Room: (polling|following)/)).toBeVisible({ timeout: 60_000 });
  await expect(ben.getByText(/Room: (polling|following)/)).toBeVisible({ timeout: 60_000 });

  // An alert open on both desks (each desk raised it from the same list).
  const first = alertRows(ana).first();
  await expect(first).toBeVisible({ timeout: 60_000 });
  const assetId = (await first.getAttribute('data-asset-id'))!;
  const message = (await first.locator('.message').innerText()).trim();
  const onBen = alertRows(ben).and(ben.locator(`[data-asset-id="${assetId}"]`)).filter({ hasText: message });
  await expect(onBen).toBeVisible({ timeout: 60_000 });
  await expect(onBen).toContainText('Active');

  await first.click();
  await alertsPanel(ana).getByLabel('Note with the acknowledgement').fill('called the customer');
  await alertsPanel(ana).getByRole('button', { name: 'Acknowledge', exact: true }).click();
  await expect(first.locator('[data-acknowledged-by]')).toContainText('Acknowledged by Ana at');

  // The room's promise to a dispatcher: the other desk shows it within two seconds.
  await expect(onBen.locator('[data-acknowledged-by]')).toContainText(/Acknowledged by Ana at .* — called the customer/, { timeout: 2_000 });
  await saveScreenshot(ben, 'room-acknowledged-on-other-desk');

  // A note on a machine written on Ana's desk shows in Ben's details pane and list.
  for (const page of [ana, ben]) await page.getByRole('button', { name: 'Close alerts' }).click();
  await assetRow(ana, assetId).click();
  await ana.getByTestId('machine-note').getByRole('button', { name: 'Add a note' }).click();
  await ana.getByLabel('Note text').fill('Keys at the gate');
  await ana.getByRole('button', { name: 'Save note' }).click();
  await expect(ana.getByTestId('machine-note')).toContainText('Keys at the gate');
  await expect(assetRow(ben, assetId).locator('[data-has-note]')).toBeVisible({ timeout: 10_000 });
  await assetRow(ben, assetId).click();
  await expect(ben.getByTestId('machine-note')).toContainText('Keys at the gate');
  await expect(ben.getByTestId('machine-note')).toContainText('Ana,');
  await saveScreenshot(ben, 'room-note-on-other-desk');

  // An alert rule changed on Ana's desk is the branch's: Ben is told, and his rules dialog shows it.
  for (const page of [ana, ben]) {
    await alertsBadge(page).click();
    await expect(alertsPanel(page)).toBeVisible();
  }
  await alertsPanel(ana).getByRole('button', { name: 'Rules…' }).click();
  const anaRules = ana.getByRole('dialog', { name: 'Alert rules' });
  await anaRules.getByLabel('Alert when fuel is below (%)').fill('33');
  await anaRules.getByRole('button', { name: 'Save rules' }).click();
  await expect(anaRules).toHaveCount(0);
  await expect(ben.getByTestId('status-toast')).toContainText(/Ana changed the alert rule Low fuel at /, { timeout: 10_000 });
  await alertsPanel(ben).getByRole('button', { name: 'Rules…' }).click();
  await expect(ben.getByRole('dialog', { name: 'Alert rules' }).getByLabel('Alert when fuel is below (%)')).toHaveValue('33');
  await saveScreenshot(ben, 'room-rule-from-other-desk');
});
