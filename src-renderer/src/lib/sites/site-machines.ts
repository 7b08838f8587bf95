/**
 * The machines on a site as its page shows them: grouped by category, then by state
 * (moving, running, parked, stale), with how long each has been there and whether it sat
 * idle. Presence (which site, since when) is the core's; this only arranges it. Pure.
 */
import { isStale, type AssetRow, type SitePresence } from '@contract';
import { isMoving } from '../list/assetIndex';
import { formatDateTime, formatSpan } from '../format/time';

export type SiteMachineState = 'moving' | 'running' | 'parked' | 'stale';
export const SITE_MACHINE_STATES: readonly SiteMachineState[] = ['moving', 'running', 'parked', 'stale'];
export const SITE_MACHINE_STATE_LABELS: Record<SiteMachineState, string> = {
  moving: 'Moving',
  running: 'Running',
  parked: 'Parked',
  stale: 'Stale',
};

/** How long a machine must sit with the ignition off and no engine change to count as idle. */
export const IDLE_AFTER_MS = 24 * 60 * 60 * 1000;

/** No recent report first; then moving; then the engine on; anything else is parked. */
export function machineState(row: AssetRow, now: number, staleAfterMin: number): SiteMachineState {
  if (isStale(row.updatedAt, now, staleAfterMin)) return 'stale';
  if (isMoving(row)) return 'moving';
  if (row.ignition === true) return 'running';
  return 'parked';
}

/**
 * Sat idle: the ignition is off and the engine-runtime reading is at least a day old (the
 * row's `engineAt`). Without an engine reading nothing can be said, so it is not idle.
 */
export function isIdle(row: AssetRow, now: number): boolean {
  return row.ignition === false && row.engineAt !== null && now - row.engineAt >= IDLE_AFTER_MS;
}

/** "3 h (since …)", or "at least 3 h (first seen here …)" when Fleet Desk did not see it arrive; null when unknown. */
export function sinceText(presence: SitePresence | undefined, now: number): string | null {
  if (!presence || presence.since === null) return null;
  const span = formatSpan(Math.max(0, now - presence.since));
  const when = formatDateTime(presence.since);
  return presence.sinceAtLeast ? `at least ${span} (first seen here ${when})` : `${span} (since ${when})`;
}

export interface SiteMachine {
  row: AssetRow;
  state: SiteMachineState;
  idle: boolean;
  since: string | null;
}

export interface MachineGroup {
  category: string;
  states: { state: SiteMachineState; machines: SiteMachine[] }[];
  count: number;
}

/** The machines on `siteId`, by category (A–Z, "No category" last), each by state, each by name. */
export function machinesOnSite(siteId: string, presence: Record<string, SitePresence>, byId: ReadonlyMap<string, AssetRow>, now: number, staleAfterMin: number): MachineGroup[] {
  const groups = new Map<string, Map<SiteMachineState, SiteMachine[]>>();
  for (const [assetId, entry] of Object.entries(presence)) {
    if (entry.siteId !== siteId) continue;
    const row = byId.get(assetId);
    if (!row) continue;
    const category = row.category?.trim() || NO_CATEGORY;
    const state = machineState(row, now, staleAfterMin);
    let byState = groups.get(category);
    if (!byState) groups.set(category, (byState = new Map()));
    const list = byState.get(state) ?? [];
    list.push({ row, state, idle: isIdle(row, now), since: sinceText(entry, now) });
    byState.set(state, list);
  }
  const byName = (a: SiteMachine, b: SiteMachine) => a.row.name.localeCompare(b.row.name, 'en') || a.row.assetId.localeCompare(b.row.assetId);
  return [...groups.entries()]
    .sort(([a], [b]) => (a === NO_CATEGORY ? 1 : b === NO_CATEGORY ? -1 : a.localeCompare(b, 'en')))
    .map(([category, byState]) => {
      const states = SITE_MACHINE_STATES.filter((s) => byState.has(s)).map((state) => ({ state, machines: byState.get(state)!.sort(byName) }));
      return { category, states, count: states.reduce((n, s) => n + s.machines.length, 0) };
    });
}

export const NO_CATEGORY = 'No category';
