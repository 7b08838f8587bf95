/** The window of a fixed-row-height list to render: only the visible rows plus a small overscan. */
export interface VirtualWindow {
  start: number;
  end: number; // exclusive
  offset: number; // px from the top of the first rendered row
  total: number; // px height of all rows
}

export function virtualWindow(count: number, rowHeight: number, scrollTop: number, viewportHeight: number, overscan = 6): VirtualWindow {
  const total = count * rowHeight;
  if (count === 0 || rowHeight <= 0) return { start: 0, end: 0, offset: 0, total };
  const height = viewportHeight > 0 ? viewportHeight : rowHeight * 20; // jsdom/hidden: assume a 20-row viewport
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const start = Math.max(0, Math.min(count - 1, first) - overscan);
  const end = Math.min(count, first + Math.ceil(height / rowHeight) + overscan);
  return { start, end, offset: start * rowHeight, total };
}

/** The scrollTop that brings a row fully into view, or null when it already is. */
export function scrollToReveal(index: number, rowHeight: number, scrollTop: number, viewportHeight: number): number | null {
  const top = index * rowHeight;
  const bottom = top + rowHeight;
  if (top < scrollTop) return top;
  if (viewportHeight > 0 && bottom > scrollTop + viewportHeight) return bottom - viewportHeight;
  return null;
}
