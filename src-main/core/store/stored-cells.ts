/** How a stored utilization cell (hours, marks) is read back: damage reads as unknown or none, never as a figure. */
import type { HistoryMarkKind } from '../../contract';

const MARK_KINDS: ReadonlySet<string> = new Set<HistoryMarkKind>(['gap', 'reset', 'spike', 'duplicate', 'unordered', 'foreign']);

/** Marks of a parsed cell; anything of another shape (damage) reads as none. */
export function marksOf(value: unknown): { kind: HistoryMarkKind; count: number }[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (m): m is { kind: HistoryMarkKind; count: number } =>
      typeof m === 'object' && m !== null && MARK_KINDS.has((m as { kind: unknown }).kind as string) && Number.isFinite((m as { count: unknown }).count),
  );
}

/** Hours as stored; a cell that is not a number of hours a day can hold (damage) reads as unknown. */
export function readHours(text: string): number | null {
  if (text === '') return null;
  const hours = Number(text);
  return Number.isFinite(hours) && hours >= 0 && hours <= 24 ? hours : null;
}
