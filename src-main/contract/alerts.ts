/** Raised alerts, their counts and the desktop notifications built from them. */

import type { AlertRuleKind } from './schemas';

/** One raised alert, as logged in the profile's offline store. */
export interface AlertRecord {
  id: number;
  profileId: string;
  assetId: string;
  assetName: string;
  rule: AlertRuleKind;
  /** What was seen, as plain text for people, e.g. "Fuel 12 % (below 15 %)". */
  message: string;
  /** The value that raised it (fuel %, minutes silent, region code, reading …). */
  value: string | number | boolean | null;
  /** When the condition began, from the data (collectedOn) where known. */
  raisedAt: string;
  clearedAt: string | null;
  acknowledgedAt: string | null;
  /**
   * Who acknowledged it (the desk's dispatcher name); in a dispatch room the first desk to
   * acknowledge the condition, whichever desk shows it. Null or absent: unknown or not yet.
   */
  acknowledgedBy?: string | null;
  /** The note left with the acknowledgement; null or absent: none. */
  ackNote?: string | null;
}

export interface AlertCounts {
  profileId: string;
  total: number;
  unacknowledged: number;
}

export interface AlertList extends AlertCounts {
  /** Newest first. */
  alerts: AlertRecord[];
}

/**
 * One desktop notification, built once by the main side: plain one-line text, already
 * grouped, capped and cleaned. Electron and the web shell show it exactly as it is.
 */
export interface AlertNotification {
  title: string;
  body: string;
  /** Replaces an older notification with the same tag instead of stacking. */
  tag: string;
  /** The asset a click selects; null when it stands for several. */
  assetId: string | null;
  /** The rule of a group, for filtering the panel on a click (null for one alert). */
  rule: AlertRuleKind | null;
}

/** Alerts raised by one evaluation (one refresh), for notifications and the panel. */
export interface NewAlerts {
  profileId: string;
  alerts: AlertRecord[];
  /** What to show on the desktop for them; empty when the profile's alerts are quiet. */
  notifications: AlertNotification[];
}
