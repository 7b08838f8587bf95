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
    const note: MachineNote = { assetId: parsed.output.assetId, text: parsed.output.text, author: this.o.author(), at: this.now().toISOString() };
    this.notes().put(note);
    this.announce();
    return note;
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
