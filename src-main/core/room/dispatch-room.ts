/**
 * A desk's membership of its branch's dispatch room: connects to the room server, keeps
 * the branch's streams and buckets, elects the one desk that polls the service (lease.ts)
 * and runs that desk's publisher or every other desk's follower. Without the server (not
 * configured, unreachable, or lost mid-run) the desk polls the service itself, at once;
 * when the server comes back it joins again and the election runs again.
 *
 * Other shared kinds of the branch (acknowledgements, rules, notes) get a key-value
 * bucket each from `bucket(kind)`, on this connection and under this branch's names.
 */
import { randomUUID } from 'node:crypto';
import { jetstream, jetstreamManager, type JetStreamClient, type JetStreamManager } from '@nats-io/jetstream';
import { Kvm, type KV, type KvOptions } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import type { AssetChange, AssetSnapshot, RoomSettings, RoomStatus } from '../../contract';
import { FleetError, scrubSecrets } from '../errors';
import { Lease } from './lease';
import { roomNames, type RoomNames } from './names';
import { connectRoom } from './room-connection';
import { RoomFollower, type RoomDesk } from './room-follower';
import { RoomPublisher } from './room-publisher';

export type { RoomDesk };

/** How long the poller's lease lasts without renewal (a dead poller is replaced within this plus one refresh interval). */
export const DEFAULT_LEASE_MS = 30_000;
/** Least time between two full lists written for late joiners. */
export const DEFAULT_SNAPSHOT_EVERY_MS = 5 * 60_000;
/** How long the stream keeps changes: a joining desk needs those after the last full list. */
const CHANGES_KEPT_MS = 4 * DEFAULT_SNAPSHOT_EVERY_MS;

export interface DispatchRoomOptions {
  settings: RoomSettings;
  /** The password, token or seed from the keychain, or null. */
  secret: string | null;
  /** The branch the desk's profile polls (names.ts branchOf). */
  branch: string;
  /** How this desk names itself to the others (shown in their status bars). */
  deskName: string;
  desk: RoomDesk;
  /** The refresh interval now in force (read at every look). */
  intervalMs: () => number;
  leaseMs?: number;
  snapshotEveryMs?: number;
  /** The desk became the poller: refresh soon, so the room gets a list. */
  onBecamePoller?: () => void;
  onStatus?: (status: RoomStatus) => void;
  now?: () => number;
}

export class DispatchRoom {
  readonly names: RoomNames;
  readonly deskId = randomUUID();
  #nc: NatsConnection | null = null;
  #js: JetStreamClient | null = null;
  #jsm: JetStreamManager | null = null;
  #lease: Lease | null = null;
  #desks: KV | null = null;
  #publisher: RoomPublisher | null = null;
  #follower: RoomFollower | null = null;
  #connected = false;
  #stopped = false;
  #timer: ReturnType<typeof setTimeout> | null = null;
  #ticking: Promise<void> | null = null;
  #lastChangeAt: number | null = null;
  #followingSince = 0;
  #status: RoomStatus = { state: 'joining', desks: 0, poller: null, lastChangeAt: null, problem: null };
  readonly #now: () => number;
  readonly #leaseMs: number;

  constructor(private readonly o: DispatchRoomOptions) {
    this.names = roomNames(o.settings.name, o.branch);
    this.#now = o.now ?? Date.now;
    this.#leaseMs = o.leaseMs ?? DEFAULT_LEASE_MS;
  }

  /** Joins in the background; the desk polls the service itself until it follows a poller. */
  start(): void {
    void this.#join();
  }

  status(): RoomStatus {
    return { ...this.#status };
  }

  /** True unless the desk follows a poller that is alive: only then does it leave the service alone. */
  shouldPoll(): boolean {
    return this.#role() !== 'following';
  }

  isPoller(): boolean {
    return this.#publisher !== null;
  }

  /** The connection, while there is one (for shared kinds built on this room). */
  connection(): NatsConnection | null {
    return this.#connected ? this.#nc : null;
  }

  /** The key-value bucket of one shared kind for this branch, made on first use. */
  async bucket(kind: string, options: Partial<KvOptions> = {}): Promise<KV> {
    const nc = this.connection();
    if (!nc) throw new FleetError('offline', 'The room server is out of reach');
    return new Kvm(nc).create(this.names.bucket(kind), options);
  }

  /** A problem of a shared kind (a refused entry, a write that failed), shown with the room's status. */
  report(problem: string): void {
    this.#set({ problem: scrubSecrets(problem) });
  }

  /** After a refresh from the service: the poller publishes it to the room. */
  async published(snapshot: AssetSnapshot, change: AssetChange | null): Promise<void> {
    const publisher = this.#publisher;
    if (!publisher || !this.#connected) return;
    try {
      await publisher.publish(snapshot, change);
      this.#set({ problem: null });
    } catch (err) {
      this.#set({ problem: scrubSecrets(`The list could not be published to the room (${err instanceof Error ? err.message : String(err)})`) });
    }
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    await this.#ticking?.catch(() => undefined);
    this.#follower?.stop();
    this.#publisher?.stop();
    const nc = this.#nc;
    if (nc && this.#connected) {
      // A clean close hands the lease over at once instead of after its time.
      await this.#lease?.release();
      await this.#desks?.delete(this.deskId).catch(() => undefined);
    }
    await nc?.close().catch(() => undefined);
    await this.#follower?.done.catch(() => undefined);
  }

  // ------------------------------------------------------------------ joining

  async #join(): Promise<void> {
    let wait = 1000;
    while (!this.#stopped && !this.#nc) {
      try {
        const nc = await connectRoom({ settings: this.o.settings, secret: this.o.secret, name: `Fleet Desk ${this.o.deskName}` });
        if (this.#stopped) {
          await nc.close();
          return;
        }
        this.#nc = nc;
        this.#connected = true;
        void this.#watch(nc);
        this.#schedule(0);
        return;
      } catch (err) {
        this.#set({ state: 'unreachable', problem: describeConnectError(err) });
        if (err instanceof FleetError && err.kind !== 'offline') return; // settings to fix: retrying will not help
        await new Promise((resolve) => setTimeout(resolve, wait).unref?.());
        wait = Math.min(wait * 2, 30_000);
      }
    }
  }

  /** Follows the client's reconnecting: out of reach → poll alone at once; back → elect again. */
  async #watch(nc: NatsConnection): Promise<void> {
    for await (const s of nc.status()) {
      if (this.#stopped) return;
      if (s.type === 'disconnect') {
        this.#connected = false;
        this.#becomeAlone();
      } else if (s.type === 'reconnect') {
        this.#connected = true;
        this.#schedule(0);
      }
    }
  }

  /** The streams and buckets of this branch (idempotent: every desk makes sure of them). */
  async #setUp(nc: NatsConnection): Promise<void> {
    if (this.#lease) return;
    const jsm = await jetstreamManager(nc);
    await ensureStream(jsm, { name: this.names.changeStream, subjects: [this.names.changes], max_age: CHANGES_KEPT_MS * 1_000_000, max_msgs: 10_000 });
    await ensureStream(jsm, { name: this.names.snapshotStream, subjects: [`${this.names.prefix}.snapshot.>`], max_msgs_per_subject: 1 });
    const kvm = new Kvm(nc);
    const leaseKv = await kvm.create(this.names.bucket('lease'), { ttl: this.#leaseMs, history: 1 });
    this.#desks = await kvm.create(this.names.bucket('desks'), { ttl: this.#leaseMs, history: 1 });
    this.#jsm = jsm;
    this.#js = jetstream(nc);
    this.#lease = new Lease(leaseKv, { id: this.deskId, desk: this.o.deskName });
  }

  // ------------------------------------------------------------------ the election

  #schedule(ms: number): void {
    if (this.#stopped) return;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.#ticking = this.#tick().finally(() => {
        this.#ticking = null;
        this.#schedule(Math.max(200, Math.floor(this.#leaseMs / 3)));
      });
    }, ms);
    this.#timer.unref?.();
  }

  async #tick(): Promise<void> {
    const nc = this.#nc;
    if (!nc || !this.#connected || this.#stopped) return;
    try {
      await this.#setUp(nc);
      const lease = this.#lease!;
      await this.#desks!.put(this.deskId, this.o.deskName);
      if (await lease.acquire()) {
        this.#becomePoller();
        this.#set({ state: 'polling', poller: this.o.deskName, desks: await this.#countDesks() });
      } else {
        const holder = await lease.holder();
        this.#becomeFollower();
        this.#set({ state: this.#role() === 'following' ? 'following' : 'quiet', poller: holder?.desk ?? this.#status.poller, desks: await this.#countDesks() });
      }
    } catch (err) {
      if (this.#stopped) return;
      // A server back with an empty store (restarted without its volume): the branch's streams and buckets are made again at the next look.
      if (lostSetUp(err)) this.#forgetSetUp();
      this.#set({ problem: describeConnectError(err) });
    }
  }

  #forgetSetUp(): void {
    this.#publisher?.stop();
    this.#publisher = null;
    this.#follower?.stop();
    this.#follower = null;
    this.#lease = null;
    this.#desks = null;
  }

  #role(): 'alone' | 'polling' | 'following' | 'quiet' {
    if (!this.#connected || (!this.#publisher && !this.#follower)) return 'alone';
    if (this.#publisher) return 'polling';
    const heard = this.#lastChangeAt ?? this.#followingSince;
    return this.#now() - heard > this.#leaseMs + this.o.intervalMs() ? 'quiet' : 'following';
  }

  #becomePoller(): void {
    if (this.#publisher) return;
    this.#follower?.stop();
    this.#follower = null;
    this.#publisher = new RoomPublisher({
      nc: this.#nc!,
      js: this.#js!,
      jsm: this.#jsm!,
      names: this.names,
      desk: this.o.deskName,
      snapshotEveryMs: this.o.snapshotEveryMs ?? DEFAULT_SNAPSHOT_EVERY_MS,
      now: this.#now,
    });
    this.o.onBecamePoller?.();
  }

  #becomeFollower(): void {
    if (this.#follower) return;
    this.#publisher?.stop();
    this.#publisher = null;
    this.#followingSince = this.#now();
    this.#lastChangeAt = null;
    this.#follower = new RoomFollower({
      nc: this.#nc!,
      js: this.#js!,
      jsm: this.#jsm!,
      names: this.names,
      desk: this.o.desk,
      onMessage: (poller) => {
        this.#lastChangeAt = this.#now();
        this.#set({ state: 'following', poller, lastChangeAt: new Date(this.#lastChangeAt).toISOString() });
      },
      onProblem: (problem) => this.#set({ problem }),
    });
  }

  #becomeAlone(): void {
    this.#follower?.stop();
    this.#follower = null;
    this.#publisher?.stop();
    this.#publisher = null;
    this.#set({ state: 'unreachable', desks: 0 });
  }

  async #countDesks(): Promise<number> {
    let n = 0;
    for await (const _ of await this.#desks!.keys()) n++;
    return Math.max(1, n);
  }

  #set(patch: Partial<RoomStatus>): void {
    const next = { ...this.#status, ...patch };
    if (JSON.stringify(next) === JSON.stringify(this.#status)) return;
    this.#status = next;
    this.o.onStatus?.(this.status());
  }
}

async function ensureStream(jsm: JetStreamManager, config: { name: string; subjects: string[]; max_age?: number; max_msgs?: number; max_msgs_per_subject?: number }): Promise<void> {
  try {
    await jsm.streams.info(config.name);
  } catch {
    try {
      await jsm.streams.add(config);
    } catch (err) {
      // Another desk made it in between.
      await jsm.streams.info(config.name).catch(() => {
        throw err;
      });
    }
  }
}

/** The server answers as if the branch's streams and buckets were never made (its store is new). */
function lostSetUp(err: unknown): boolean {
  const message = err instanceof Error ? err.message : String(err);
  return /jetstream is not enabled|stream not found|no responders/i.test(message);
}

/** Why the room server cannot be used, in words for the status bar (never a secret). */
export function describeConnectError(err: unknown): string {
  if (err instanceof FleetError) return err.message;
  const message = err instanceof Error ? err.message : String(err);
  if (/authoriz|authenticat/i.test(message)) return 'The room server refused the sign-in: check the room’s user, password, token or seed';
  if (/certificate|self.signed|CERT_|UNABLE_TO_VERIFY/i.test(message)) return 'The room server’s certificate is not trusted: check the room’s CA file';
  return scrubSecrets(`The room server could not be reached (${message.split('\n')[0]})`);
}
