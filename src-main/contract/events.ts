/**
 * The events the main side pushes (`FleetEvents`), their channel table, and the bridge the
 * renderer sees in both shells.
 */

import type { AempProgress } from './aemp';
import type { AlertCounts, NewAlerts } from './alerts';
import type { AssetRowChange, AssetRowSnapshot } from './assets';
import type { BaseMap } from './base-map';
import type { InvokeArgs, InvokeChannel, InvokeResult } from './calls';
import type { Result } from './errors';
import type { ProfilesState, SignInState } from './profiles';
import type { Settings } from './schemas';
import type { SitesChange } from './sites';
import type { RoomSharedChange, SyncStatus } from './status';
import type { NotesState } from './notes';
import type { UtilizationProgress } from './utilization';

export interface FleetEvents {
  status: SyncStatus;
  /** The whole list as rows (a cold start, a profile switch, a large change). */
  assets: AssetRowSnapshot;
  /** A small change to the last announced rows (see AssetRowChange). */
  'assets:changed': AssetRowChange;
  'auth:state': SignInState;
  'profiles:changed': ProfilesState;
  'aemp:progress': AempProgress;
  /** Settings after any change, so every open view follows (units, tiles). */
  settings: Settings;
  /** The base map after a change of tile settings or of the active profile. */
  'map:base': BaseMap;
  /** Electron: the embed view reported its session expired (the renderer renews). */
  'embed:expired': { sessionId: string };
  /** From the application menu (Electron) or shortcuts. */
  'menu:command': { command: MenuCommand };
  /** Alerts raised by the last evaluation (never sent for an empty list). */
  'alerts:new': NewAlerts;
  /** Counts after any change (new, cleared, acknowledged, profile switch). */
  'alerts:counts': AlertCounts;
  /** Electron: a desktop notification was clicked; the renderer selects the asset (null: just show alerts). */
  'alerts:focus': { assetId: string | null };
  /**
   * Web shell: whether the page must be reloaded to open the active profile's embed maps
   * (its page policy, fixed at load, lacks their site after a profile switch or edit).
   */
  'page:reload-needed': { needed: boolean };
  /** Sites or machines' presence on them changed (a refresh, an edit, an import, a profile switch). */
  'sites:changed': SitesChange;
  /** The background history fetch moved on. */
  'utilization:progress': UtilizationProgress;
  /** A note on a machine was written or removed (on this desk, or another desk of the room). */
  'notes:changed': NotesState;
  /** Another desk of the room changed shared rules or sites, or this desk's change replaced one of theirs. */
  'room:shared': RoomSharedChange;
}

export type MenuCommand =
  | 'refresh'
  | 'focus-search'
  | 'open-branch-map'
  | 'open-selection-map'
  | 'open-settings'
  /** The connection panel: profiles (branches) and sign-in. */
  | 'open-connection'
  | 'show-aemp'
  | 'show-assets'
  /** The Utilization view: hours per machine per day, the idle machines. */
  | 'show-utilization'
  /** The export choices (asset CSV, positions and trails GeoJSON). */
  | 'export'
  /** The sites pane: the branch's sites, drawing, import and export. */
  | 'show-sites';

export type EventChannel = keyof FleetEvents;

export type EventSink = <E extends EventChannel>(name: E, payload: FleetEvents[E]) => void;

/** What the renderer sees as `window.fleetDesk`, identical in both shells. */
export interface Bridge {
  invoke<C extends InvokeChannel>(channel: C, ...args: InvokeArgs<C>): Promise<Result<InvokeResult<C>>>;
  on<E extends EventChannel>(name: E, listener: (payload: FleetEvents[E]) => void): () => void;
}

export const EVENT_CHANNELS = [
  'status',
  'assets',
  'assets:changed',
  'auth:state',
  'profiles:changed',
  'aemp:progress',
  'settings',
  'map:base',
  'embed:expired',
  'menu:command',
  'alerts:new',
  'alerts:counts',
  'alerts:focus',
  'page:reload-needed',
  'sites:changed',
  'utilization:progress',
  'notes:changed',
  'room:shared',
] as const satisfies readonly EventChannel[];

/** Events that change the asset list: a page that missed one must ask for the list again. */
export const LIST_EVENTS = ['assets', 'assets:changed'] as const satisfies readonly EventChannel[];

/**
 * The web shell's way to tell a page that it missed list events: every answer carries
 * how many list events the shell had sent when it answered (this header), and a new event
 * socket's first message says how many it had sent when the socket joined
 * (`{ name: SOCKET_HELLO, payload: { listEvents } }`). A list answered with fewer was made
 * before events that went out before the socket joined, so no page saw them.
 */
export const LIST_EVENTS_HEADER = 'x-fleet-list-events';
export const SOCKET_HELLO = 'socket:hello';

// Compile-time check that the event table lists every event.
type Missing<All, Listed> = Exclude<All, Listed>;
export const _allEventsListed: [Missing<EventChannel, (typeof EVENT_CHANNELS)[number]>] extends [never] ? true : never = true;
