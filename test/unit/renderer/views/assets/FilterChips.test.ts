/**
 * The filter chips show faceted counts: with Stale on, "Moving" counts the stale moving
 * assets, a chip that would list nothing says 0 and cannot be picked, and an active chip
 * can always be turned off.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { tick } from 'svelte';
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte';
import AssetsPane from '../../../../../src-renderer/src/views/assets/AssetsPane.svelte';
import { asset, metric, NOW, resetStores, snapshot } from '../../fixtures';
import { assets } from '../../../../../src-renderer/src/state/assets.svelte';
import { ui } from '../../../../../src-renderer/src/state/ui.svelte';

afterEach(cleanup);

const FRESH = '2026-11-22T11:58:00Z';
const OLD = '2026-11-22T06:00:00Z';

function fleet() {
  resetStores(() => NOW);
  assets.setSnapshot(
    snapshot([
      asset(1, { name: 'Moving fresh 1' }, { speed: metric(30, FRESH), ignition: metric(true, FRESH) }),
      asset(2, { name: 'Moving fresh 2' }, { speed: metric(40, FRESH), ignition: metric(true, FRESH) }),
      asset(3, { name: 'Parked stale' }, { speed: metric(0, OLD), ignition: metric(false, OLD) }),
    ]),
  );
}

const chip = (id: string) => document.querySelector(`[data-filter="${id}"]`) as HTMLButtonElement;
const rows = () => screen.getByRole('listbox').querySelectorAll('[role="option"]').length;

describe('FilterChips', () => {
  it('counts each chip with the other active filters: Stale on leaves Moving at 0, and picking it is refused', async () => {
    fleet();
    render(AssetsPane, {});
    expect(chip('moving')).toHaveTextContent('Moving 2');
    await fireEvent.click(chip('stale'));
    expect(rows()).toBe(1);
    expect(chip('moving')).toHaveTextContent('Moving 0');
    expect(chip('moving')).toHaveAttribute('aria-disabled', 'true');
    expect(chip('moving').title).toMatch(/No asset matches this together with/);
    expect(chip('ignition:off')).toHaveTextContent('Ignition off 1');
    await fireEvent.click(chip('moving'));
    expect(ui.list.filters).toEqual(['stale']);
    expect(rows()).toBe(1);
  });

  it('an active chip whose count drops to 0 can still be turned off', async () => {
    fleet();
    render(AssetsPane, {});
    // Remembered filters (or a refresh) can leave active chips that list nothing together.
    ui.updateList({ filters: ['moving', 'stale'] });
    await tick();
    expect(rows()).toBe(0);
    expect(chip('moving')).toHaveTextContent('Moving 0');
    expect(chip('moving')).toHaveAttribute('aria-pressed', 'true');
    expect(chip('moving')).toHaveAttribute('aria-disabled', 'false');
    await fireEvent.click(chip('moving'));
    expect(ui.list.filters).toEqual(['stale']);
    expect(rows()).toBe(1);
  });
});
