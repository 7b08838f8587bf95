/** The fleet interface (AEMP): equipment, listings, histories and the listing's progress. */

import type { AempVersion, HistoryMetric } from './schemas';

/** One machine of the fleet feed, normalised with explicit units. */
export interface Equipment {
  equipmentId: string | null;
  serialNumber: string | null;
  vin: string | null; // PIN in AEMP 2.0
  make: string | null;
  model: string | null;
  location: { lat: number; lng: number; altitudeM: number | null; at: string | null } | null;
  operatingHours: { hours: number; at: string | null } | null;
  idleHours: { hours: number; at: string | null } | null;
  distance: { metres: number; at: string | null } | null;
  fuelUsed: { litres: number; at: string | null } | null;
  fuelRemaining: { percent: number; at: string | null } | null;
  engineRunning: { running: boolean; at: string | null } | null;
  /** The asset-list asset this machine links to (one rule: contract/equipment-link.ts), set by the core; null when none. */
  linkedAssetId: string | null;
}

export interface ParseIssue {
  path: string;
  message: string;
}

export interface AempListing {
  version: AempVersion;
  snapshotTime: string | null;
  equipment: Equipment[];
  issues: ParseIssue[];
  pages: number;
  fetchedAt: string;
  source: 'network' | 'cache';
}

export interface HistoryPoint {
  at: string;
  /** Location: lat/lng; other metrics: value in hours, metres or percent. */
  value: number | null;
  lat?: number;
  lng?: number;
  /** Identifiers the record itself names (equipment id, serial number, PIN), when it names any. */
  identity?: string[];
}

export interface HistoryResult {
  identifier: string;
  metric: HistoryMetric;
  start: string;
  end: string;
  points: HistoryPoint[];
  issues: ParseIssue[];
  fetchedAt: string;
  source: 'network' | 'cache';
}

export interface AempProgress {
  version: AempVersion;
  page: number;
  lastPage: number | null;
  /** Machines read so far (repeats counted once). */
  equipment: number;
  /** Set while throttled: the service asked us to wait until this time. */
  waitingUntil: string | null;
  done: boolean;
}
