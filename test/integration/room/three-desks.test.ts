import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoService, type DemoService } from '../../../src-main/demo';
import { waitFor } from '../../soak/harness';
import { natsServerMissing, startNatsServer, type NatsServer } from '../../support/nats-server';
import { INTERVAL_SEC, LEASE_MS, listRequests, startDesk, type Desk } from './desks';

const BOUND_MS = 60_000;

describe.skipIf(natsServerMissing)('three desks in one room on a real room server', () => {
  let demo: DemoService;
  let nats: NatsServer;
  let desks: Desk[] = [];

  beforeAll(async () => {
    demo = await startDemoService({ seed: 11, assetCount: 30 });
    nats = await startNatsServer();
    desks = await Promise.all(['desk-a', 'desk-b', 'desk-c'].map((name) => startDesk(name, demo, nats.url)));
  });

  afterAll(async () => {
    await Promise.all(desks.map((d) => d.stop()));
    await nats?.close();
    await demo?.close();
  });

  const pollers = () => desks.filter((d) => d.room()?.state === 'polling');
  const followers = () => desks.filter((d) => d.room()?.state === 'following');

  it('elects one poller; the others follow it and show its lists', async () => {
    await waitFor(() => pollers().length === 1 && followers().length === desks.length - 1, 'one poller and two followers', BOUND_MS);
    const poller = pollers()[0];
    await waitFor(() => poller.room()?.desks === 3, 'the poller counting three desks', BOUND_MS);
    for (const f of followers()) expect(f.room()?.poller).toBe(poller.name);
    // A later list of the poller reaches every follower as its own list.
    const after = poller.shownAt();
    const next = await waitFor(() => (poller.shownAt() !== after ? poller.shownAt() : null), 'a new list on the poller', BOUND_MS);
    await waitFor(() => followers().every((f) => f.shownAt() !== null && f.shownAt()! >= next), 'the followers showing it', BOUND_MS);
  });

  it('asks the service for the list once per interval, not once per desk', async () => {
    demo.controls.clearRequests();
    const intervals = 3;
    await new Promise((r) => setTimeout(r, intervals * INTERVAL_SEC * 1000));
    // Three desks polling alone would make three requests an interval.
    expect(listRequests(demo)).toBeLessThanOrEqual(intervals + 1);
    expect(listRequests(demo)).toBeGreaterThanOrEqual(1);
  });

  it('a follower takes over when the poller’s desk closes', async () => {
    const poller = pollers()[0];
    await poller.stop();
    desks = desks.filter((d) => d !== poller);
    await waitFor(() => pollers().length === 1 && followers().length === 1, 'a new poller and one follower', LEASE_MS + INTERVAL_SEC * 1000 + BOUND_MS);
    const next = pollers()[0];
    const before = next.shownAt();
    const fresh = await waitFor(() => (next.shownAt() !== before ? next.shownAt() : null), 'a list from the new poller', BOUND_MS);
    await waitFor(() => followers()[0].shownAt()! >= fresh, 'the follower showing the new poller’s list', BOUND_MS);
  });

  it('polls alone while the room server is down, then joins again', async () => {
    await nats.kill();
    await waitFor(() => desks.every((d) => d.room()?.state === 'unreachable'), 'every desk polling alone', BOUND_MS);
    demo.controls.clearRequests();
    await waitFor(() => listRequests(demo) >= desks.length, 'each desk asking the service itself', BOUND_MS);
    await nats.start();
    await waitFor(() => pollers().length === 1 && followers().length === desks.length - 1, 'one poller again after the server came back', BOUND_MS);
  });
});
