/**
 * The poller's side of the room: after each successful refresh it publishes the change
 * (changed assets, removed ids, order, time of the list) on the branch's change stream,
 * and now and then the whole list, in parts, for desks that join late or missed a change.
 * The whole list is also written when the change is too large to send, at the first
 * refresh after taking the lease (the followers' lists may be older than this desk's), and
 * when a follower asks for it.
 */
import { createHash } from 'node:crypto';
import { headers, type NatsConnection } from '@nats-io/transport-node';
import type { JetStreamClient, JetStreamManager } from '@nats-io/jetstream';
import type { AssetChange, AssetSnapshot } from '../../contract';
import type { RoomNames } from './names';
import { encodeChange, encodeFull, encodeSnapshot, MAX_CHANGE_MESSAGE_BYTES, ROOM_WIRE_VERSION, SNAPSHOT_PART_BYTES, type SnapshotHead } from './wire';

export const SNAPSHOT_HEADER = 'Fleet-Desk-List';

export interface RoomPublisherOptions {
  nc: NatsConnection;
  js: JetStreamClient;
  jsm: JetStreamManager;
  names: RoomNames;
  desk: string;
  /** Least time between two full lists written for late joiners (a change too large to send is written at once). */
  snapshotEveryMs: number;
  now?: () => number;
}

export class RoomPublisher {
  #lastSnapshotAt = -Infinity;
  #snapshotWanted = true;
  readonly #unsubscribe: () => void;
  readonly #now: () => number;

  constructor(private readonly o: RoomPublisherOptions) {
    this.#now = o.now ?? Date.now;
    const sub = o.nc.subscribe(o.names.snapshotWanted, {
      callback: () => {
        this.#snapshotWanted = true;
      },
    });
    this.#unsubscribe = () => sub.unsubscribe();
  }

  /** Publishes one refresh's result: its change when small enough, else the whole list. */
  async publish(snapshot: AssetSnapshot, change: AssetChange | null): Promise<void> {
    const encoded = change ? encodeChange(change, this.o.desk) : null;
    const fits = encoded !== null && Buffer.byteLength(encoded) <= MAX_CHANGE_MESSAGE_BYTES;
    if (!fits || this.#snapshotWanted) {
      // Written before the message that points at it.
      const seq = fits ? (await this.o.js.publish(this.o.names.changes, encoded)).seq : await this.#lastChangeSeq();
      await this.#writeSnapshot(snapshot, seq);
      if (!fits) await this.o.js.publish(this.o.names.changes, encodeFull(snapshot.fetchedAt, this.o.desk));
      return;
    }
    const ack = await this.o.js.publish(this.o.names.changes, encoded);
    if (this.#now() - this.#lastSnapshotAt >= this.o.snapshotEveryMs) await this.#writeSnapshot(snapshot, ack.seq);
  }

  stop(): void {
    this.#unsubscribe();
  }

  async #lastChangeSeq(): Promise<number> {
    const info = await this.o.jsm.streams.info(this.o.names.changeStream);
    return info.state.last_seq;
  }

  async #writeSnapshot(snapshot: AssetSnapshot, changeSeq: number): Promise<void> {
    const bytes = Buffer.from(encodeSnapshot(snapshot.assets));
    const parts = Math.max(1, Math.ceil(bytes.byteLength / SNAPSHOT_PART_BYTES));
    const h = headers();
    h.set(SNAPSHOT_HEADER, snapshot.fetchedAt);
    for (let i = 0; i < parts; i++) {
      await this.o.js.publish(this.o.names.snapshotPart(i), bytes.subarray(i * SNAPSHOT_PART_BYTES, (i + 1) * SNAPSHOT_PART_BYTES), { headers: h });
    }
    const head: SnapshotHead = {
      v: ROOM_WIRE_VERSION,
      desk: this.o.desk,
      fetchedAt: snapshot.fetchedAt,
      changeSeq,
      parts,
      bytes: bytes.byteLength,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      // The header stays one small message: the first skipped entries tell the story.
      skipped: snapshot.skipped.slice(0, 200),
    };
    await this.o.js.publish(this.o.names.snapshotHead, JSON.stringify(head));
    this.#lastSnapshotAt = this.#now();
    this.#snapshotWanted = false;
  }
}
