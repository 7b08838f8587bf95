import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { AlertRecord } from '../../../src-main/contract';
import { startDemoService, type DemoService } from '../../../src-main/demo';
import { waitFor } from '../../soak/harness';
import { natsServerMissing, startNatsServer, type NatsServer } from '../../support/nats-server';
import { startDesk, type Desk } from './desks';

const BOUND_MS = 60_000;
const CLIENT_SECRET = 'room-acks-client-secret-4711';

async function alertsOf(desk: Desk): Promise<AlertRecord[]> {
  return (await desk.core.handlers['alerts:list']({ unacknowledgedOnly: false, rule: null })).alerts;
}

const conditionOf = (a: AlertRecord): string => JSON.stringify([a.assetId, a.rule, a.raisedAt, a.message]);

/** The same condition as shown on another desk (each desk numbers its alerts itself). */
async function sameOn(desk: Desk, alert: AlertRecord): Promise<AlertRecord | undefined> {
  return (await alertsOf(desk)).find((a) => a.assetId === alert.assetId && a.rule === alert.rule && a.raisedAt === alert.raisedAt);
}

describe.skipIf(natsServerMissing)('acknowledgements shared by two desks on a real room server', () => {
  let demo: DemoService;
  let nats: NatsServer;
  let a: Desk;
  let b: Desk;
  /** Alerts both desks show, unacknowledged at the start. */
  let common: AlertRecord[] = [];

  beforeAll(async () => {
    demo = await startDemoService({ seed: 11, assetCount: 30 });
    nats = await startNatsServer();
    [a, b] = await Promise.all(['Ana', 'Ben'].map((name) => startDesk(name, demo, nats.url, { FLEET_CLIENT_SECRET: CLIENT_SECRET })));
    const inRoom = (d: Desk) => d.room()?.state === 'polling' || d.room()?.state === 'following';
    await waitFor(() => inRoom(a) && inRoom(b) && a.room()?.state !== b.room()?.state, 'one poller and one follower', BOUND_MS);
    // Alerts both desks raise from the same readings, whatever the day of the week (the demo's
    // machines rest at weekends): low fuel under 99 %, dated by the fuel reading the room shares.
    for (const desk of [a, b]) {
      const rules = await desk.core.handlers['alerts:rules']();
      await desk.core.handlers['alerts:setRules']({ ...rules, lowFuel: { ...rules.lowFuel, enabled: true, belowPercent: 99 } });
    }
    common = await waitFor(
      async () => {
        const mine = await alertsOf(a);
        const theirs = new Set((await alertsOf(b)).map(conditionOf));
        const both = mine.filter((x) => x.acknowledgedAt === null && theirs.has(conditionOf(x)));
        return both.length >= 2 ? both : null;
      },
      'two alerts raised on both desks',
      BOUND_MS,
    );
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await nats?.close();
    await demo?.close();
  });

  it('two desks acknowledging one alert at once: one wins, and both show who and the winner’s note', async () => {
    const onA = common[0]!;
    const onB = (await sameOn(b, onA))!;
    await Promise.all([
      a.core.handlers['alerts:acknowledgeWithNote']({ id: onA.id, note: 'called the customer' }),
      b.core.handlers['alerts:acknowledgeWithNote']({ id: onB.id, note: 'sent a fitter' }),
    ]);
    const [shownA, shownB] = await waitFor(
      async () => {
        const x = await sameOn(a, onA);
        const y = await sameOn(b, onA);
        return x && y && x.acknowledgedBy === y.acknowledgedBy && x.ackNote === y.ackNote && x.acknowledgedAt === y.acknowledgedAt ? [x, y] : null;
      },
      'both desks agreeing on who acknowledged',
      BOUND_MS,
    );
    expect(['Ana', 'Ben']).toContain(shownA.acknowledgedBy);
    expect(shownA.ackNote).toBe(shownA.acknowledgedBy === 'Ana' ? 'called the customer' : 'sent a fitter');
    expect(shownB.acknowledgedBy).toBe(shownA.acknowledgedBy);
  });

  it('an acknowledgement made while the room server is down is shown on the other desk once it is back', async () => {
    const onA = common[1]!;
    await nats.kill();
    await waitFor(() => a.room()?.state === 'unreachable' && b.room()?.state === 'unreachable', 'both desks alone', BOUND_MS);
    await a.core.handlers['alerts:acknowledgeWithNote']({ id: onA.id, note: 'driver on site' });
    expect((await sameOn(b, onA))?.acknowledgedAt).toBeNull();
    await nats.start();
    const seen = await waitFor(async () => {
      const y = await sameOn(b, onA);
      return y?.acknowledgedBy === 'Ana' ? y : null;
    }, 'the other desk showing the acknowledgement', BOUND_MS);
    expect(seen.ackNote).toBe('driver on site');
  });

  it('the acknowledgement bucket holds who and the note, never the service token or the client secret', async () => {
    let spy: NatsConnection | null = null;
    try {
      spy = await connect({ servers: `127.0.0.1:${nats.port}` });
      const jsm = await jetstreamManager(spy);
      const stored: string[] = [];
      for await (const info of jsm.streams.list()) {
        if (!info.config.name.endsWith('_acks')) continue;
        for (let seq = info.state.first_seq; seq > 0 && seq <= info.state.last_seq; seq++) {
          const m = await jsm.streams.getMessage(info.config.name, { seq }).catch(() => null);
          if (m) stored.push(`${m.subject}\n${m.header?.toString() ?? ''}\n${Buffer.from(m.data).toString('utf8')}`);
        }
      }
      // The check can see what it looks for: the acknowledgements are there.
      expect(stored.some((t) => t.includes('driver on site'))).toBe(true);
      for (const secret of [demo.demoToken, CLIENT_SECRET]) expect(stored.filter((t) => t.includes(secret))).toEqual([]);
    } finally {
      await spy?.close();
    }
  });
});
