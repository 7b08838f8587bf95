import type { AppError, HistoryResult } from '@contract';

/** The state of one metric's history request. */
export type HistoryEntry =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ok'; result: HistoryResult }
  | { status: 'error'; error: AppError };
