/**
 * Notes dispatchers leave on machines, for the active profile: kept in its offline store
 * (in memory for the run when the store cannot keep them), checked by the contract's rule,
 * announced whole as 'notes:changed' after every change.
 */
import * as v from 'valibot';
import { NoteInputSchema, type EventSink, type MachineNote, type NotesState } from '../../contract';
import { FleetError } from '../errors';
import type { NoteStore, OfflineStore } from '../ports';
import { openMemoryNoteStore } from './note-store';

export interface NoteServiceOptions {
  profileId(): string;
  store(): OfflineStore;
  emit: EventSink;
  /** The dispatcher's name written with each note made on this desk. */
  author: () => string | null;
  /** A note written on this desk, after it is kept (a dispatch room shares it). */
  onWritten?: (profileId: string, note: MachineNote) => void;
  now?: () => Date;
}

export class NoteService {
  private readonly byStore = new WeakMap<OfflineStore, NoteStore>();
  private readonly now: () => Date;

  constructor(private readonly o: NoteServiceOptions) {
    this.now = o.now ?? (() => new Date());
  }

  state(): NotesState {
    return { profileId: this.o.profileId(), notes: this.notes().list() };
  }

  /** A note typed on this desk; returns what was written (empty text: the note removed). */
  set(input: unknown): MachineNote {
    const parsed = v.safeParse(NoteInputSchema, input);
    if (!parsed.success) throw new FleetError('invalid-argument', parsed.issues[0].message);
    const note: MachineNote = { assetId: parsed.output.assetId, text: parsed.output.text, author: this.o.author(), at: this.now().toISOString(), replaced: null };
    this.notes().put(note);
    this.announce();
    this.o.onWritten?.(this.o.profileId(), note);
    return note;
  }

  /** The profile's notes as kept (for a room to publish on join). */
  list(profileId: string): MachineNote[] {
    return profileId === this.o.profileId() ? this.notes().list() : [];
  }

  /** A note from another desk of the room (already checked): kept and announced; removed when its text is empty. */
  applyFromRoom(profileId: string, note: MachineNote, options: { keepReplaced?: boolean } = {}): void {
    if (profileId !== this.o.profileId()) return;
    const current = this.notes().list().find((n) => n.assetId === note.assetId);
    // The same writing told again keeps what this desk knows of the text it replaced.
    const sameReplaced = JSON.stringify(current?.replaced ?? null) === JSON.stringify(note.replaced ?? null);
    if (current ? sameNote(current, note) && (sameReplaced || (!options.keepReplaced && !note.replaced)) : note.text === '') return;
    this.notes().put(note);
    this.announce();
  }

  announce(): void {
    this.o.emit('notes:changed', this.state());
  }

  private notes(): NoteStore {
    const store = this.o.store();
    let notes = this.byStore.get(store);
    if (!notes) {
      notes = store.noteStore?.() ?? openMemoryNoteStore();
      this.byStore.set(store, notes);
    }
    return notes;
  }
}

function sameNote(a: MachineNote, b: MachineNote): boolean {
  return a.text === b.text && a.author === b.author && a.at === b.at;
}
