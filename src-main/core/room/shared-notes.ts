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
import * as v from 'valibot';
import { AssetIdSchema, MAX_NOTE_CHARS, plainText, type MachineNote } from '../../contract';
import { describe, IsoTimeSchema, readEntry, SharedBucket, writeChecked } from './shared-bucket';

/** Largest note read from the room (text, the replaced text, names and times). */
export const MAX_SHARED_NOTE_BYTES = 8 * 1024;

const author = v.nullable(plainText(80, 'The dispatcher’s name'));
const text = plainText(MAX_NOTE_CHARS, 'A note');

/** What the room carries for one machine's note. Nothing else. */
export const SharedNoteSchema = v.strictObject({
  assetId: AssetIdSchema,
  text,
  author,
  at: IsoTimeSchema,
  replaced: v.optional(v.nullable(v.strictObject({ text, author, at: IsoTimeSchema }))),
});

export function noteKey(assetId: string): string {
  return createHash('sha256').update(assetId).digest('hex').slice(0, 40);
}

/** One entry from the room, or null for anything that is not a note filed under its own machine's key. */
export function readSharedNote(key: string, data: Uint8Array): MachineNote | null {
  const note = readEntry(data, MAX_SHARED_NOTE_BYTES, SharedNoteSchema);
  if (!note || noteKey(note.assetId) !== key) return null;
  return { ...note, replaced: note.replaced ?? null };
}

export interface SharedNotesOptions {
  bucket: (options: { history: number }) => Promise<KV>;
  /** Keeps and shows a note from the room; `keepReplaced`: the replaced text is news too. */
  apply: (note: MachineNote, options?: { keepReplaced?: boolean }) => void;
  /** The notes this desk holds, compared with the room's on every join. */
  local: () => MachineNote[];
  onProblem?: (problem: string) => void;
}

export class SharedNotes extends SharedBucket<MachineNote> {
  /** The revision of each machine's note this desk last saw. */
  readonly #seen = new Map<string, number>();

  constructor(private readonly o: SharedNotesOptions) {
    super({ open: () => o.bucket({ history: 5 }), label: 'Notes', ...(o.onProblem ? { onProblem: o.onProblem } : {}) });
  }

  protected read(key: string, data: Uint8Array): MachineNote | null {
    return readSharedNote(key, data);
  }

  protected async reconcile(kv: KV): Promise<void> {
    // Revisions seen before time apart may belong to a bucket the server has since lost.
    this.#seen.clear();
    for (const mine of this.o.local()) await this.#reconcile(kv, mine);
  }

  protected received(key: string, note: MachineNote, entry: KvWatchEntry): void {
    this.#seen.set(key, entry.revision);
    this.o.apply(note);
  }

  /** A note just written on this desk. */
  async publish(note: MachineNote): Promise<void> {
    const kv = this.kv;
    if (kv) await this.#write(kv, note);
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

  /** Last write wins at a checked revision; a note another desk wrote meanwhile is kept as replaced. */
  async #write(kv: KV, note: MachineNote): Promise<void> {
    try {
      const written = await writeChecked(kv, noteKey(note.assetId), note, {
        seen: this.#seen,
        read: readSharedNote,
        merge: (mine, theirs) => (theirs && theirs.text !== '' && theirs.text !== mine.text ? { ...mine, replaced: replacedBy(theirs) } : mine),
      });
      if (written) this.o.apply(written.value, { keepReplaced: true });
    } catch (err) {
      this.problem(`A note could not be shared with the room (${describe(err)})`);
    }
  }
}

function replacedBy(note: MachineNote): NonNullable<MachineNote['replaced']> {
  return { text: note.text, author: note.author, at: note.at };
}
