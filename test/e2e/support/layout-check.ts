/**
 * In-page layout checks for the asset list: nothing cut off, nothing overlapping. Runs in
 * the browser (page.evaluate) and returns one readable line per problem, so a failure says
 * which text was cut and by how much.
 */
import type { Page } from '@playwright/test';

export interface LayoutReport {
  problems: string[];
  /** How many boxes were checked (so a check that found nothing to check is visible). */
  checked: { chips: number; headerCells: number; rowCells: number; barItems: number; mapControls: number };
  /** The list scrolls sideways (its columns need more than the pane has). */
  listScrollsSideways: boolean;
}

export async function checkAssetListLayout(page: Page): Promise<LayoutReport> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const label = (el: Element) => {
      const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
      const cls = typeof el.className === 'string' ? el.className.split(' ').filter((c) => c && !c.startsWith('svelte-'))[0] : '';
      return `${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''} "${text}"`;
    };
    const TOLERANCE = 1;

    /** Content wider or taller than its box, for the element and every non-inline descendant. */
    function cut(el: Element, what: string): void {
      for (const node of [el, ...el.querySelectorAll('*')]) {
        const h = node as HTMLElement;
        const style = getComputedStyle(h);
        if (style.display === 'inline' || style.display === 'none' || style.display === 'contents') continue;
        if (h.classList.contains('sr-only')) continue; // visually hidden on purpose
        if (h.offsetParent === null && style.position !== 'fixed' && style.position !== 'sticky') continue;
        // Text cut on purpose with an ellipsis is whole in the title of its box (the list's text cells, the status bar's message).
        const titled = h.closest('[title]')?.getAttribute('title') ?? '';
        const ellipsised = style.textOverflow === 'ellipsis' && titled.includes((h.textContent ?? '').trim());
        if (!ellipsised && h.scrollWidth > h.clientWidth + TOLERANCE) problems.push(`${what}: ${label(h)} is cut sideways (${h.scrollWidth}px of text in ${h.clientWidth}px)`);
        // Vertical cuts only where the box hides its overflow (a line clamp, an ellipsis box).
        // A box that scrolls (overflow auto/scroll) keeps its content reachable: not a cut.
        if ((style.overflowY === 'hidden' || style.overflowY === 'clip') && h.scrollHeight > h.clientHeight + TOLERANCE) problems.push(`${what}: ${label(h)} is cut off below (${h.scrollHeight}px in ${h.clientHeight}px)`);
      }
    }

    function overlaps(a: DOMRect, b: DOMRect): boolean {
      return a.left < b.right - TOLERANCE && b.left < a.right - TOLERANCE && a.top < b.bottom - TOLERANCE && b.top < a.bottom - TOLERANCE;
    }

    function noneOverlap(els: Element[], what: string): void {
      const boxes = els.map((e) => e.getBoundingClientRect());
      for (let i = 0; i < boxes.length; i++) {
        for (let j = i + 1; j < boxes.length; j++) {
          if (overlaps(boxes[i], boxes[j])) problems.push(`${what}: ${label(els[i])} overlaps ${label(els[j])}`);
        }
      }
    }

    // Filter chips: every chip whole and inside the group, none hidden behind a scroll.
    const group = document.querySelector('[role="group"][aria-label="Filters"]') as HTMLElement | null;
    const chips = group ? [...group.querySelectorAll('button')] : [];
    if (group) {
      if (group.scrollHeight > group.clientHeight + TOLERANCE) problems.push(`chips: the group hides ${group.scrollHeight - group.clientHeight}px of chips`);
      const box = group.getBoundingClientRect();
      for (const chip of chips) {
        cut(chip, 'chip');
        const r = chip.getBoundingClientRect();
        if (r.right > box.right + TOLERANCE || r.left < box.left - TOLERANCE || r.bottom > box.bottom + TOLERANCE) problems.push(`chip: ${label(chip)} sticks out of the filter group`);
      }
      noneOverlap(chips, 'chips');
    } else problems.push('no filter chips found');

    // Toolbar: buttons, search and sort whole.
    for (const el of document.querySelectorAll('section[aria-label="Asset list"] .toolbar > *')) cut(el, 'toolbar');

    // Header cells: whole, not overlapping, aligned with the row cells below them.
    const scroller = document.querySelector('[data-testid="asset-list-scroller"]') as HTMLElement | null;
    const head = scroller?.querySelector('.head');
    const headerCells = head ? [...head.children] : [];
    for (const cell of headerCells) cut(cell, 'header');
    noneOverlap(headerCells, 'header');

    // Visible rows: each cell whole and apart from its neighbours, under its header.
    let rowCells = 0;
    const view = scroller?.getBoundingClientRect();
    const rows = scroller ? [...scroller.querySelectorAll('[role="option"]')] : [];
    for (const row of rows) {
      const r = row.getBoundingClientRect();
      if (!view || r.bottom <= view.top || r.top >= view.bottom) continue; // rendered for overscan, not on screen
      const cells = [...row.children];
      rowCells += cells.length;
      for (const cell of cells) cut(cell, 'row');
      noneOverlap(cells, 'row');
      cells.forEach((cell, i) => {
        const h = headerCells[i]?.getBoundingClientRect();
        const c = cell.getBoundingClientRect();
        if (h && (Math.abs(h.left - c.left) > 1.5 || Math.abs(h.width - c.width) > 1.5)) problems.push(`column ${i + 1}: header ${label(headerCells[i])} is not above its cells (${Math.round(h.left)}/${Math.round(h.width)} vs ${Math.round(c.left)}/${Math.round(c.width)})`);
      });
    }
    if (!scroller) problems.push('no asset list found');

    // The window's top bar and status bar: every item whole and inside the window.
    let barItems = 0;
    for (const bar of document.querySelectorAll('header.topbar, footer.statusbar')) {
      const items = [...bar.children].filter((el) => (el as HTMLElement).offsetParent !== null && !el.classList.contains('grow'));
      barItems += items.length;
      for (const item of items) {
        cut(item, 'bar');
        const r = item.getBoundingClientRect();
        if (r.right > window.innerWidth + TOLERANCE || r.left < -TOLERANCE) problems.push(`bar: ${label(item)} runs out of the window (${Math.round(r.left)}–${Math.round(r.right)} of ${window.innerWidth}px)`);
      }
      noneOverlap(items, 'bar');
    }
    if (barItems === 0) problems.push('no top bar or status bar found');

    // The map's own controls (zoom, toolbar, count, legend): whole and apart from each other.
    const map = document.querySelector('section[aria-label="Map of assets"]');
    const controls = map ? [...map.querySelectorAll('.leaflet-control-zoom, .tools > *, .legend')].filter((el) => (el as HTMLElement).offsetParent !== null) : [];
    for (const control of controls) cut(control, 'map control');
    noneOverlap(controls, 'map controls');
    return {
      problems,
      checked: { chips: chips.length, headerCells: headerCells.length, rowCells, barItems, mapControls: controls.length },
      listScrollsSideways: !!scroller && scroller.scrollWidth > scroller.clientWidth + TOLERANCE,
    };
  });
}
