/**
 * A follower's side of the room: at join it reads the branch's full list, then the change
 * stream from the change that list includes. Each change is checked (wire.ts) and applied
 * to the desk's own list, which the desk then stores and announces exactly as a refresh
 * from the service would (RoomDesk.accept). A change that does not follow from the list
 * the desk holds (a missed message, a new poller) makes it read the full list again; a
 * message it refuses leaves the last good list in place.
 */
import { DeliverPolicy, type JetStreamClient, type JetStreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { createHash } from 'node:crypto';
import type { Asset, AssetSnapshot, SkippedAsset } from '../../contract';
import { futureLimitAt } from '../assets/asset-schema';
import { FleetError } from '../errors';
import type { RoomNames } from './names';
import { SNAPSHOT_HEADER } from './room-publisher';
import { decodeChange, decodeHead, readChangedAssets, readSnapshotText, RoomMessageRefused, type ChangeMessage, type SnapshotHead } from './wire';

/** What the room needs of the desk: its current list, and the way a list is taken in. */
export interface RoomDesk {
  current(): AssetSnapshot | null;
  /** Stores and announces a list that came from the room (the path a fetched list takes after the fetch). */
  accept(list: { assets: Asset[]; skipped: SkippedAsset[]; fetchedAt: string }): void;
}

export interface RoomFollowerOptions {
  nc: NatsConnection;
  js: JetStreamClient;
  jsm: JetStreamManager;
  names: RoomNames;
  desk: RoomDesk;
  /** A valid message from the poller arrived (its desk name). */
  onMessage(poller: string): void;
  /** A message was refused or a list could not be read: the reason, for the status bar. */
  onProblem(problem: string | null): void;
  now?: () => Date;
  /** Wait before reading the full list again after a gap (so a gap never makes a loop spin). */
  resyncWaitMs?: number;
}

/** 'full': the full list was written before this message; 'gap': it must be asked for. */
type Verdict = 'applied' | 'old' | 'full' | 'gap';

export class RoomFollower {
  #stopped = false;
  #stopCurrent: (() => void) | null = null;
  readonly #now: () => Date;
  readonly done: Promise<void>;

  constructor(private readonly o: RoomFollowerOptions) {
    this.#now = o.now ?? (() => new Date());
    this.done = this.#run();
  }

  stop(): void {
    this.#stopped = true;
    this.#stopCurrent?.();
  }

  async #run(): Promise<void> {
    let wait = 0;
    while (!this.#stopped) {
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait).unref?.());
      if (this.#stopped) return;
      wait = this.o.resyncWaitMs ?? 1000;
      try {
        const head = await this.#readSnapshot();
        if (!head) this.#askForSnapshot();
        await this.#follow(head);
      } catch (err) {
        if (this.#stopped) return;
        this.o.onProblem(err instanceof FleetError ? err.message : 'The room’s list could not be read; the last good list stays');
        this.#askForSnapshot();
      }
    }
  }

  /** Reads the change stream from after `head` until a gap (returns) or stop. */
  async #follow(head: SnapshotHead | null): Promise<void> {
    const consumer = await this.o.js.consumers.get(
      this.o.names.changeStream,
      head ? { deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: head.changeSeq + 1 } : { deliver_policy: DeliverPolicy.New },
    );
    const messages = await consumer.consume();
    this.#stopCurrent = () => messages.stop();
    if (this.#stopped) messages.stop();
    try {
      for await (const m of messages) {
        let verdict: Verdict;
        try {
          verdict = this.#apply(decodeChange(m.data));
        } catch (err) {
          if (!(err instanceof RoomMessageRefused)) throw err;
          this.o.onProblem(err.message);
          continue;
        }
        if (verdict === 'gap') this.#askForSnapshot();
        if (verdict === 'full' || verdict === 'gap') return;
      }
    } finally {
      messages.stop();
      this.#stopCurrent = null;
    }
  }

  #askForSnapshot(): void {
    try {
      this.o.nc.publish(this.o.names.snapshotWanted);
    } catch {
      // Not connected: the poller writes a full list at its next takeover anyway.
    }
  }

  #apply(message: ChangeMessage): Verdict {
    // A list from the future would make every true change after it look old.
    this.#notFromTheFuture(message.fetchedAt);
    const current = this.o.desk.current();
    if (current && Date.parse(message.fetchedAt) <= Date.parse(current.fetchedAt)) return 'old';
    this.o.onMessage(message.desk);
    if (message.kind === 'full') return 'full';
    if (!current || current.fetchedAt !== message.baseFetchedAt) return 'gap';
    const checked = readChangedAssets(message.changed, this.#now());
    const byId = new Map(current.assets.map((a) => [a.assetId, a]));
    for (const id of message.removed) byId.delete(id);
    for (const asset of checked.assets) byId.set(asset.assetId, asset);
    const order = message.order ?? [...current.assets.map((a) => a.assetId), ...checked.assets.map((a) => a.assetId)];
    const seen = new Set<string>();
    const assets: Asset[] = [];
    for (const id of order) {
      const asset = byId.get(id);
      if (!asset || seen.has(id)) continue;
      seen.add(id);
      assets.push(asset);
    }
    this.o.desk.accept({ assets, skipped: [...message.skipped, ...checked.skipped], fetchedAt: message.fetchedAt });
    this.o.onProblem(null);
    return 'applied';
  }

  #notFromTheFuture(fetchedAt: string): void {
    if (Date.parse(fetchedAt) > futureLimitAt(this.#now())) throw new RoomMessageRefused('its list is dated in the future');
  }

  /** The latest full list: read and taken in when newer than the desk's; its header either way (null when there is none). */
  async #readSnapshot(): Promise<SnapshotHead | null> {
    const { jsm, names } = this.o;
    const headMsg = await jsm.streams.getMessage(names.snapshotStream, { last_by_subj: names.snapshotHead });
    if (!headMsg) return null;
    const head = decodeHead(headMsg.data);
    this.#notFromTheFuture(head.fetchedAt);
    const current = this.o.desk.current();
    if (current && Date.parse(head.fetchedAt) <= Date.parse(current.fetchedAt)) return head;
    const parts: Uint8Array[] = [];
    let total = 0;
    for (let i = 0; i < head.parts; i++) {
      const part = await jsm.streams.getMessage(names.snapshotStream, { last_by_subj: names.snapshotPart(i) });
      // A part of another list: the poller is writing a newer one; read again after the wait.
      if (!part || part.header.get(SNAPSHOT_HEADER) !== head.fetchedAt) throw new FleetError('cancelled', 'The room’s full list was being rewritten; reading it again');
      total += part.data.byteLength;
      if (total > head.bytes) throw new RoomMessageRefused('the full list is larger than its header says');
      parts.push(part.data);
    }
    const bytes = Buffer.concat(parts);
    if (bytes.byteLength !== head.bytes || createHash('sha256').update(bytes).digest('hex') !== head.sha256) {
      throw new RoomMessageRefused('the full list does not match its header');
    }
    const list = readSnapshotText(bytes.toString('utf8'), this.#now());
    this.o.desk.accept({ assets: list.assets, skipped: [...head.skipped, ...list.skipped], fetchedAt: head.fetchedAt });
    this.o.onMessage(head.desk);
    this.o.onProblem(null);
    return head;
  }
}
