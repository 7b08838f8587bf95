/**
 * Desks for the room tests: whole cores (as the shells run them) on one shared demo
 * service, each in its own data folder, joined to one room with short lease and interval.
 */
import type { AssetSnapshot, EventChannel, FleetEvents, RoomStatus, SyncStatus } from '../../../src-main/contract';
import { createFleetDesk } from '../../../src-main/app/fleet-desk';
import type { FleetDeskCore } from '../../../src-main/core/ports';
import type { DemoService } from '../../../src-main/demo';
import { webPlatformHooks } from '../../../src-main/web/cli-options';
import { envFor, makeTempDir } from '../../soak/harness';

/** Short times for tests: the lease, and the refresh interval (the schedule's floor). */
export const LEASE_MS = 2000;
export const INTERVAL_SEC = 5;

export interface Desk {
  name: string;
  core: FleetDeskCore;
  events: Array<{ name: EventChannel; payload: unknown }>;
  room(): RoomStatus | undefined;
  /** The fetchedAt of the list the desk shows last (whole list or change). */
  shownAt(): string | null;
  stop(): Promise<void>;
}

/** `clockAheadMs`: how far this desk's clock runs ahead of the others' (desks' clocks differ). */
export async function startDesk(name: string, demo: DemoService, roomUrl: string, extraEnv: Record<string, string> = {}, o: { clockAheadMs?: number } = {}): Promise<Desk> {
  const { dir, remove } = await makeTempDir(`fleet-room-${name}-`);
  const env = { ...envFor(demo), FLEET_ROOM_URL: roomUrl, FLEET_ROOM_NAME: 'yard', DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent', ...extraEnv };
  const core = await createFleetDesk({
    userDataDir: dir,
    platform: webPlatformHooks('0.0.0-room'),
    env,
    ...(o.clockAheadMs ? { now: () => new Date(Date.now() + (o.clockAheadMs ?? 0)) } : {}),
    room: { leaseMs: LEASE_MS, refreshIntervalSec: INTERVAL_SEC, deskName: name, snapshotEveryMs: 60_000 },
  });
  const events: Desk['events'] = [];
  core.subscribe(<E extends EventChannel>(n: E, payload: FleetEvents[E]) => {
    events.push({ name: n, payload });
  });
  await core.start();
  let stopped = false;
  return {
    name,
    core,
    events,
    room: () => (events.filter((e) => e.name === 'status').at(-1)?.payload as SyncStatus | undefined)?.room,
    shownAt: () => {
      const last = events.filter((e) => e.name === 'assets' || e.name === 'assets:changed').at(-1);
      return last ? (last.payload as AssetSnapshot).fetchedAt : null;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await core.stop();
      await remove();
    },
  };
}

/** Requests for the whole asset list the demo service answered since its log was cleared. */
export function listRequests(demo: DemoService): number {
  return demo.controls.requests.filter((r) => r.path.endsWith('/branch/current/assets')).length;
}
