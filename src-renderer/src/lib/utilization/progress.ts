/** Words for the background history fetch ('utilization:progress'). */
import type { UtilizationProgress } from '@contract';
import { formatCount } from '../format/numbers';
import { formatSpan } from '../format/time';

/** Whether a fetch is under way (the Cancel button shows). */
export function isRunning(p: UtilizationProgress | null): boolean {
  return p?.state === 'running';
}

/** 0…1 of the machine-days fetched, or null when there is nothing to count yet. */
export function progressFraction(p: UtilizationProgress): number | null {
  if (p.total <= 0) return p.state === 'done' ? 1 : null;
  return Math.min(1, Math.max(0, p.done / p.total));
}

/** "Fetched 120 of 400 machine-days — about 3 min left", or how the fetch ended. */
export function progressText(p: UtilizationProgress): string {
  const counted = `${formatCount(p.done)} of ${formatCount(p.total)} machine-days`;
  switch (p.state) {
    case 'idle':
      return 'No history fetch under way.';
    case 'running':
      return `Fetching histories: ${counted}${p.etaMs !== null && p.etaMs > 0 ? ` — about ${formatSpan(p.etaMs)} left` : ''}`;
    case 'done':
      return `Histories fetched: ${counted}.`;
    case 'cancelled':
      return `Fetch cancelled after ${counted}; what was fetched is kept.`;
    case 'failed':
      return `The fetch stopped after ${counted}${p.message ? `: ${p.message}` : '.'}`;
  }
}
