/**
 * Dispatch room figures (`npm run bench -- --room`), on a real nats-server started here:
 *  - list requests the service gets per refresh interval with 1, 5 and 20 desks in a room
 *    (desks are in-process DispatchRooms around a refresh that asks the demo service);
 *  - the time from the poller publishing a change to a follower holding it (p50, p95);
 *  - bytes a follower receives per refresh against the whole list's size;
 *  - CPU per refresh on a follower (check and apply a change) against a desk polling
 *    alone (parse and check the whole list);
 *  - a branch's 2,000 sites shared: written by the desk that has them, and read, checked
 *    and handed over on a desk joining the room without them.
 */
import type { Asset, AssetSnapshot, SkippedAsset } from '../../src-main/contract';
import { normalizeAssetList } from '../../src-main/core/assets/asset-schema';
import { smallChange } from '../../src-main/core/handlers/assets';
import { DispatchRoom } from '../../src-main/core/room/dispatch-room';
import { decodeChange, encodeChange, encodeSnapshot, readChangedAssets } from '../../src-main/core/room/wire';
import { startDemoService } from '../../src-main/demo';
import { connect } from '@nats-io/transport-node';
import { Kvm } from '@nats-io/kv';
import type { Site } from '../../src-main/contract';
import type { OfflineStore } from '../../src-main/core/ports';
import { SharedSites } from '../../src-main/core/room/shared-sites';
import { natsServerMissing, startNatsServer, type NatsServer } from '../support/nats-server';

const LEASE_MS = 2000;
const INTERVAL_MS = 2000;

interface BenchDesk {
  room: DispatchRoom;
  list: AssetSnapshot | null;
  acceptedAt: Map<string, number>;
}

function memoryDesk(nats: NatsServer, name: string, branch: string, leaseMs = LEASE_MS): BenchDesk {
  const desk: BenchDesk = { room: undefined as unknown as DispatchRoom, list: null, acceptedAt: new Map() };
  desk.room = new DispatchRoom({
    settings: { url: nats.url, name: 'bench', auth: 'none', user: '', caFile: '' },
    secret: null,
    branch,
    deskName: name,
    leaseMs,
    intervalMs: () => INTERVAL_MS,
    snapshotEveryMs: 60_000,
    desk: {
      current: () => desk.list,
      accept: (l: { assets: Asset[]; skipped: SkippedAsset[]; fetchedAt: string }) => {
        desk.list = { profileId: 'b', ...l, source: 'network' };
        desk.acceptedAt.set(l.fetchedAt, performance.now());
      },
    },
  });
  desk.room.start();
  return desk;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

/** List requests to the demo service per interval for `count` desks, each refreshing every interval. */
async function requestsPerInterval(nats: NatsServer, count: number): Promise<number> {
  const demo = await startDemoService({ seed: 3, assetCount: 200 });
  const desks = Array.from({ length: count }, (_, i) => memoryDesk(nats, `desk-${i + 1}`, `requests-${count}`));
  let requests = 0;
  let counting = false;
  let stopped = false;
  const loops = desks.map(async (desk) => {
    while (!stopped) {
      if (desk.room.shouldPoll()) {
        const res = await fetch(`${demo.baseUrl}/branch/current/assets`, { headers: { authorization: `Bearer ${demo.demoToken}` } });
        const text = await res.text();
        if (counting) requests++;
        const now = new Date();
        const { assets, skipped } = normalizeAssetList(JSON.parse(text), now);
        const next: AssetSnapshot = { profileId: 'b', assets, skipped, fetchedAt: now.toISOString(), source: 'network' };
        const change = desk.list ? smallChange(desk.list, next) : null;
        desk.list = next;
        if (desk.room.isPoller()) await desk.room.published(next, change);
      }
      await sleep(INTERVAL_MS);
    }
  });
  await sleep(LEASE_MS * 3); // the election settles
  const intervals = 5;
  counting = true;
  await sleep(intervals * INTERVAL_MS);
  counting = false;
  stopped = true;
  await Promise.all(loops);
  await Promise.all(desks.map((d) => d.room.stop()));
  await demo.close();
  return requests / intervals;
}

function serviceAsset(n: number, stamp: number): Record<string, unknown> {
  const at = new Date(Date.parse('2026-01-01T00:00:00Z') + stamp * 1000).toISOString();
  const meta = { collectedOn: at, source: 'probe', other: {} };
  return {
    assetId: `thing:${n}`,
    type: 'thing',
    name: `Machine ${n}`,
    serialNumber: `SN${n}`,
    category: 'excavator',
    urls: { mapEmbed: `https://fleet.example/embed/auth?req=%2Fmap%23focus%3Dthing%3A${n}&jws=x` },
    metrics: {
      fuel: { value: (n * 7 + stamp) % 100, meta },
      gps: { value: { lat: 40 + (n % 100) / 100, lng: -111 - (stamp % 100) / 1000 }, meta },
      ignition: { value: stamp % 2 === 0, meta },
      'engine-runtime': { value: n * 1000 + stamp, meta },
    },
  };
}

/** A list of `size` machines where the first `changed` report anew at each `round`. */
function serviceList(size: number, round: number, changed: number): Record<string, unknown>[] {
  return Array.from({ length: size }, (_, i) => serviceAsset(i + 1, i < changed ? round : 0));
}

async function changeFigures(nats: NatsServer, size: number, changedPerRefresh: number, rounds: number) {
  // Both desks share this process's event loop, which the whole list's parse blocks for
  // a while: a longer lease keeps the election out of the figures.
  const poller = memoryDesk(nats, 'poller', `latency-${size}`, 30_000);
  while (!poller.room.isPoller()) await sleep(50);
  const follower = memoryDesk(nats, 'follower', `latency-${size}`, 30_000);
  while (follower.room.status().state !== 'following') await sleep(50);
  const latencies: number[] = [];
  const changeBytes: number[] = [];
  const followerCpu: number[] = [];
  const aloneCpu: number[] = [];
  let fullBytes = 0;
  let clock = Date.parse('2026-02-01T00:00:00Z');
  for (let round = 0; round <= rounds; round++) {
    clock += INTERVAL_MS;
    const text = JSON.stringify(serviceList(size, round, changedPerRefresh));
    // A desk alone: the whole answer parsed and checked.
    const before = process.cpuUsage();
    const { assets, skipped } = normalizeAssetList(JSON.parse(text), new Date(clock));
    const used = process.cpuUsage(before);
    const next: AssetSnapshot = { profileId: 'b', assets, skipped, fetchedAt: new Date(clock).toISOString(), source: 'network' };
    const change = poller.list ? smallChange(poller.list, next) : null;
    poller.list = next;
    const sentAt = performance.now();
    await poller.room.published(next, change);
    const deadline = Date.now() + 60_000;
    while (!follower.acceptedAt.has(next.fetchedAt)) {
      if (Date.now() > deadline) throw new Error(`the follower did not hold the list of round ${round} (${JSON.stringify(follower.room.status())})`);
      await sleep(2);
    }
    if (round === 0) continue; // the first is the whole list
    aloneCpu.push((used.user + used.system) / 1000);
    latencies.push(follower.acceptedAt.get(next.fetchedAt)! - sentAt);
    const encoded = encodeChange(change!, 'poller');
    changeBytes.push(Buffer.byteLength(encoded));
    fullBytes = Buffer.byteLength(encodeSnapshot(next.assets));
    // A follower: the message checked and its assets read as the service's are.
    const cpu = process.cpuUsage();
    const message = decodeChange(new TextEncoder().encode(encoded));
    if (message.kind === 'change') readChangedAssets(message.changed, new Date(clock));
    const spent = process.cpuUsage(cpu);
    followerCpu.push((spent.user + spent.system) / 1000);
  }
  await Promise.all([poller.room.stop(), follower.room.stop()]);
  return {
    latencyP50: percentile(latencies, 50),
    latencyP95: percentile(latencies, 95),
    changeBytes: percentile(changeBytes, 50),
    fullBytes,
    followerCpuMs: percentile(followerCpu, 50),
    aloneCpuMs: percentile(aloneCpu, 50),
  };
}

/** A star-shaped site of `corners` corners around a point near Salt Lake City. */
function benchSite(i: number, corners: number): Site {
  const lng = -112 + (i % 50) * 0.01;
  const lat = 40.5 + Math.floor(i / 50) * 0.01;
  const ring: [number, number][] = [];
  for (let k = 0; k < corners; k++) {
    const a = (2 * Math.PI * k) / corners;
    const r = k % 2 === 0 ? 0.003 : 0.0015;
    ring.push([lng + r * Math.cos(a), lat + r * Math.sin(a)]);
  }
  ring.push(ring[0]);
  return { id: `s-${i.toString(16).padStart(16, '0')}`, name: `Site ${i}`, kind: 'job', notes: '', shape: { type: 'polygon', rings: [ring] }, regionCode: null, createdAt: 0, updatedAt: 1 };
}

/** A branch's sites shared through the room: the desk holding them joins first, then one without them. */
async function sitesFigures(nats: NatsServer, count: number, corners: number): Promise<{ writeMs: number; readMs: number }> {
  const nc = await connect({ servers: `127.0.0.1:${nats.port}` });
  try {
    const kv = await new Kvm(nc).create('bench_sites', { history: 5 });
    const store = { getDocument: () => null, putDocument: () => undefined } as unknown as OfflineStore;
    const sites = Array.from({ length: count }, (_, i) => benchSite(i, corners));
    const desk = (local: Site[], apply: (n: number) => void) =>
      new SharedSites({ bucket: async () => kv, local: () => local, store: () => store, apply: (c) => (apply(c.put.length), 0), notify: () => undefined, deskName: 'bench' });
    const ana = desk(sites, () => undefined);
    let t = performance.now();
    await ana.joined();
    const writeMs = performance.now() - t;
    let got = 0;
    const ben = desk([], (n) => (got += n));
    t = performance.now();
    await ben.joined();
    const readMs = performance.now() - t;
    ana.stop();
    ben.stop();
    if (got !== count) throw new Error(`the joining desk took ${got} of ${count} sites`);
    return { writeMs, readMs };
  } finally {
    await nc.close();
  }
}

export async function runRoomFigures(log: (line: string) => void, size = 10_000): Promise<string> {
  if (natsServerMissing) return `Room figures skipped: ${natsServerMissing}`;
  const nats = await startNatsServer();
  try {
    const rows: string[] = ['| Figure | Value |', '|---|---|'];
    for (const count of process.env.ROOM_BENCH_DESKS === '0' ? [] : [1, 5, 20]) {
      log(`room: ${count} desks`);
      rows.push(`| service list requests per interval, ${count} desk${count === 1 ? '' : 's'} in a room (alone: ${count}) | ${(await requestsPerInterval(nats, count)).toFixed(1)} |`);
    }
    log(`room: change latency and sizes at ${size} machines, 100 changed per refresh`);
    const f = await changeFigures(nats, size, 100, 20);
    rows.push(`| poller → follower, change held (p50 / p95) | ${f.latencyP50.toFixed(0)} / ${f.latencyP95.toFixed(0)} ms |`);
    rows.push(`| bytes a follower receives per refresh / whole list | ${(f.changeBytes / 1024).toFixed(0)} KiB / ${(f.fullBytes / 1024 / 1024).toFixed(1)} MiB |`);
    rows.push(`| CPU per refresh: follower (check + read the change) / desk alone (parse + check the list) | ${f.followerCpuMs.toFixed(0)} / ${f.aloneCpuMs.toFixed(0)} ms |`);
    log('room: 2,000 sites of 40 corners shared');
    const s = await sitesFigures(nats, 2000, 40);
    rows.push(`| 2,000 sites (40 corners): written by the desk holding them, on joining / read, checked and handed over on a desk joining without them | ${s.writeMs.toFixed(0)} / ${s.readMs.toFixed(0)} ms |`);
    return rows.join('\n');
  } finally {
    await nats.close();
  }
}
