/**
 * The active profile's notes on machines, as the core announces them ('notes:changed')
 * after a note is written here, on another desk of the room, or the profile switches.
 * Writing goes through `notes:set`; a refused note is named and the last good one stays.
 */
import * as v from 'valibot';
import { NoteInputSchema, type AppError, type MachineNote, type NotesState } from '@contract';
import { bridge, call, errorOf } from '../lib/bridge';

class NotesStore {
  profileId = $state<string | null>(null);
  notes = $state.raw<MachineNote[]>([]);
  /** Why the last write or load failed; the notes shown stay. */
  error = $state.raw<AppError | null>(null);

  /** assetId → note. */
  byAsset = $derived(new Map(this.notes.map((n) => [n.assetId, n])));

  #off: (() => void) | null = null;

  async init(): Promise<void> {
    this.#off?.();
    this.#off = bridge().on('notes:changed', (state) => this.replace(state));
    try {
      this.replace(await call('notes:get'));
      this.error = null;
    } catch (err) {
      this.error = errorOf(err);
    }
  }

  replace(state: NotesState): void {
    this.profileId = state.profileId;
    this.notes = state.notes;
  }

  /** Writes a machine's note (empty: removes it). True when it was written. */
  async save(assetId: string, text: string): Promise<boolean> {
    const checked = v.safeParse(NoteInputSchema, { assetId, text });
    if (!checked.success) {
      this.error = { kind: 'invalid-argument', message: checked.issues[0].message };
      return false;
    }
    try {
      await call('notes:set', checked.output);
      this.error = null;
      return true;
    } catch (err) {
      this.error = errorOf(err);
      return false;
    }
  }
}

export const notesStore = new NotesStore();
