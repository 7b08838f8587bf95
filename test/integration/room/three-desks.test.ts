import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { startDemoService, type DemoService } from '../../../src-main/demo';
import { waitFor } from '../../soak/harness';
import { natsServerMissing, startNatsServer, type NatsServer } from '../../support/nats-server';
import { INTERVAL_SEC, LEASE_MS, listRequests, startDesk, type Desk } from './desks';

const BOUND_MS = 60_000;
const CLIENT_SECRET = 'room-test-client-secret-4711';

/** Every message's subject, headers and payload as text. */
function asText(subject: string, data: Uint8Array, headers?: { toString(): string }): string {
  return `${subject}\n${headers?.toString() ?? ''}\n${Buffer.from(data).toString('utf8')}`;
}

describe.skipIf(natsServerMissing)('three desks in one room on a real room server', () => {
  let demo: DemoService;
  let nats: NatsServer;
  let desks: Desk[] = [];
  /** Everything published on the server, seen by a desk-less client subscribed to `>`. */
  let spy: NatsConnection;
  const seen: string[] = [];

  beforeAll(async () => {
    demo = await startDemoService({ seed: 11, assetCount: 30 });
    nats = await startNatsServer();
    spy = await connect({ servers: `127.0.0.1:${nats.port}` });
    spy.subscribe('>', {
      callback: (_err, m) => {
        seen.push(asText(m.subject, m.data, m.headers));
      },
    });
    desks = await Promise.all(['desk-a', 'desk-b', 'desk-c'].map((name) => startDesk(name, demo, nats.url, { FLEET_CLIENT_SECRET: CLIENT_SECRET })));
  });

  afterAll(async () => {
    await spy?.close();
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

  it('never puts the service token or the client secret on the bus, nor in any stream or bucket', async () => {
    // The shared kinds' buckets hold something too: a note and an acknowledgement.
    await desks[0].core.handlers['notes:set']({ assetId: 'thing:1', text: 'Scan note on the bus' });
    await waitFor(async () => (await desks[1].core.handlers['notes:get']()).notes.some((n) => n.text === 'Scan note on the bus'), 'the note on another desk', BOUND_MS);
    const open = (await desks[0].core.handlers['alerts:list']({ unacknowledgedOnly: true, rule: null })).alerts[0];
    if (open) await desks[0].core.handlers['alerts:acknowledgeWithNote']({ id: open.id, note: 'Scan ack note' });
    const stored: string[] = [];
    const jsm = await jetstreamManager(spy);
    for await (const info of jsm.streams.list()) {
      for (let seq = info.state.first_seq; seq > 0 && seq <= info.state.last_seq; seq++) {
        const m = await jsm.streams.getMessage(info.config.name, { seq }).catch(() => null);
        if (m) stored.push(asText(m.subject, m.data, m.header));
      }
    }
    // The check can see what it looks for: the list itself is on the bus and in the streams.
    expect(seen.some((t) => t.includes('"assetId":"thing:'))).toBe(true);
    expect(stored.some((t) => t.includes('"assetId":"thing:'))).toBe(true);
    expect(stored.some((t) => t.includes('Scan note on the bus'))).toBe(true);
    if (open) await waitFor(() => seen.some((t) => t.includes('Scan ack note')), 'the acknowledgement on the bus', BOUND_MS);
    for (const secret of [demo.demoToken, CLIENT_SECRET]) {
      expect(seen.filter((t) => t.includes(secret))).toEqual([]);
      expect(stored.filter((t) => t.includes(secret))).toEqual([]);
    }
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
