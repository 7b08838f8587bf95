/**
 * What every kind the desks of a branch share through a key-value bucket has in common:
 * the bucket is opened when the desk is in its room, what the desk holds is written (or
 * compared with the room's) on every join, then the bucket is watched until the server
 * goes away. Entries are read with a size cap and a strict schema; anything else is
 * refused with a sentence, never applied.
 *
 * `writeChecked` is the last-write-wins write the shared kinds use: it writes at the
 * revision this desk last saw, so a write made by another desk in between is never
 * silently overwritten; the kind decides what to write after reading it.
 */
import type { KV, KvEntry, KvWatchEntry } from '@nats-io/kv';
import type { QueuedIterator } from '@nats-io/transport-node';
import * as v from 'valibot';

/** A time the room carries (ISO 8601). */
export const IsoTimeSchema = v.pipe(
  v.string(),
  v.maxLength(40),
  v.check((s) => !Number.isNaN(Date.parse(s)), 'a time'),
);

/** Tries at one write while other desks keep writing the same key. */
const WRITE_TRIES = 5;

/** Reads one JSON entry of at most `maxBytes` against a schema; null for anything else. */
export function readEntry<S extends v.GenericSchema>(data: Uint8Array, maxBytes: number, schema: S): v.InferOutput<S> | null {
  if (data.byteLength === 0 || data.byteLength > maxBytes) return null;
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(data));
  } catch {
    return null;
  }
  const parsed = v.safeParse(schema, value);
  return parsed.success ? parsed.output : null;
}

export interface SharedBucketOptions {
  /** The bucket of this kind (throws while the server is out of reach). */
  open: () => Promise<KV>;
  /** What is shared, for messages: "Notes", "Alert rules". */
  label: string;
  onProblem?: (problem: string) => void;
}

/** One shared kind: what it reads, what it does on joining, and what it does with each entry the watch brings. */
export abstract class SharedBucket<T> {
  #kv: KV | null = null;
  #watch: QueuedIterator<KvWatchEntry> | null = null;
  #joining: Promise<void> | null = null;
  #stopped = false;
  /** Keys this desk is writing now, with the last entry of each the watch brought meanwhile. */
  readonly #writing = new Map<string, { count: number; held: KvWatchEntry | null }>();

  constructor(private readonly bucketOptions: SharedBucketOptions) {}

  /** One entry as this kind, or null when it is not one (refused with a message). */
  protected abstract read(key: string, data: Uint8Array): T | null;
  /** On every join, before the watch: what the desk holds goes to the room, or is compared with it. */
  protected abstract reconcile(kv: KV): Promise<void>;
  /** An entry read while watching (`isUpdate`: written while this desk watched). */
  protected abstract received(key: string, value: T, entry: KvWatchEntry): void;

  /** The open bucket while the desk is in its room; null while apart. */
  protected get kv(): KV | null {
    return this.#kv;
  }

  /** The desk is in its room (again): reconciles what it holds, then follows the others. */
  joined(): Promise<void> {
    this.#joining ??= this.#join().finally(() => {
      this.#joining = null;
    });
    return this.#joining;
  }

  /** The server went away: what the desk writes stays local until `joined` again. */
  left(): void {
    this.#watch?.stop();
    this.#watch = null;
    this.#kv = null;
  }

  stop(): void {
    this.#stopped = true;
    this.left();
  }

  /**
   * Runs this desk's write of `key`. An entry of that key the watch brings meanwhile is an
   * older write the checked write is settling (or its own echo): it is held, and only the
   * last one is passed on once the write is done, so a value this desk is replacing never
   * shows here, even for a moment.
   */
  protected async writing<R>(key: string, work: () => Promise<R>): Promise<R> {
    const slot = this.#writing.get(key) ?? { count: 0, held: null };
    slot.count++;
    this.#writing.set(key, slot);
    try {
      return await work();
    } finally {
      slot.count--;
      if (slot.count === 0) {
        this.#writing.delete(key);
        if (slot.held) this.#pass(slot.held);
      }
    }
  }

  /** Whether this desk is writing `key` now. */
  protected isWriting(key: string): boolean {
    return this.#writing.has(key);
  }

  protected problem(problem: string): void {
    this.bucketOptions.onProblem?.(problem);
  }

  async #join(): Promise<void> {
    const { open, label } = this.bucketOptions;
    if (this.#stopped || this.#kv) return;
    let kv: KV;
    try {
      kv = await open();
    } catch (err) {
      this.problem(`${label} could not be shared with the room (${describe(err)})`);
      return;
    }
    if (this.#stopped) return;
    this.#kv = kv;
    try {
      await this.reconcile(kv);
      this.#watch = await kv.watch({ ignoreDeletes: true });
    } catch (err) {
      this.problem(`${label} could not be shared with the room (${describe(err)})`);
      this.left();
      return;
    }
    void this.#follow(this.#watch);
  }

  async #follow(watch: QueuedIterator<KvWatchEntry>): Promise<void> {
    try {
      for await (const entry of watch) {
        if (entry.operation !== 'PUT') continue;
        const slot = this.#writing.get(entry.key);
        if (slot) slot.held = entry;
        else this.#pass(entry);
      }
    } catch {
      // The watch ends with the connection; the next join starts another.
    }
  }

  #pass(entry: KvWatchEntry): void {
    const value = this.read(entry.key, entry.value);
    if (value === null) {
      this.problem(`${this.bucketOptions.label}: an entry from the room was refused (not one Fleet Desk understands)`);
      return;
    }
    this.received(entry.key, value, entry);
  }
}

/** What a checked write wrote, and at which revision. */
export interface CheckedWrite<T> {
  value: T;
  revision: number;
}

/**
 * Writes `value` at the revision last seen for `key` (created when none was seen). When
 * another desk wrote in between, `merge` is given what is there now and says what to
 * write instead (its own value again, keeping a trace of theirs, or null to let theirs
 * stand: then null is returned). `seen` is updated with every revision read or written.
 * Throws when other desks keep writing the same key.
 */
export async function writeChecked<T>(
  kv: KV,
  key: string,
  value: T,
  o: {
    seen: Map<string, number>;
    read: (key: string, data: Uint8Array) => T | null;
    merge: (mine: T, theirs: T | null, entry: KvEntry) => T | null;
    /** What the room carries for a value, when that is not the value itself. */
    encode?: (value: T) => unknown;
  },
): Promise<CheckedWrite<T> | null> {
  let writing: T = value;
  for (let i = 0; i < WRITE_TRIES; i++) {
    const seen = o.seen.get(key);
    const data = JSON.stringify(o.encode ? o.encode(writing) : writing);
    try {
      const revision = seen === undefined ? await kv.create(key, data) : await kv.update(key, data, seen);
      o.seen.set(key, revision);
      return { value: writing, revision };
    } catch (err) {
      const entry = await kv.get(key);
      if (!entry) throw err;
      o.seen.set(key, entry.revision);
      const next = o.merge(value, entry.operation === 'PUT' ? o.read(key, entry.value) : null, entry);
      if (next === null) return null;
      writing = next;
    }
  }
  throw new Error('other desks kept writing the same entry');
}

export function describe(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).split('\n')[0] ?? '';
}
