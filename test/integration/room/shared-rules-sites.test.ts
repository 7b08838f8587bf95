import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import type { AlertRules, RoomSharedChange, Site, SiteInput } from '../../../src-main/contract';
import { startDemoService, type DemoService } from '../../../src-main/demo';
import { waitFor } from '../../soak/harness';
import { natsServerMissing, startNatsServer, type NatsServer } from '../../support/nats-server';
import { startDesk, type Desk } from './desks';

const BOUND_MS = 60_000;

/** The 'room:shared' events a desk received after `since` (an index into its events). */
function sharedSince(desk: Desk, since: number): RoomSharedChange[] {
  return desk.events.slice(since).flatMap((e) => (e.name === 'room:shared' ? [e.payload as RoomSharedChange] : []));
}

function told(desk: Desk, since: number, want: Partial<RoomSharedChange> & { name: string }): RoomSharedChange | undefined {
  const { name, ...rest } = want;
  return sharedSince(desk, since).find((c) => c.names.includes(name) && Object.entries(rest).every(([k, v]) => c[k as keyof RoomSharedChange] === v));
}

async function rulesOn(desk: Desk): Promise<AlertRules> {
  return desk.core.handlers['alerts:rules']();
}

async function setLowFuel(desk: Desk, belowPercent: number, more: Partial<AlertRules> = {}): Promise<AlertRules> {
  const rules = await rulesOn(desk);
  return desk.core.handlers['alerts:setRules']({ ...rules, ...more, lowFuel: { ...rules.lowFuel, belowPercent } });
}

async function siteOn(desk: Desk, id: string): Promise<Site | undefined> {
  return (await desk.core.handlers['sites:get']()).sites.find((s) => s.id === id);
}

/** The machines a desk places on a site. */
async function machinesOn(desk: Desk, siteId: string): Promise<string[]> {
  const { presence } = await desk.core.handlers['sites:get']();
  return Object.entries(presence)
    .filter(([, p]) => p.siteId === siteId)
    .map(([assetId]) => assetId)
    .sort();
}

/**
 * A circle around a machine, so the new site is the one it is placed on: a wide one around
 * a machine on no site yet, else a tight one (smaller than any seeded site) around a parked one.
 */
async function circleAroundAMachine(desk: Desk, name: string): Promise<SiteInput> {
  const [list, { presence }] = await Promise.all([desk.core.handlers['assets:get'](), desk.core.handlers['sites:get']()]);
  const placed = (list?.assets ?? []).filter((a) => a.lat !== null && a.lng !== null && presence[a.assetId]);
  const offSite = placed.filter((a) => presence[a.assetId]?.siteId === null);
  const machine = offSite.find((a) => a.inMotion !== true) ?? offSite[0] ?? placed.find((a) => a.inMotion !== true);
  if (!machine || machine.lat === null || machine.lng === null) throw new Error('the demo has no machine to draw a site around');
  const radiusM = offSite.includes(machine) ? 1000 : 20;
  return { name, kind: 'job', notes: '', shape: { type: 'circle', center: [machine.lng, machine.lat], radiusM } };
}

/** A small square, away from the demo's machines, for sites whose placing does not matter. */
function square(name: string, lng: number): SiteInput {
  const lat = 10;
  const d = 0.001;
  return {
    name,
    kind: 'other',
    notes: '',
    shape: { type: 'polygon', rings: [[[lng, lat], [lng + d, lat], [lng + d, lat + d], [lng, lat + d], [lng, lat]]] },
  };
}

/** Every message each stream of the room server holds, as text, by stream name. */
async function roomStreams(port: number): Promise<Map<string, string[]>> {
  const spy = await connect({ servers: `127.0.0.1:${port}` });
  try {
    const jsm = await jetstreamManager(spy);
    const stored = new Map<string, string[]>();
    for await (const info of jsm.streams.list()) {
      const texts: string[] = [];
      for (let seq = info.state.first_seq; seq > 0 && seq <= info.state.last_seq; seq++) {
        const m = await jsm.streams.getMessage(info.config.name, { seq }).catch(() => null);
        if (m) texts.push(`${m.subject}\n${m.header?.toString() ?? ''}\n${Buffer.from(m.data).toString('utf8')}`);
      }
      stored.set(info.config.name, texts);
    }
    return stored;
  } finally {
    await spy.close();
  }
}

/** What the bucket of one shared kind holds, as text. */
function bucketText(streams: Map<string, string[]>, kind: string): string[] {
  return [...streams.entries()].filter(([name]) => name.startsWith('KV_') && name.endsWith(`_${kind}`)).flatMap(([, texts]) => texts);
}

describe.skipIf(natsServerMissing)('alert rules and sites shared by two desks on a real room server', () => {
  let demo: DemoService;
  let nats: NatsServer;
  let a: Desk;
  let b: Desk;
  const inRoom = (d: Desk) => d.room()?.state === 'polling' || d.room()?.state === 'following';
  const bothInRoom = () => waitFor(() => inRoom(a) && inRoom(b), 'both desks in the room', BOUND_MS);
  const roomHolds = async (kind: string, text: string) => bucketText(await roomStreams(nats.port), kind).some((t) => t.includes(text));
  const bothApart = async () => {
    await nats.kill();
    await waitFor(() => a.room()?.state === 'unreachable' && b.room()?.state === 'unreachable', 'both desks alone', BOUND_MS);
  };

  beforeAll(async () => {
    demo = await startDemoService({ seed: 11, assetCount: 30 });
    nats = await startNatsServer();
    [a, b] = await Promise.all(['Ana', 'Ben'].map((name) => startDesk(name, demo, nats.url)));
    await bothInRoom();
    await waitFor(async () => (await a.core.handlers['assets:get']())?.assets.length, 'a list on Ana’s desk', BOUND_MS);
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await nats?.close();
    await demo?.close();
  });

  it('a rule changed on one desk is the rule on the other, which is told who changed it; quiet mode stays each desk’s own', async () => {
    const quietOnBen = (await rulesOn(b)).quiet;
    const since = b.events.length;
    await setLowFuel(a, 33, { quiet: !quietOnBen });
    await waitFor(async () => (await rulesOn(b)).lowFuel.belowPercent === 33, 'Ben holding Ana’s low-fuel rule', BOUND_MS);
    const change = await waitFor(() => told(b, since, { name: 'Low fuel', how: 'changed' }), 'Ben told of the change', BOUND_MS);
    expect(change).toMatchObject({ kind: 'rule', names: ['Low fuel'], by: 'Ana' });
    expect((await rulesOn(b)).quiet).toBe(quietOnBen);
    expect((await rulesOn(a)).quiet).toBe(!quietOnBen);
  });

  it('a site drawn on one desk appears on the other with its id and its machines; a rename and a removal follow', async () => {
    let since = b.events.length;
    const drawn = await a.core.handlers['sites:save'](await circleAroundAMachine(a, 'North trench'));
    const seen = await waitFor(() => siteOn(b, drawn.id), 'the site on Ben’s desk', BOUND_MS);
    expect(seen).toMatchObject({ name: 'North trench', kind: 'job', shape: drawn.shape });
    expect(await waitFor(() => told(b, since, { name: 'North trench', how: 'changed' }), 'Ben told of the new site', BOUND_MS)).toMatchObject({ kind: 'site', by: 'Ana' });
    // Both desks show the same list (one polls, the other follows), so they place the same machines on it.
    const placed = await waitFor(
      async () => {
        const [onA, onB] = await Promise.all([machinesOn(a, drawn.id), machinesOn(b, drawn.id)]);
        return onB.length > 0 && JSON.stringify(onA) === JSON.stringify(onB) ? onB : null;
      },
      'Ben placing the machines of the shared site on it',
      BOUND_MS,
    );
    expect(placed.length).toBeGreaterThan(0);

    since = b.events.length;
    await a.core.handlers['sites:save']({ ...drawn, name: 'North trench (east)' });
    await waitFor(async () => (await siteOn(b, drawn.id))?.name === 'North trench (east)', 'the rename on Ben’s desk', BOUND_MS);
    expect(await waitFor(() => told(b, since, { name: 'North trench (east)', how: 'changed' }), 'Ben told of the rename', BOUND_MS)).toMatchObject({ by: 'Ana' });

    since = b.events.length;
    await a.core.handlers['sites:delete'](drawn.id);
    await waitFor(async () => (await siteOn(b, drawn.id)) === undefined, 'the site removed on Ben’s desk', BOUND_MS);
    expect(await waitFor(() => told(b, since, { name: 'North trench (east)', how: 'removed' }), 'Ben told of the removal', BOUND_MS)).toMatchObject({ by: 'Ana' });
    expect(await machinesOn(b, drawn.id)).toEqual([]);
  });

  it('sites changed on both desks while apart: the later rename wins on both, nothing drawn or removed while apart is lost', async () => {
    const x = await a.core.handlers['sites:save'](square('Gravel pit', 10));
    const y = await a.core.handlers['sites:save'](square('Old depot', 10.01));
    await waitFor(async () => (await siteOn(b, x.id)) && (await siteOn(b, y.id)), 'both sites on Ben’s desk', BOUND_MS);

    await bothApart();
    const sinceA = a.events.length;
    const sinceB = b.events.length;
    await a.core.handlers['sites:save']({ ...x, name: 'Gravel pit (Ana)' });
    const drawnApart = await a.core.handlers['sites:save'](square('Drawn while apart', 10.02));
    await new Promise((r) => setTimeout(r, 20)); // Ben's rename is the later one
    await b.core.handlers['sites:save']({ ...x, name: 'Gravel pit (Ben)' });
    await b.core.handlers['sites:delete'](y.id);
    await nats.start();

    await waitFor(
      async () => (await siteOn(a, x.id))?.name === 'Gravel pit (Ben)' && (await siteOn(b, x.id))?.name === 'Gravel pit (Ben)',
      'both desks showing Ben’s later name',
      BOUND_MS,
    );
    await waitFor(async () => (await siteOn(b, drawnApart.id))?.name === 'Drawn while apart', 'the site drawn while apart on Ben’s desk', BOUND_MS);
    await waitFor(async () => (await siteOn(a, y.id)) === undefined, 'the site removed while apart gone from Ana’s desk', BOUND_MS);
    // Whichever desk joined first, Ana is told Ben's change took the place of hers; when
    // Ben's write met hers at the server, Ben is told too.
    expect(await waitFor(() => told(a, sinceA, { name: 'Gravel pit (Ben)', how: 'changed' }), 'Ana told of Ben’s rename', BOUND_MS)).toMatchObject({ by: 'Ben' });
    expect(await waitFor(() => told(a, sinceA, { name: 'Old depot', how: 'removed' }), 'Ana told of Ben’s removal', BOUND_MS)).toMatchObject({ by: 'Ben' });
    expect(await waitFor(() => told(b, sinceB, { name: 'Drawn while apart', how: 'changed' }), 'Ben told of Ana’s new site', BOUND_MS)).toMatchObject({ by: 'Ana' });
    for (const replaced of sharedSince(b, sinceB).filter((c) => c.how === 'replaced')) expect(replaced).toMatchObject({ kind: 'site', names: ['Gravel pit (Ben)'], by: 'Ana' });
    // Nothing left behind: Ben's desk never takes Ana's older name back.
    expect(told(b, sinceB, { name: 'Gravel pit (Ana)' })).toBeUndefined();
    expect(await siteOn(a, drawnApart.id)).toBeDefined();
    expect(await siteOn(b, y.id)).toBeUndefined();
  });

  it('a rule changed on both desks while apart: the later change wins on both', async () => {
    await bothInRoom();
    await bothApart();
    const sinceA = a.events.length;
    await setLowFuel(a, 40);
    await new Promise((r) => setTimeout(r, 20)); // Ben's change is the later one
    await setLowFuel(b, 45);
    await nats.start();
    await waitFor(
      async () => (await rulesOn(a)).lowFuel.belowPercent === 45 && (await rulesOn(b)).lowFuel.belowPercent === 45,
      'both desks holding Ben’s later rule',
      BOUND_MS,
    );
    expect(await waitFor(() => told(a, sinceA, { name: 'Low fuel', how: 'changed' }), 'Ana told of Ben’s rule', BOUND_MS)).toMatchObject({ kind: 'rule', by: 'Ben' });
  });

  it('two desks changing one rule at the same moment end with the same rule, and the desk whose change lost is told', async () => {
    await bothInRoom();
    const sinceA = a.events.length;
    const sinceB = b.events.length;
    await Promise.all([setLowFuel(a, 21), setLowFuel(b, 22)]);
    const settled = await waitFor(
      async () => {
        const [onA, onB] = await Promise.all([rulesOn(a), rulesOn(b)]);
        return onA.lowFuel.belowPercent === onB.lowFuel.belowPercent ? onA.lowFuel.belowPercent : null;
      },
      'both desks holding the same low-fuel rule',
      BOUND_MS,
    );
    expect([21, 22]).toContain(settled);
    const [winner, loser, sinceLoser] = settled === 21 ? [a, b, sinceB] : [b, a, sinceA];
    expect(await waitFor(() => told(loser, sinceLoser, { name: 'Low fuel', how: 'changed', by: winner.name }), 'the losing desk told', BOUND_MS)).toBeDefined();
    // The winning desk's own write in flight is the later one: the losing value never shows
    // there, and no desk announces its own change as another desk's.
    const sinceWinner = winner === a ? sinceA : sinceB;
    expect(told(winner, sinceWinner, { name: 'Low fuel', how: 'changed' })).toBeUndefined();
    for (const [desk, since] of [[a, sinceA], [b, sinceB]] as const) expect(sharedSince(desk, since).filter((c) => c.by === desk.name)).toEqual([]);
    // The room holds the winner's rule too: a rule set later on either desk still starts from it.
    expect((await rulesOn(loser)).lowFuel.belowPercent).toBe(settled);
  });

  it('the later change by the desks’ clocks wins even when its write reaches the room first', async () => {
    // A third desk whose clock runs ahead: its change is the later one, though made first.
    const c = await startDesk('Cleo', demo, nats.url, {}, { clockAheadMs: 5000 });
    try {
      await waitFor(() => inRoom(c), 'Cleo in the room', BOUND_MS);
      await waitFor(async () => (await rulesOn(c)).lowFuel.belowPercent === (await rulesOn(b)).lowFuel.belowPercent, 'Cleo holding the room’s rules', BOUND_MS);
      const x = await a.core.handlers['sites:save'](square('Wash bay', 10.04));
      await waitFor(async () => (await siteOn(b, x.id)) && (await siteOn(c, x.id)), 'the site on every desk', BOUND_MS);
      // Each round both desks change together, so neither has seen the other's change when
      // it writes; which write reaches the room first varies from round to round.
      const since = new Map([a, b, c].map((d) => [d, d.events.length]));
      for (const round of [1, 2, 3, 4, 5]) {
        const sinceB = b.events.length;
        const [cleoRule, benRule] = [60 + 2 * round, 61 + 2 * round];
        const [cleoName, benName] = [`Wash bay ${round} (Cleo)`, `Wash bay ${round} (Ben)`];
        await Promise.all([
          setLowFuel(c, cleoRule),
          c.core.handlers['sites:save']({ ...x, name: cleoName }),
          setLowFuel(b, benRule),
          b.core.handlers['sites:save']({ ...x, name: benName }),
        ]);
        await waitFor(
          async () => {
            const rules = await Promise.all([a, b, c].map(rulesOn));
            const names = await Promise.all([a, b, c].map(async (d) => (await siteOn(d, x.id))?.name));
            return new Set(rules.map((r) => r.lowFuel.belowPercent)).size === 1 && new Set(names).size === 1 ? true : null;
          },
          'every desk holding the same rule and site',
          BOUND_MS,
        );
        expect((await rulesOn(b)).lowFuel.belowPercent).toBe(cleoRule);
        expect((await siteOn(b, x.id))?.name).toBe(cleoName);
        expect(await waitFor(() => told(b, sinceB, { name: 'Low fuel', how: 'changed', by: 'Cleo' }), 'Ben told of Cleo’s rule', BOUND_MS)).toBeDefined();
        expect(await waitFor(() => told(b, sinceB, { name: cleoName, how: 'changed', by: 'Cleo' }), 'Ben told of Cleo’s name', BOUND_MS)).toBeDefined();
      }
      for (const [desk, from] of since) expect(sharedSince(desk, from).filter((change) => change.by === desk.name)).toEqual([]);
    } finally {
      await c.stop();
    }
  });

  it('never puts the service token in the rules and sites buckets', async () => {
    await bothInRoom();
    const site = await a.core.handlers['sites:save'](square('Token scan site', 10.03));
    await setLowFuel(a, 27);
    await waitFor(async () => (await siteOn(b, site.id)) && (await rulesOn(b)).lowFuel.belowPercent === 27, 'the rule and the site on Ben’s desk', BOUND_MS);
    const stored = await roomStreams(nats.port);
    // The check can see what it looks for: the rule and the site are in their buckets.
    expect(bucketText(stored, 'rules').some((t) => t.includes('"belowPercent":27'))).toBe(true);
    expect(bucketText(stored, 'sites').some((t) => t.includes('Token scan site'))).toBe(true);
    const all = [...stored.values()].flat();
    expect(all.filter((t) => t.includes(demo.demoToken))).toEqual([]);
  });

  it('a room server that lost the rules and sites buckets gets them back from the desks, and sharing goes on', async () => {
    await bothInRoom();
    const site = await a.core.handlers['sites:save'](square('Fuel stop', 10.05));
    await setLowFuel(a, 70);
    await waitFor(async () => (await siteOn(b, site.id)) && (await rulesOn(b)).lowFuel.belowPercent === 70, 'the rule and the site on Ben’s desk', BOUND_MS);
    await bothApart();
    // The rules and sites buckets are lost; the rest of the room survives.
    const streams = join(nats.storeDir, 'jetstream', '$G', 'streams');
    const lost = (await readdir(streams)).filter((name) => /^KV_.*_(rules|sites)$/.test(name));
    expect(lost).toHaveLength(2);
    for (const name of lost) await rm(join(streams, name), { recursive: true, force: true });
    await nats.start();
    await bothInRoom();
    // The desks fill the new buckets with what they hold.
    await waitFor(() => roomHolds('rules', '"belowPercent":70'), 'the rule back in the room', BOUND_MS, 250);
    await waitFor(() => roomHolds('sites', 'Fuel stop'), 'the site back in the room', BOUND_MS, 250);
    const sinceB = b.events.length;
    await setLowFuel(a, 71);
    await a.core.handlers['sites:save']({ ...site, name: 'Fuel stop (new pumps)' });
    await waitFor(async () => (await rulesOn(b)).lowFuel.belowPercent === 71, 'Ben holding Ana’s rule from the new room', BOUND_MS);
    await waitFor(async () => (await siteOn(b, site.id))?.name === 'Fuel stop (new pumps)', 'Ben holding Ana’s site from the new room', BOUND_MS);
    expect(told(b, sinceB, { name: 'Low fuel', how: 'changed', by: 'Ana' })).toBeDefined();
  });
});
