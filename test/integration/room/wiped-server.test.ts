/**
 * A room server that comes back with an empty store (a container restarted without its
 * volume): the desks make the branch's streams and buckets again, elect a poller, and
 * the followers show its lists again.
 */
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoService, type DemoService } from '../../../src-main/demo';
import { waitFor } from '../../soak/harness';
import { natsServerMissing, startNatsServer, type NatsServer } from '../../support/nats-server';
import { startDesk, type Desk } from './desks';

const BOUND_MS = 60_000;

describe.skipIf(natsServerMissing)('a room server whose store was wiped', () => {
  let demo: DemoService;
  let nats: NatsServer;
  let desks: Desk[] = [];

  beforeAll(async () => {
    demo = await startDemoService({ seed: 11, assetCount: 30 });
    nats = await startNatsServer();
    desks = await Promise.all(['desk-a', 'desk-b'].map((name) => startDesk(name, demo, nats.url)));
  });

  afterAll(async () => {
    await Promise.all(desks.map((d) => d.stop()));
    await nats?.close();
    await demo?.close();
  });

  const pollers = () => desks.filter((d) => d.room()?.state === 'polling');
  const followers = () => desks.filter((d) => d.room()?.state === 'following');

  it('is set up again by the desks: one poller, and the follower shows its new lists', async () => {
    await waitFor(() => pollers().length === 1 && followers().length === 1, 'one poller and one follower', BOUND_MS);
    await nats.kill();
    await waitFor(() => desks.every((d) => d.room()?.state === 'unreachable'), 'both desks alone', BOUND_MS);
    await rm(nats.storeDir, { recursive: true, force: true });
    await nats.start();
    await waitFor(() => pollers().length === 1 && followers().length === 1, 'one poller and one follower again', BOUND_MS).catch((err: unknown) => {
      throw new Error(`${String(err)}: ${JSON.stringify(desks.map((d) => d.room()))}`);
    });
    const poller = pollers()[0];
    const follower = followers()[0];
    const after = poller.shownAt();
    const next = await waitFor(() => (poller.shownAt() !== after ? poller.shownAt() : null), 'a new list on the poller', BOUND_MS);
    await waitFor(() => follower.shownAt() !== null && follower.shownAt()! >= next, 'the follower showing it', BOUND_MS);
    expect(follower.room()?.problem ?? null).toBeNull();
  }, 180_000);
});
