import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoService, type DemoService } from '../../../src-main/demo';

const CHROMIUM = '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);

let demo: DemoService;
let browser: Browser;
let clock = Date.UTC(2026, 2, 10, 18, 0);

beforeAll(async () => {
  demo = await startDemoService({ embedSessionSeconds: 60, now: () => clock });
  if (hasChromium) {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
    });
  }
});
afterAll(async () => {
  await browser?.close();
  await demo.close();
});

describe.skipIf(!hasChromium)('demo embed page in Chromium', () => {
  it('draws the subset on a Leaflet map, then reports the expired session to its parent', async () => {
    const res = await fetch(`${demo.baseUrl}/branch/current/batch/assetUrls?assets=thing:1,thing:2,thing:3`, { headers: { authorization: `Bearer ${demo.demoToken}` } });
    const { mapEmbed } = (await res.json()) as { mapEmbed: string };
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('console', (msg) => {
      // The expired session's 401 from /embed/data is expected; anything else is a problem.
      if (msg.type() === 'error' && !msg.text().includes('status of 401')) problems.push(msg.text());
    });
    page.on('pageerror', (err) => problems.push(err.message));
    page.on('request', (req) => {
      if (!req.url().startsWith(demo.origin)) problems.push(`external request: ${req.url()}`);
    });
    await page.addInitScript(() => {
      const messages: unknown[] = [];
      (window as unknown as { aempMessages: unknown[] }).aempMessages = messages;
      window.addEventListener('message', (e) => messages.push(e.data));
    });
    await page.goto(mapEmbed);
    expect(new URL(page.url()).pathname).toBe('/embed/map');
    await page.locator('.leaflet-tile-loaded').first().waitFor();
    await expect.poll(() => page.locator('path.leaflet-interactive').count()).toBe(3);
    expect(await page.locator('#notice').isHidden()).toBe(true);

    clock += 61_000; // the session's life on the service clock
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await page.locator('#notice', { hasText: 'Map session expired' }).waitFor({ timeout: 30_000 });
    await expect.poll(() => page.evaluate(() => (window as unknown as { aempMessages: unknown[] }).aempMessages)).toContainEqual({ type: 'fleet-embed-expired' });
    expect(await page.title()).toBe('Map session expired');
    expect(problems).toEqual([]);
    await page.close();
  });
});
