/**
 * The list's columns fit its pane: a pane too narrow for the chosen columns leaves the
 * rightmost out and says how many, text cells carry their full text in a title, and
 * another branch's list opens at the left edge.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { tick } from 'svelte';
import { cleanup, render, screen } from '@testing-library/svelte';
import AssetList from '../../../../../src-renderer/src/views/assets/AssetList.svelte';
import { LIST_COLUMNS } from '@contract';
import { asset, metric, NOW, resetStores, snapshot } from '../../fixtures';
import { assets } from '../../../../../src-renderer/src/state/assets.svelte';
import { ui } from '../../../../../src-renderer/src/state/ui.svelte';

const realClientWidth = Object.getOwnPropertyDescriptor(Element.prototype, 'clientWidth')!;
/** jsdom lays nothing out: give the list's scroller the width a window would. */
function paneWidth(px: number) {
  Object.defineProperty(Element.prototype, 'clientWidth', {
    configurable: true,
    get(this: Element) {
      return (this as HTMLElement).dataset?.testid === 'asset-list-scroller' ? px : 0;
    },
  });
}

afterEach(() => {
  cleanup();
  Object.defineProperty(Element.prototype, 'clientWidth', realClientWidth);
});

const SERIAL = 'CAT0320XQ7781-LONG-SERIAL-NUMBER';

function fleet(profileId = 'demo') {
  assets.setSnapshot(snapshot([asset(1, { name: 'Excavator 001', serialNumber: SERIAL, category: 'Excavators and other earth movers' }, { odometer: metric(87_128_300_000), fuel: metric(40) })], { profileId }));
}

const headers = () => [...document.querySelectorAll('.head > *')].map((h) => h.textContent?.replace(/[▲▼]/g, '').trim());

describe('AssetList columns fit the pane', () => {
  it('a narrow pane leaves the rightmost chosen columns out and says how many', async () => {
    resetStores(() => NOW);
    paneWidth(520);
    fleet();
    ui.updateList({ columns: [...LIST_COLUMNS] });
    render(AssetList, {});
    await tick();
    const notice = screen.getByTestId('hidden-columns');
    const shown = headers().length - 1;
    const hidden = LIST_COLUMNS.length - shown;
    expect(hidden).toBeGreaterThan(0);
    expect(notice).toHaveTextContent(`${hidden} columns hidden — widen the window or choose fewer`);
    expect(notice.title).toMatch(/Not shown: .*Odometer, .*Time zone$/);
    expect(headers()).not.toContain('Odometer');
  });

  it('a wide pane shows every chosen column and no notice', async () => {
    resetStores(() => NOW);
    paneWidth(1900);
    fleet();
    ui.updateList({ columns: ['serial', 'category', 'odometer'] });
    render(AssetList, {});
    await tick();
    expect(screen.queryByTestId('hidden-columns')).toBeNull();
    expect(headers()).toEqual(['Name', 'Category', 'Serial', 'Odometer']);
    // Text is cut with an ellipsis by the layout; the title keeps it whole.
    const row = document.querySelector('[data-asset-id="thing:1"]') as HTMLElement;
    expect(row.querySelector('.c-serial')).toHaveAttribute('title', SERIAL);
    expect(row.querySelector('.c-category')).toHaveAttribute('title', 'Excavators and other earth movers');
    expect(row.querySelector('.c-odometer')).toHaveTextContent('871,283 km');
    expect(row.querySelector('.c-odometer')).toHaveClass('k-number');
  });

  it("opens another branch's list at its left edge", async () => {
    resetStores(() => NOW);
    fleet('demo');
    render(AssetList, {});
    const scroller = screen.getByTestId('asset-list-scroller');
    scroller.scrollLeft = 240;
    expect(scroller.scrollLeft).toBe(240);
    fleet('north');
    await tick();
    expect(scroller.scrollLeft).toBe(0);
  });
});
