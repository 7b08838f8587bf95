/** The connection and sync state the status bar shows. */

import type { AppError } from './errors';

export type ConnectionState = 'starting' | 'syncing' | 'online' | 'offline' | 'signed-out' | 'error';

export interface SyncStatus {
  profileId: string;
  state: ConnectionState;
  lastSyncAt: string | null;
  nextAttemptAt: string | null;
  /** The last error, shown once; null after a good sync. */
  error: AppError | null;
  /**
   * Why no keychain is used (sign-ins then live in memory for this run), in the words
   * every place of the UI shows; null while the keychain works.
   */
  keychainProblem: string | null;
  /** Human note on the data shown, e.g. a corrupt store that was moved aside. */
  notice: string | null;
  /**
   * Set by the main side when the core's worker stopped: what happened and what Fleet Desk
   * does about it (starting it again, or asking for a restart). Absent while the core runs.
   */
  core?: string;
}
