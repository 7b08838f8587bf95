/**
 * The room layer alone (core/room/dispatch-room.ts) on a real room server, around desks
 * that keep their list in memory: the poller's lists are made here, so each test says
 * exactly what was published and what a follower must show.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { Asset, AssetSnapshot, RoomStatus, SkippedAsset } from '../../../src-main/contract';
import { normalizeAssetList } from '../../../src-main/core/assets/asset-schema';
import { smallChange } from '../../../src-main/core/handlers/assets';
import { DispatchRoom } from '../../../src-main/core/room/dispatch-room';
import { roomNames } from '../../../src-main/core/room/names';
import { encodeChange } from '../../../src-main/core/room/wire';
import { waitFor } from '../../soak/harness';
import { natsServerMissing, startNatsServer, type NatsServer } from '../../support/nats-server';

const LEASE_MS = 1500;
const INTERVAL_MS = 1000;
const BOUND_MS = 30_000;

interface MemoryDesk {
  name: string;
  room: DispatchRoom;
  list: AssetSnapshot | null;
  statuses: RoomStatus[];
}

function serviceAsset(n: number, fuel: number): Record<string, unknown> {
  return {
    assetId: `thing:${n}`,
    type: 'thing',
    name: `Loader ${n}`,
    serialNumber: `SN-${n}`,
    category: 'loader',
    urls: { mapEmbed: `https://fleet.example/embed/auth?focus=thing:${n}` },
    // A new reading is a new report: its time moves with the value.
    metrics: { fuel: { value: fuel, meta: { collectedOn: new Date(Date.parse('2026-01-01T00:00:00Z') + fuel * 1000).toISOString(), source: 'probe', other: {} } } },
  };
}

let clock = Date.parse('2026-01-02T00:00:00Z');
function listOf(fuels: number[]): AssetSnapshot {
  clock += 1000;
  const { assets, skipped } = normalizeAssetList(fuels.map((f, i) => serviceAsset(i + 1, f)), new Date(clock));
  return { profileId: 'branch', assets, skipped, fetchedAt: new Date(clock).toISOString(), source: 'network' };
}

describe.skipIf(natsServerMissing)('the room layer on a real room server', () => {
  let nats: NatsServer;
  let desks: MemoryDesk[] = [];
  let branch = 0;

  beforeAll(async () => {
    nats = await startNatsServer();
  });
  afterEach(async () => {
    await Promise.all(desks.map((d) => d.room.stop()));
    desks = [];
  });
  afterAll(async () => {
    await nats?.close();
  });

  function join(name: string, branchName: string): MemoryDesk {
    const desk: MemoryDesk = { name, list: null, statuses: [], room: undefined as unknown as DispatchRoom };
    desk.room = new DispatchRoom({
      settings: { url: nats.url, name: 'yard', auth: 'none', user: '', caFile: '' },
      secret: null,
      branch: branchName,
      deskName: name,
      leaseMs: LEASE_MS,
      intervalMs: () => INTERVAL_MS,
      snapshotEveryMs: 60_000,
      desk: {
        current: () => desk.list,
        accept: (l: { assets: Asset[]; skipped: SkippedAsset[]; fetchedAt: string }) => {
          desk.list = { profileId: 'branch', ...l, source: 'network' };
        },
      },
      onStatus: (s) => desk.statuses.push(s),
    });
    desk.room.start();
    desks.push(desk);
    return desk;
  }

  /** What a poller's refresh does after the fetch: keep the list, publish its change. */
  async function pollerRefresh(desk: MemoryDesk, next: AssetSnapshot): Promise<void> {
    const change = desk.list ? smallChange(desk.list, next) : null;
    desk.list = next;
    await desk.room.published(next, change);
  }

  async function pollerAndFollower(): Promise<{ poller: MemoryDesk; follower: MemoryDesk; b: string }> {
    const b = `branch-${++branch}`;
    const first = join('first', b);
    await waitFor(() => first.room.isPoller(), 'the first desk polling', BOUND_MS);
    const second = join('second', b);
    await waitFor(() => second.room.status().state === 'following' || second.room.status().state === 'quiet', 'the second desk following', BOUND_MS);
    return { poller: first, follower: second, b };
  }

  it('a late joiner reads the full list, then applies each change as it comes', async () => {
    const { poller, follower } = await pollerAndFollower();
    await pollerRefresh(poller, listOf([10, 20, 30, 40, 50, 60, 70, 80, 90, 95]));
    await waitFor(() => follower.list?.fetchedAt === poller.list?.fetchedAt, 'the follower holding the full list', BOUND_MS);
    const changed = listOf([11, 20, 30, 40, 50, 60, 70, 80, 90, 95]);
    await pollerRefresh(poller, changed);
    await waitFor(() => follower.list?.fetchedAt === changed.fetchedAt, 'the follower holding the change', BOUND_MS);
    expect(follower.list!.assets.map((a) => a.metrics?.fuel?.value)).toEqual([11, 20, 30, 40, 50, 60, 70, 80, 90, 95]);
    expect(follower.room.shouldPoll()).toBe(false);
  });

  it('a follower takes over within the lease plus one interval when the poller dies without a word', async () => {
    const { poller, follower } = await pollerAndFollower();
    await pollerRefresh(poller, listOf([1, 2, 3]));
    // Its connection gone without handing the lease back: the lease runs out on the server.
    await poller.room.connection()!.close();
    await waitFor(() => follower.room.isPoller(), 'the follower polling', LEASE_MS + INTERVAL_MS + BOUND_MS);
  });

  it('refuses what a hostile desk puts on the bus and keeps the last good list', async () => {
    const { poller, follower, b } = await pollerAndFollower();
    const good = listOf([10, 20, 30, 40, 50, 60, 70, 80, 90, 95]);
    await pollerRefresh(poller, good);
    await waitFor(() => follower.list?.fetchedAt === good.fetchedAt, 'the follower holding the good list', BOUND_MS);
    const hostile: NatsConnection = await connect({ servers: `127.0.0.1:${nats.port}` });
    const subject = roomNames('yard', b).changes;
    const problems = () => follower.statuses.map((s) => s.problem).filter(Boolean).join(' | ');
    try {
      hostile.publish(subject, 'x'.repeat(800 * 1024));
      await waitFor(() => /larger than/.test(problems()), 'the oversize message refused', BOUND_MS);
      hostile.publish(subject, '{"v":1,"kind":"change"');
      await waitFor(() => /not JSON/.test(problems()), 'the broken message refused', BOUND_MS);
      const future = { ...good, fetchedAt: '2099-01-01T00:00:00.000Z' };
      hostile.publish(subject, encodeChange({ ...smallChange(good, future)!, baseFetchedAt: good.fetchedAt }, 'mallory'));
      await waitFor(() => /future/.test(problems()), 'the list from the future refused', BOUND_MS);
      // A change whose asset fails the service list's checks: that asset is skipped, the rest applied.
      const next = listOf([10, 20, 30, 40, 50, 60, 70, 80, 90, 99]);
      const change = smallChange(good, next)!;
      const text = encodeChange(change, 'mallory').replace('"type":"thing"', '"type":"spaceship"');
      hostile.publish(subject, text);
      await waitFor(() => follower.list?.fetchedAt === next.fetchedAt, 'the checked change applied', BOUND_MS);
      expect(follower.list!.skipped.some((s) => s.assetId === 'thing:10')).toBe(true);
      // The bad version never replaced the good one.
      expect(follower.list!.assets.find((a) => a.assetId === 'thing:10')?.metrics?.fuel?.value).toBe(95);
      expect(follower.list!.assets).toHaveLength(10);
    } finally {
      await hostile.close();
    }
  });

  it('reads the full list again after a gap in the changes', async () => {
    const { poller, follower } = await pollerAndFollower();
    await pollerRefresh(poller, listOf([10, 20, 30, 40, 50, 60, 70, 80, 90, 95]));
    await waitFor(() => follower.list?.fetchedAt === poller.list?.fetchedAt, 'the follower holding the full list', BOUND_MS);
    // The poller's list moves on twice, but only the second change is sent: the follower misses one.
    const missed = listOf([12, 20, 30, 40, 50, 60, 70, 80, 90, 95]);
    poller.list = missed;
    const latest = listOf([12, 22, 30, 40, 50, 60, 70, 80, 90, 95]);
    await pollerRefresh(poller, latest);
    // The follower asks for the full list; the poller writes it with its next refresh.
    const final = await waitFor(
      async () => {
        await new Promise((r) => setTimeout(r, 300));
        await pollerRefresh(poller, listOf([12, 22, 30, 40, 50, 60, 70, 80, 90, 95]));
        return follower.list?.fetchedAt === poller.list?.fetchedAt ? follower.list : null;
      },
      'the follower catching up through the full list',
      BOUND_MS,
    );
    expect(final.assets.map((a) => a.metrics?.fuel?.value)).toEqual([12, 22, 30, 40, 50, 60, 70, 80, 90, 95]);
  });
});
