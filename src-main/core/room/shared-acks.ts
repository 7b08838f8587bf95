/**
 * Acknowledgements shared by the desks of a branch through the room server: one key-value
 * bucket, one key per alert condition (asset, rule, key, and the time the data says it
 * began: every desk that evaluated the same list names it alike, unlike its own alert
 * number). The first acknowledgement wins: a desk writes with `create`, which the server
 * refuses once the key exists, and then takes the stored one, so a dispatcher sees who
 * acknowledged first. Every desk watches the bucket and shows what the others wrote.
 *
 * An acknowledgement made while the server is away stays in the desk's log; when the desk
 * is back in its room, every acknowledgement it holds is written again (one already there
 * from another desk wins and replaces the desk's own).
 */
import { createHash } from 'node:crypto';
import type { KV, KvWatchEntry } from '@nats-io/kv';
import * as v from 'valibot';
import { ALERT_RULE_KINDS, MAX_ACK_NOTE_CHARS, plainText } from '../../contract';
import type { ConditionAcknowledgement } from '../ports';
import { IsoTimeSchema, readEntry, SharedBucket } from './shared-bucket';

/** Largest acknowledgement read from the room; anything bigger is not one of ours. */
export const MAX_SHARED_ACK_BYTES = 2048;
/** Most acknowledgements from the room kept for alerts this desk has not raised yet. */
export const MAX_WAITING_ACKS = 10_000;
/** How long the room keeps an acknowledgement (alerts themselves are pruned sooner). */
const ACKS_KEPT_MS = 60 * 24 * 60 * 60 * 1000;

/** What the room carries for one acknowledgement: the condition, who, when, the note. Nothing else. */
export const SharedAckSchema = v.strictObject({
  assetId: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  rule: v.picklist(ALERT_RULE_KINDS),
  key: v.pipe(v.string(), v.maxLength(200)),
  raisedAt: IsoTimeSchema,
  at: IsoTimeSchema,
  by: v.nullable(plainText(80, 'The dispatcher’s name')),
  note: v.nullable(plainText(MAX_ACK_NOTE_CHARS, 'The acknowledgement note')),
});

/** The bucket key of a condition: a hash, so no asset id or rule key can steer the key's shape. */
export function ackKey(ack: Pick<ConditionAcknowledgement, 'assetId' | 'rule' | 'key' | 'raisedAt'>): string {
  return createHash('sha256').update(JSON.stringify([ack.assetId, ack.rule, ack.key, ack.raisedAt])).digest('hex').slice(0, 40);
}

/** Reads one entry from the room; null for anything that is not an acknowledgement filed under its own condition. */
export function readSharedAck(key: string, data: Uint8Array): ConditionAcknowledgement | null {
  const ack = readEntry(data, MAX_SHARED_ACK_BYTES, SharedAckSchema);
  return ack && ackKey(ack) === key ? ack : null;
}

export interface SharedAcksOptions {
  /** The branch's acknowledgement bucket (throws while the server is out of reach). */
  bucket: (options: { ttl: number; history: number }) => Promise<KV>;
  /**
   * Shows another desk's acknowledgement; false when this desk logs no alert of its
   * condition. `orOpen`: the acknowledgement was made just now, so the open alert of the
   * same asset, rule and key is the same alert even if this desk first saw it at another time.
   */
  adopt: (ack: ConditionAcknowledgement, how: { orOpen: boolean }) => boolean;
  /** The acknowledgements this desk holds, written again on every join. */
  local: () => ConditionAcknowledgement[];
  onProblem?: (problem: string) => void;
}

export class SharedAcks extends SharedBucket<ConditionAcknowledgement> {
  /** Acknowledgements from the room whose alert this desk has not raised (yet). */
  readonly #waiting = new Map<string, ConditionAcknowledgement>();

  constructor(private readonly o: SharedAcksOptions) {
    super({ open: () => o.bucket({ ttl: ACKS_KEPT_MS, history: 1 }), label: 'Acknowledgements', ...(o.onProblem ? { onProblem: o.onProblem } : {}) });
  }

  protected read(key: string, data: Uint8Array): ConditionAcknowledgement | null {
    return readSharedAck(key, data);
  }

  /** Every acknowledgement the desk holds is written (again) on joining. */
  protected async reconcile(kv: KV): Promise<void> {
    for (const ack of this.o.local()) await this.#write(kv, ack);
  }

  // An update is a write made while this desk watches: the alert is open where it was made.
  protected received(key: string, ack: ConditionAcknowledgement, entry: KvWatchEntry): void {
    this.#received(key, ack, entry.isUpdate);
  }

  /** Acknowledgements just made on this desk. */
  async publish(acks: readonly ConditionAcknowledgement[]): Promise<void> {
    const kv = this.kv;
    if (!kv) return; // written on the next join
    for (const ack of acks) await this.#write(kv, ack);
  }

  /** Alerts were raised: acknowledgements the room held for them apply now. */
  raised(): void {
    for (const [key, ack] of this.#waiting) if (this.o.adopt(ack, { orOpen: false })) this.#waiting.delete(key);
  }

  /** First writer wins: `create` fails once the key exists, and the stored one is shown instead. */
  async #write(kv: KV, ack: ConditionAcknowledgement): Promise<void> {
    const key = ackKey(ack);
    try {
      await kv.create(key, JSON.stringify(ack));
      return;
    } catch (err) {
      const stored = await kv.get(key);
      if (!stored || stored.operation !== 'PUT') throw err;
      const theirs = readSharedAck(key, stored.value);
      // Two desks acknowledging at once: the other desk's alert is open now.
      if (theirs) this.#received(key, theirs, true);
    }
  }

  #received(key: string, ack: ConditionAcknowledgement, live: boolean): void {
    if (this.o.adopt(ack, { orOpen: live })) {
      this.#waiting.delete(key);
      return;
    }
    if (this.#waiting.size >= MAX_WAITING_ACKS && !this.#waiting.has(key)) {
      const oldest = this.#waiting.keys().next();
      if (!oldest.done) this.#waiting.delete(oldest.value);
    }
    this.#waiting.set(key, ack);
  }
}
