import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte';
import EquipmentTable from '../../../../../src-renderer/src/views/aemp/EquipmentTable.svelte';
import { unit } from '../../lib/aemp/equipment-fixture';

afterEach(cleanup);

const fleet = Array.from({ length: 9500 }, (_, i) => unit({ equipmentId: `U-${String(i).padStart(5, '0')}`, make: 'Volvo' }));
const ROW_PX = 32;

function bodyRows(): HTMLElement[] {
  return screen.getAllByRole('row').filter((r) => r.getAttribute('aria-rowindex') !== '1');
}

describe('EquipmentTable with 9,500 machines', () => {
  it('keeps only the rows in view (plus overscan) in the DOM, in a spacer as tall as every row', () => {
    render(EquipmentTable, { props: { equipment: fleet, units: 'metric', onopen: () => {} } });
    const rows = bodyRows();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(60);
    const spacer = rows[0].parentElement!.parentElement!;
    expect(spacer.style.height).toBe(`${9500 * ROW_PX}px`);
  });

  it('tells assistive technology the full row count and each rendered row’s place, also after a scroll', async () => {
    render(EquipmentTable, { props: { equipment: fleet, units: 'metric', onopen: () => {} } });
    const table = screen.getByRole('table');
    expect(table).toHaveAttribute('aria-rowcount', '9501');
    expect(within(table).getAllByRole('row')[0]).toHaveAttribute('aria-rowindex', '1');
    expect(within(table).getAllByRole('columnheader')).toHaveLength(10);

    const scroller = screen.getByRole('region', { name: 'Equipment' });
    scroller.scrollTop = 5000 * ROW_PX;
    await fireEvent.scroll(scroller);
    const rows = bodyRows();
    const first = Number(rows[0].getAttribute('aria-rowindex'));
    // Row 5,000 (0-based) is at the top, a few overscan rows above it; aria-rowindex counts the header as 1.
    expect(first).toBeGreaterThan(4980);
    expect(first).toBeLessThanOrEqual(5002);
    rows.forEach((r, i) => expect(r).toHaveAttribute('aria-rowindex', String(first + i)));
    expect(within(rows[0]).getByRole('button').textContent).toBe(`U-${String(first - 2).padStart(5, '0')}`);
    const window = rows[0].parentElement!;
    expect(window.style.transform).toBe(`translateY(${(first - 2) * ROW_PX}px)`);
  });

  it('sorts the whole fleet, not only the rows in view, and says which way in aria-sort', async () => {
    render(EquipmentTable, { props: { equipment: fleet, units: 'metric', onopen: () => {} } });
    const header = screen.getByRole('columnheader', { name: /Equipment id/ });
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    await fireEvent.click(within(header).getByRole('button'));
    expect(header).toHaveAttribute('aria-sort', 'descending');
    expect(within(bodyRows()[0]).getByRole('button').textContent).toBe('U-09499');
  });

  it('opens a machine from its button with the keyboard, and from a click anywhere on its row', async () => {
    const onopen = vi.fn();
    render(EquipmentTable, { props: { equipment: fleet, units: 'metric', onopen } });
    const open = screen.getByRole('button', { name: 'Open machine U-00000' });
    open.focus();
    expect(open).toHaveFocus();
    await fireEvent.click(open);
    expect(onopen).toHaveBeenCalledWith(fleet[0]);
    await fireEvent.click(within(bodyRows()[1]).getAllByRole('cell')[0]);
    expect(onopen).toHaveBeenLastCalledWith(fleet[1]);
    expect(onopen).toHaveBeenCalledTimes(2);
  });
});
