/**
 * The per-branch accounts of docs/room.md on a real room server: desks signed in as
 * their branch's user share the list; a user of another branch sees none of it.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import type { AssetSnapshot, RoomSettings } from '../../../src-main/contract';
import { normalizeAssetList } from '../../../src-main/core/assets/asset-schema';
import { DispatchRoom } from '../../../src-main/core/room/dispatch-room';
import { waitFor } from '../../soak/harness';
import { natsServerMissing, startNatsServer, type NatsServer } from '../../support/nats-server';

const BOUND_MS = 30_000;

/** One account per branch, as docs/room.md sets the server up: JetStream on, one user. */
function branchAccount(account: string, user: string, password: string): string {
  return `${account}: { jetstream: enabled, users: [ { user: ${user}, password: "${password}" } ] }`;
}

describe.skipIf(natsServerMissing)('per-branch users on the room server', () => {
  let nats: NatsServer;
  const rooms: DispatchRoom[] = [];

  beforeAll(async () => {
    nats = await startNatsServer({ config: `accounts {\n  ${branchAccount('NORTH', 'north-desks', 'north-pw')}\n  ${branchAccount('SOUTH', 'south-desks', 'south-pw')}\n}` });
  });
  afterEach(async () => {
    await Promise.all(rooms.splice(0).map((r) => r.stop()));
  });
  afterAll(async () => {
    await nats?.close();
  });

  function desk(name: string, settings: RoomSettings, secret: string) {
    const held: { list: AssetSnapshot | null } = { list: null };
    const room = new DispatchRoom({
      settings,
      secret,
      branch: 'b1',
      deskName: name,
      leaseMs: 1500,
      intervalMs: () => 1000,
      desk: { current: () => held.list, accept: (l) => (held.list = { profileId: 'b', ...l, source: 'network' }) },
    });
    room.start();
    rooms.push(room);
    return { room, held };
  }

  it('lets the branch’s desks share the list under their user', async () => {
    const north: RoomSettings = { url: nats.url, name: 'north', auth: 'user', user: 'north-desks', caFile: '' };
    const first = desk('first', north, 'north-pw');
    await waitFor(() => first.room.isPoller(), 'the first desk polling', BOUND_MS).catch((err: Error) => {
      throw new Error(`${err.message}; the server said: ${nats.log().split('\n').filter((l) => /Permissions|Violation|ERR/.test(l)).slice(0, 5).join(' | ')}`);
    });
    const second = desk('second', north, 'north-pw');
    await waitFor(() => second.room.status().state === 'following', 'the second desk following', BOUND_MS);
    const now = new Date();
    const { assets, skipped } = normalizeAssetList([{ assetId: 'thing:1', type: 'thing', name: 'Loader', urls: {}, metrics: null }], now);
    const list: AssetSnapshot = { profileId: 'b', assets, skipped, fetchedAt: now.toISOString(), source: 'network' };
    first.held.list = list;
    await first.room.published(list, null);
    await waitFor(() => second.held.list?.fetchedAt === list.fetchedAt, 'the follower holding the list', BOUND_MS);
    expect(first.room.status().problem).toBeNull();
  });

  it('keeps another branch’s user out of the list, and a wrong password out of the server', async () => {
    const north: RoomSettings = { url: nats.url, name: 'north', auth: 'user', user: 'north-desks', caFile: '' };
    const south = await connect({ servers: `127.0.0.1:${nats.port}`, user: 'south-desks', pass: 'south-pw' });
    const seen: string[] = [];
    south.subscribe('>', {
      callback: (_err, m) => {
        seen.push(m.subject);
      },
    });
    try {
      const first = desk('first', north, 'north-pw');
      await waitFor(() => first.room.isPoller(), 'the north desk polling', BOUND_MS);
      const now = new Date();
      const { assets, skipped } = normalizeAssetList([{ assetId: 'thing:2', type: 'thing', name: 'Crane', urls: {}, metrics: null }], now);
      await first.room.published({ profileId: 'b', assets, skipped, fetchedAt: now.toISOString(), source: 'network' }, null);
      await south.flush();
      expect(seen.filter((subject) => subject.includes('fleetdesk'))).toEqual([]);
      const jsm = await jetstreamManager(south);
      const streams: string[] = [];
      for await (const info of jsm.streams.list()) streams.push(info.config.name);
      expect(streams).toEqual([]);
    } finally {
      await south.close();
    }
    const wrong = desk('stranger', north, 'not-the-password');
    await waitFor(() => /refused the sign-in/.test(wrong.room.status().problem ?? ''), 'the wrong password refused', BOUND_MS);
    expect(wrong.room.shouldPoll()).toBe(true);
  });
});
