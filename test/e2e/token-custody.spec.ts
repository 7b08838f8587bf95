/**
 * The access token never reaches the renderer. A full session runs against a
 * demo service with a known token while every contract message (invoke requests and
 * answers, WebSocket event frames) is recorded; then the recordings, the built renderer
 * the web shell's output and its data folder are searched for the token. An embedded map frame must
 * not be able to reach the contract either.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test, type Frame, type Page } from '@playwright/test';
import { startWebShell, type WebShell } from './support/web-shell';
import { saveScreenshot } from './support/screenshots';
import { envFor, startExternalDemo, type DemoService } from './support/demo';
import { assetRows, embedPanel, openApp, statusState } from './support/app';

const RENDERER_DIR = resolve(import.meta.dirname, '..', '..', 'out', 'renderer');
let demo: DemoService;
let shell: WebShell;
let token: string;

test.beforeAll(async () => {
  demo = await startExternalDemo();
  token = demo.tokens.issue({ ttlSec: 3600, withRefresh: true }).accessToken;
  shell = await startWebShell({ env: envFor(demo, token) });
});

test.afterAll(async () => {
  await shell?.stop();
  await demo?.close();
});

interface Recorded {
  what: string;
  text: string;
}

/** Records every contract message the page sends or receives; `settle()` waits for bodies still being read. */
function recordContract(page: Page): { log: Recorded[]; settle(): Promise<unknown> } {
  const log: Recorded[] = [];
  const pending: Promise<void>[] = [];
  page.on('request', (req) => {
    if (!req.url().includes('/api/')) return;
    log.push({ what: `request ${decodeURIComponent(req.url())}`, text: `${req.url()}\n${JSON.stringify(req.headers())}\n${req.postData() ?? ''}` });
  });
  page.on('response', (res) => {
    if (!res.url().includes('/api/')) return;
    const what = `response ${decodeURIComponent(res.url())}`;
    pending.push(
      (async () => {
        try {
          log.push({ what, text: `${JSON.stringify(await res.allHeaders())}\n${await res.text()}` });
        } catch {
          log.push({ what: `${what} (no body)`, text: '' });
        }
      })(),
    );
  });
  page.on('websocket', (ws) => {
    log.push({ what: `websocket ${ws.url()}`, text: ws.url() });
    ws.on('framereceived', (f) => log.push({ what: 'ws in', text: String(f.payload) }));
    ws.on('framesent', (f) => log.push({ what: 'ws out', text: String(f.payload) }));
  });
  return { log, settle: () => Promise.all(pending) };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

function embedFrameOf(page: Page): Frame {
  const frame = page.frames().find((f) => f.url().startsWith(demo.origin));
  if (!frame) throw new Error('the embedded map frame is not loaded');
  return frame;
}

test('no contract message, renderer file or shell output carries the token; embed frames cannot reach the contract', async ({ page }) => {
  const recorder = recordContract(page);
  const recorded = recorder.log;

  // A full session: load, refresh, embeds, fleet view with a history, settings, CSV export.
  await openApp(page, shell);
  await expect(statusState(page)).toHaveText('Online');
  await page.getByRole('button', { name: 'Refresh', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Refresh', exact: true })).toBeEnabled();

  await page.getByRole('button', { name: 'Branch map' }).click();
  await expect(embedPanel(page).frameLocator('iframe').locator('.leaflet-container')).toBeVisible();
  await assetRows(page).nth(0).click();
  await assetRows(page).nth(2).click({ modifiers: ['Control'] });
  // Two assets selected: the details pane shows the selection summary with its map button.
  await page.getByRole('button', { name: /map of selection/i }).click();
  await expect(embedPanel(page).getByRole('heading', { name: 'Map of 2 selected assets' })).toBeVisible();
  await expect(embedPanel(page).frameLocator('iframe').locator('.leaflet-container')).toBeVisible();
  await assetRows(page).nth(2).click(); // one asset again: its details offer the trail
  await page.getByRole('button', { name: 'Show trail (24 h)' }).click();

  // The embedded page is another origin: it can neither touch the app's window nor call its server.
  const frame = embedFrameOf(page);
  const parentAccess = await frame.evaluate(() => {
    try {
      const fleet = (window.parent as unknown as { fleet?: unknown }).fleet;
      return fleet === undefined ? 'undefined' : 'reachable';
    } catch (err) {
      return `threw ${(err as Error).name}`;
    }
  });
  expect(parentAccess).not.toBe('reachable');
  const frameFetch = await frame.evaluate(async (url) => {
    try {
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"args":[]}' });
      return `status ${res.status}`;
    } catch (err) {
      return `blocked ${(err as Error).name}`;
    }
  }, `${shell.origin}/api/invoke/app:info`);
  test.info().annotations.push({ type: 'embed frame fetch', description: frameFetch }, { type: 'embed frame parent.fleet', description: parentAccess });
  expect(frameFetch === 'status 403' || frameFetch.startsWith('blocked')).toBe(true);
  // The same call straight to the server, as the frame's origin, without the secret: refused.
  const direct = await fetch(`${shell.origin}/api/invoke/app:info`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: demo.origin },
    body: '{"args":[]}',
  });
  expect(direct.status).toBe(403);
  await saveScreenshot(page, 'custody-embeds');

  await page.getByRole('tab', { name: 'Fleet' }).click();
  await expect(page.getByText(/\d+ of \d+ machines/)).toBeVisible({ timeout: 30_000 });
  await page.getByRole('region', { name: 'Equipment' }).getByRole('button', { name: /^Open machine / }).first().click();
  await page.getByRole('button', { name: 'Last 24 h' }).click();
  await expect(page.getByRole('region', { name: 'Odometer', exact: true })).toContainText(/updates ·|No updates|could not/i, { timeout: 30_000 });
  await saveScreenshot(page, 'custody-fleet');
  await page.getByRole('tab', { name: 'Assets' }).click();

  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog');
  await expect(settings).toBeVisible();
  await saveScreenshot(page, 'custody-settings');
  await page.keyboard.press('Escape');
  await expect(settings).toHaveCount(0);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export the listed assets as CSV' }).click();
  const csv = readFileSync((await (await download).path())!, 'utf8');
  expect(csv.split('\n')[0]).toMatch(/asset/i);
  expect(csv).not.toContain(token);

  await recorder.settle();
  // The session really went through the contract and the events socket.
  expect(recorded.some((r) => r.what.includes('/api/invoke/assets:refresh'))).toBe(true);
  expect(recorded.some((r) => r.what.includes('/api/invoke/embed:open'))).toBe(true);
  expect(recorded.some((r) => r.what.includes('/api/invoke/aemp:history'))).toBe(true);
  expect(recorded.some((r) => r.what.includes('/api/invoke/export:assetsCsv'))).toBe(true);
  expect(recorded.some((r) => r.what === 'ws in')).toBe(true);
  // Bodies were really captured (so a token in one would have been seen).
  expect(recorded.some((r) => r.what.startsWith('response') && r.text.includes('"assetId"'))).toBe(true);
  expect(recorded.some((r) => r.what.startsWith('request') && r.text.includes('"args"'))).toBe(true);

  // Zero hits for the token (and for any demo access or refresh token) anywhere the renderer could see.
  const hits = recorded.filter((r) => r.text.includes(token) || /fd_(at|rt)_[A-Za-z0-9_-]{8,}/.test(r.text)).map((r) => r.what);
  expect(hits).toEqual([]);
  const rendererFiles = filesUnder(RENDERER_DIR);
  expect(rendererFiles.length).toBeGreaterThan(2);
  expect(rendererFiles.filter((f) => readFileSync(f).includes(token))).toEqual([]);
  expect(shell.output()).not.toContain(token);
  // Nor on disk: nothing in the app's data folder (profiles, settings, offline store) holds it.
  const dataFiles = filesUnder(shell.userDataDir);
  expect(dataFiles.length).toBeGreaterThan(0);
  expect(dataFiles.filter((f) => readFileSync(f).includes(token))).toEqual([]);
  expect(shell.output()).not.toMatch(/fd_(at|rt)_[A-Za-z0-9_-]{8,}/);
  // Nor in what the page itself can read.
  const pageText = await page.evaluate(() => `${document.documentElement.outerHTML}\n${JSON.stringify({ ...sessionStorage })}\n${JSON.stringify({ ...localStorage })}\n${document.cookie}`);
  expect(pageText).not.toContain(token);
});
