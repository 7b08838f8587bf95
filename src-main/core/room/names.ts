/**
 * Every name a branch uses on the room server, made in one place. Subjects are
 * `fleetdesk.<room>.<branch>.…`; streams and buckets (whose names allow no dots) are
 * `fleetdesk_<room>_<branch>_<kind>`. The branch is the service address the desks poll
 * (hashed: the same address on every desk, whatever each desk called its profile), so
 * two branches in one room never read each other's lists. Parts are reduced to letters,
 * digits and dashes: nothing a desk types can add a subject token or a wildcard.
 */
import { createHash } from 'node:crypto';

export interface RoomNames {
  /** `fleetdesk.<room>.<branch>`: the branch's subject prefix. */
  readonly prefix: string;
  /** The subject each refresh's change is published on. */
  readonly changes: string;
  /** The stream holding the changes. */
  readonly changeStream: string;
  /** Subjects of the latest full list (one message kept per subject). */
  readonly snapshotHead: string;
  snapshotPart(index: number): string;
  readonly snapshotStream: string;
  /** Where a follower asks the poller for a fresh full list (plain subject, not stored). */
  readonly snapshotWanted: string;
  /** The key-value bucket of one shared kind for this branch (`lease`, `desks`, …). */
  bucket(kind: string): string;
}

/** Letters, digits and dashes only; anything else becomes `-`. */
export function namePart(text: string): string {
  const part = text.replace(/[^A-Za-z0-9-]/g, '-').slice(0, 40);
  return part === '' ? '-' : part;
}

/** The branch a profile's desks share: the demo's own list, or the service's address. */
export function branchOf(connection: { demo: boolean; baseUrl: string }): string {
  if (connection.demo) return 'demo';
  return `b${createHash('sha256').update(connection.baseUrl).digest('hex').slice(0, 16)}`;
}

export function roomNames(room: string, branch: string): RoomNames {
  const r = namePart(room);
  const b = namePart(branch);
  const prefix = `fleetdesk.${r}.${b}`;
  const bucket = (kind: string) => `fleetdesk_${r}_${b}_${namePart(kind)}`;
  return {
    prefix,
    changes: `${prefix}.changes`,
    changeStream: bucket('changes'),
    snapshotHead: `${prefix}.snapshot.head`,
    snapshotPart: (index) => `${prefix}.snapshot.part.${Math.trunc(index)}`,
    snapshotStream: bucket('snapshot'),
    snapshotWanted: `${prefix}.snapshot-wanted`,
    bucket,
  };
}
