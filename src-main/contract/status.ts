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
  /** The desk's dispatch room; absent when the profile has none. */
  room?: RoomStatus;
}

/**
 * The desk's place in its dispatch room (absent without a room): polling the service for
 * the room, following the desk that does, or polling alone because the room server is
 * out of reach or the poller went quiet.
 */
export interface RoomStatus {
  state: 'joining' | 'polling' | 'following' | 'quiet' | 'unreachable';
  /** Desks present in the room (this one included); 0 when unknown. */
  desks: number;
  /** The desk that polls for the room, as it names itself; null when unknown. */
  poller: string | null;
  /** When the last change from the poller arrived (ISO); null before one did. */
  lastChangeAt: string | null;
  /** A change from the room that was refused, or why the server is out of reach; null when none. */
  problem: string | null;
}

/** The status bar's words for the desk's room (one place, so every view says the same). */
export function roomStatusText(room: RoomStatus, nowMs: number): string {
  const since = (iso: string | null): string => {
    if (!iso) return 'no change yet';
    const s = Math.max(0, Math.round((nowMs - Date.parse(iso)) / 1000));
    return `last change ${s < 120 ? `${s} s` : `${Math.round(s / 60)} min`} ago`;
  };
  const poller = room.poller ?? 'another desk';
  const text = {
    joining: 'Room: joining…',
    polling: `Room: polling for ${room.desks} ${room.desks === 1 ? 'desk' : 'desks'}`,
    following: `Room: following ${poller} (${since(room.lastChangeAt)})`,
    quiet: `Room: no change from ${poller} (${since(room.lastChangeAt)}) — polling the service myself`,
    unreachable: 'Room server unreachable — polling the service myself',
  }[room.state];
  return room.problem ? `${text}. ${room.problem}` : text;
}

/**
 * Shared data of the room that another desk changed (rules or sites), or a change of this
 * desk that replaced one another desk had made meanwhile: the dispatcher is told, never
 * left to find a rule or a site different from what they set.
 */
export interface RoomSharedChange {
  profileId: string;
  kind: 'rule' | 'site';
  /** What changed, as the dispatcher knows it: rule names ("Low fuel"), site names. */
  names: string[];
  /**
   * 'changed' and 'removed': another desk's change, applied here. 'replaced': this desk's
   * change won over the one named by `by` and `at`, which is gone (last write wins).
   */
  how: 'changed' | 'removed' | 'replaced';
  /** The other desk, as it names itself (null: unnamed). */
  by: string | null;
  /** When the other desk made its change (ISO). */
  at: string;
}

/** The words for a shared change (one place, so every view says the same); `time` formats `at`. */
export function roomSharedChangeText(change: RoomSharedChange, time: (iso: string) => string): string {
  const who = change.by ?? 'Another desk';
  const noun = change.kind === 'rule' ? 'alert rule' : 'site';
  const what =
    change.names.length === 1
      ? `the ${noun} ${change.names[0]}`
      : `${change.names.length} ${noun}s (${change.names.slice(0, 3).join(', ')}${change.names.length > 3 ? ', …' : ''})`;
  if (change.how === 'replaced') {
    return `Your change to ${what} replaced one ${who} made at ${time(change.at)} (the later change wins)`;
  }
  return `${who} ${change.how} ${what} at ${time(change.at)}`;
}
