/**
 * Notes on machines shared by the desks of a branch through the room server: one
 * key-value bucket, one key per machine. The last write wins, checked by revision: a desk
 * writes with `update` at the revision it last saw; when another desk wrote in between,
 * it reads that note, keeps its text as the one it replaced (shown on every desk as a
 * conflict) and writes again at the new revision. A removed note is written as empty text,
 * so the removal reaches the others too.
 *
 * Notes written while the server is away stay in the desk's store; on joining again each
 * is compared with the room's: the newer wins and the other's text is kept as replaced.
 */
import { createHash } from 'node:crypto';
import type { KV, KvWatchEntry } from '@nats-io/kv';
import type { QueuedIterator } from '@nats-io/transport-node';
import * as v from 'valibot';
import { AssetIdSchema, MAX_NOTE_CHARS, plainText, type MachineNote } from '../../contract';

/** Largest note read from the room (text, the replaced text, names and times). */
export const MAX_SHARED_NOTE_BYTES = 8 * 1024;
/** Tries at writing one note while other desks keep writing the same machine's. */
const WRITE_TRIES = 5;

const isoTime = v.pipe(
  v.string(),
  v.maxLength(40),
  v.check((s) => !Number.isNaN(Date.parse(s)), 'a time'),
);
const author = v.nullable(plainText(80, 'The dispatcher’s name'));
const text = plainText(MAX_NOTE_CHARS, 'A note');

/** What the room carries for one machine's note. Nothing else. */
export const SharedNoteSchema = v.strictObject({
  assetId: AssetIdSchema,
  text,
  author,
  at: isoTime,
  replaced: v.optional(v.nullable(v.strictObject({ text, author, at: isoTime }))),
});

export function noteKey(assetId: string): string {
  return createHash('sha256').update(assetId).digest('hex').slice(0, 40);
}

/** One entry from the room, or null for anything that is not a note filed under its own machine's key. */
export function readSharedNote(key: string, data: Uint8Array): MachineNote | null {
  if (data.byteLength === 0 || data.byteLength > MAX_SHARED_NOTE_BYTES) return null;
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(data));
  } catch {
    return null;
  }
  const parsed = v.safeParse(SharedNoteSchema, value);
  if (!parsed.success || noteKey(parsed.output.assetId) !== key) return null;
  return { ...parsed.output, replaced: parsed.output.replaced ?? null };
}

export interface SharedNotesOptions {
  bucket: (options: { history: number }) => Promise<KV>;
  /** Keeps and shows a note from the room; `keepReplaced`: the replaced text is news too. */
  apply: (note: MachineNote, options?: { keepReplaced?: boolean }) => void;
  /** The notes this desk holds, compared with the room's on every join. */
  local: () => MachineNote[];
  onProblem?: (problem: string) => void;
}

export class SharedNotes {
  #kv: KV | null = null;
  #watch: QueuedIterator<KvWatchEntry> | null = null;
  #joining: Promise<void> | null = null;
  #stopped = false;
  /** The revision of each machine's note this desk last saw. */
  readonly #seen = new Map<string, number>();

  constructor(private readonly o: SharedNotesOptions) {}

  joined(): Promise<void> {
    this.#joining ??= this.#join().finally(() => {
      this.#joining = null;
    });
    return this.#joining;
  }

  left(): void {
    this.#watch?.stop();
    this.#watch = null;
    this.#kv = null;
  }

  stop(): void {
    this.#stopped = true;
    this.left();
  }

  /** A note just written on this desk. */
  async publish(note: MachineNote): Promise<void> {
    const kv = this.#kv;
    if (kv) await this.#write(kv, note);
  }

  async #join(): Promise<void> {
    if (this.#stopped || this.#kv) return;
    let kv: KV;
    try {
      kv = await this.o.bucket({ history: 5 });
    } catch (err) {
      this.o.onProblem?.(`Notes could not be shared with the room (${describe(err)})`);
      return;
    }
    if (this.#stopped) return;
    this.#kv = kv;
    try {
      for (const mine of this.o.local()) await this.#reconcile(kv, mine);
      this.#watch = await kv.watch({ ignoreDeletes: true });
    } catch (err) {
      this.o.onProblem?.(`Notes could not be shared with the room (${describe(err)})`);
      this.left();
      return;
    }
    void this.#follow(this.#watch);
  }

  /** After time apart: the newer of this desk's note and the room's wins; the other's text is kept as replaced. */
  async #reconcile(kv: KV, mine: MachineNote): Promise<void> {
    const key = noteKey(mine.assetId);
    const entry = await kv.get(key);
    const theirs = entry && entry.operation === 'PUT' ? readSharedNote(key, entry.value) : null;
    if (!entry || !theirs) {
      if (mine.text !== '') await this.#write(kv, mine);
      return;
    }
    this.#seen.set(key, entry.revision);
    if (theirs.text === mine.text && theirs.at === mine.at) return;
    const differ = theirs.text !== mine.text;
    // The merged note goes back to the room, so every desk shows the text that lost.
    if (mine.at > theirs.at) await this.#write(kv, differ && theirs.text !== '' ? { ...mine, replaced: replacedBy(theirs) } : mine);
    else if (differ && mine.text !== '') await this.#write(kv, { ...theirs, replaced: replacedBy(mine) });
    else this.o.apply(theirs);
  }

  async #follow(watch: QueuedIterator<KvWatchEntry>): Promise<void> {
    try {
      for await (const entry of watch) {
        if (entry.operation !== 'PUT') continue;
        const note = readSharedNote(entry.key, entry.value);
        if (!note) {
          this.o.onProblem?.('A note from the room was refused (not one Fleet Desk understands)');
          continue;
        }
        this.#seen.set(entry.key, entry.revision);
        this.o.apply(note);
      }
    } catch {
      // The watch ends with the connection; the next join starts another.
    }
  }

  /** Last write wins at a checked revision; a note another desk wrote meanwhile is kept as replaced. */
  async #write(kv: KV, note: MachineNote): Promise<void> {
    const key = noteKey(note.assetId);
    let writing = note;
    for (let i = 0; i < WRITE_TRIES; i++) {
      const seen = this.#seen.get(key);
      try {
        const revision = seen === undefined ? await kv.create(key, JSON.stringify(writing)) : await kv.update(key, JSON.stringify(writing), seen);
        this.#seen.set(key, revision);
        this.o.apply(writing, { keepReplaced: true });
        return;
      } catch (err) {
        const entry = await kv.get(key);
        if (!entry) throw err;
        this.#seen.set(key, entry.revision);
        const theirs = entry.operation === 'PUT' ? readSharedNote(key, entry.value) : null;
        if (theirs && theirs.text !== '' && theirs.text !== note.text) writing = { ...note, replaced: replacedBy(theirs) };
      }
    }
    this.o.onProblem?.('A note could not be shared with the room: other desks kept writing the same machine’s note');
  }
}

function replacedBy(note: MachineNote): NonNullable<MachineNote['replaced']> {
  return { text: note.text, author: note.author, at: note.at };
}

function describe(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).split('\n')[0] ?? '';
}
