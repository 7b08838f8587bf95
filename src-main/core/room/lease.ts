/**
 * The poller's lease: one key in a bucket whose entries expire after the lease time (the
 * room server's bucket-wide TTL). Whoever creates the key polls the service; the holder
 * renews it with a revision-checked update well inside the TTL, so a desk that closes,
 * dies or loses the server stops renewing and the key expires; a clean close deletes it.
 * Taking over is a plain `create`, which the server refuses while the key is alive: two
 * desks can never both hold it.
 */
import type { KV } from '@nats-io/kv';
import * as v from 'valibot';
import { plainText } from '../../contract';

export const LEASE_KEY = 'poller';

const HolderSchema = v.object({ id: plainText(80, 'Desk id'), desk: plainText(80, 'Desk name') });
export type LeaseHolder = v.InferOutput<typeof HolderSchema>;

export class Lease {
  #revision: number | null = null;

  constructor(
    private readonly kv: KV,
    private readonly me: LeaseHolder,
  ) {}

  get held(): boolean {
    return this.#revision !== null;
  }

  /** Takes the lease when nobody holds it; true when this desk holds it now. */
  async acquire(): Promise<boolean> {
    if (this.#revision !== null) return this.renew();
    try {
      this.#revision = await this.kv.create(LEASE_KEY, JSON.stringify(this.me));
      return true;
    } catch {
      // Someone holds it (the server refused the create), or the server is gone.
      return false;
    }
  }

  /** Keeps the lease; false (and no longer held) when another desk has it or it expired. */
  async renew(): Promise<boolean> {
    if (this.#revision === null) return false;
    try {
      this.#revision = await this.kv.update(LEASE_KEY, JSON.stringify(this.me), this.#revision);
      return true;
    } catch {
      this.#revision = null;
      return false;
    }
  }

  /** Hands the lease back at once (a clean close): another desk takes over at its next look. */
  async release(): Promise<void> {
    const revision = this.#revision;
    this.#revision = null;
    if (revision === null) return;
    await this.kv.delete(LEASE_KEY, { previousSeq: revision }).catch(() => undefined);
  }

  /** Who holds the lease, as that desk wrote it (checked: it is another desk's text), or null. */
  async holder(): Promise<LeaseHolder | null> {
    const entry = await this.kv.get(LEASE_KEY);
    if (!entry || entry.operation !== 'PUT') return null;
    try {
      const r = v.safeParse(HolderSchema, entry.json());
      return r.success ? r.output : null;
    } catch {
      return null;
    }
  }
}
