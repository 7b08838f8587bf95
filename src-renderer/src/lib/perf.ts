/**
 * Performance marks for `npm run bench`. They cost nothing unless the page was opened
 * with `?perfmarks`, so the shipped app never fills the performance timeline.
 */
const wanted = typeof location !== 'undefined' && typeof performance !== 'undefined' && new URLSearchParams(location.search).has('perfmarks');

/** `performance.mark(name)` when marks are wanted; otherwise nothing. */
export function perfMark(name: string): void {
  if (wanted) performance.mark(name);
}
