/**
 * The asset list with every column chosen, in a real browser at 1280 and 1920 px: the
 * list never scrolls sideways, number cells are never cut, the columns that do not fit
 * are counted in a notice, and the status bar keeps one line when a download message
 * arrives. Screenshots are saved for a person to look at.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { startWebShell, type WebShell } from './support/web-shell';
import { saveScreenshot } from './support/screenshots';
import { openApp } from './support/app';
import { DEFAULT_LIST_COLUMNS, LIST_COLUMNS } from '../../src-main/contract/schemas/settings';

let shell: WebShell;

test.beforeAll(async () => {
  shell = await startWebShell();
});

test.afterAll(async () => {
  await shell?.stop();
});

async function openAt(browser: Browser, width: number, height: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height }, acceptDownloads: true });
  const page = await context.newPage();
  await openApp(page, shell);
  // Columns are remembered in the settings: start each window from the usual ones.
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('button', { name: 'Back to the usual columns' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('asset-list-scroller').locator('.head')).not.toContainText('Odometer');
  return page;
}

/** Ticks the named columns in the chooser (all of them when none is named). */
async function chooseColumns(page: Page, names?: string[]): Promise<void> {
  await page.getByRole('button', { name: 'Columns' }).click();
  const chooser = page.getByRole('group', { name: 'Columns of the list' });
  const boxes = names ? names.map((name) => chooser.getByRole('checkbox', { name, exact: true })) : await chooser.getByRole('checkbox').all();
  for (const box of boxes) if (!(await box.isChecked())) await box.check();
  await page.keyboard.press('Escape');
}

/** What a dispatcher would see cut or scrolled: measured in the page. */
async function measure(page: Page) {
  return page.evaluate(() => {
    const scroller = document.querySelector<HTMLElement>('[data-testid="asset-list-scroller"]')!;
    const cutNumbers: string[] = [];
    for (const cell of document.querySelectorAll<HTMLElement>('[role="option"] .k-number, [role="option"] .k-time')) {
      if (cell.scrollWidth > cell.clientWidth + 1) cutNumbers.push(`${cell.className.split(' ')[1]} "${cell.textContent?.trim()}" ${cell.scrollWidth}px in ${cell.clientWidth}px`);
    }
    const bar = document.querySelector<HTMLElement>('footer.statusbar')!;
    return {
      sideways: scroller.scrollWidth - scroller.clientWidth,
      cutNumbers,
      numberCells: document.querySelectorAll('[role="option"] .k-number').length,
      headers: [...document.querySelectorAll('.head > *')].map((h) => (h.textContent ?? '').replace(/[▲▼]/g, '').trim()),
      barHeight: bar.getBoundingClientRect().height,
      barLineHeight: parseFloat(getComputedStyle(bar).lineHeight) || parseFloat(getComputedStyle(bar).fontSize) * 1.4,
    };
  });
}

for (const { width, height } of [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
]) {
  test(`columns fit at ${width} px: no sideways scroll, numbers whole, hidden columns counted`, async ({ browser }) => {
    test.setTimeout(120_000);
    const page = await openAt(browser, width, height);
    // The columns a dispatcher adds first: serial, speed, engine hours, odometer.
    await chooseColumns(page, ['Serial number', 'Speed', 'Engine hours', 'Odometer']);
    await expect(page.getByTestId('asset-list-scroller').locator('.head')).toContainText('Serial');
    const some = await measure(page);
    await saveScreenshot(page, `list-columns-${width}`);
    expect(some.sideways, 'the list scrolls sideways').toBeLessThanOrEqual(0);
    expect(some.cutNumbers).toEqual([]);
    expect(some.headers.slice(0, 3)).toEqual(['Name', 'Category', 'Site']);
    const hiddenSome = DEFAULT_LIST_COLUMNS.length + 4 - (some.headers.length - 1);
    if (hiddenSome > 0) await expect(page.getByTestId('hidden-columns')).toHaveText(`${hiddenSome} column${hiddenSome === 1 ? '' : 's'} hidden — widen the window or choose fewer`);
    // At 1920 px the list pane has room for the speed with its unit beside the usual
    // columns but the site (which then takes the speed's room).
    if (width >= 1920) {
      await page.getByRole('button', { name: 'Columns' }).click();
      await page.getByRole('group', { name: 'Columns of the list' }).getByRole('checkbox', { name: 'Site (or where it is)', exact: true }).uncheck();
      await page.keyboard.press('Escape');
      expect((await measure(page)).numberCells).toBeGreaterThan(0);
      await expect(page.locator('[role="option"] .c-speed').filter({ hasText: /\d km\/h$/ }).first()).toBeVisible();
    }

    await chooseColumns(page);
    const every = await measure(page);
    await saveScreenshot(page, `list-every-column-${width}`);
    expect(every.sideways, 'the list scrolls sideways').toBeLessThanOrEqual(0);
    expect(every.cutNumbers).toEqual([]);
    const hidden = LIST_COLUMNS.length - (every.headers.length - 1);
    expect(hidden).toBeGreaterThan(0);
    await expect(page.getByTestId('hidden-columns')).toHaveText(`${hidden} columns hidden — widen the window or choose fewer`);
    await page.context().close();
  });
}

test('the status bar keeps one line when the download message arrives', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await openAt(browser, 1280, 800);
  const before = await measure(page);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export the listed assets as CSV' }).click();
  await download;
  const toast = page.getByTestId('status-toast');
  await expect(toast).toBeVisible();
  const after = await measure(page);
  await saveScreenshot(page, 'statusbar-download-message-1280');
  expect(after.barHeight).toBeCloseTo(before.barHeight, 0);
  const text = toast.locator('[title]');
  expect(await text.getAttribute('title')).toBe((await text.textContent())?.trim());
  await page.context().close();
});
