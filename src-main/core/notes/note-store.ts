/** The notes on machines of one profile, in its offline store (the `machine_notes` table). */
import type Database from 'better-sqlite3';
import type { MachineNote } from '../../contract';
import type { NoteStore } from '../ports';
import { openInMemory, storageError } from '../store/database-file';

interface NoteRow {
  asset_id: string;
  text: string;
  author: string | null;
  at: string;
  replaced: string | null;
}

function replacedOf(json: string | null): MachineNote['replaced'] {
  if (json === null) return null;
  try {
    const value = JSON.parse(json) as MachineNote['replaced'];
    return value && typeof value.text === 'string' && typeof value.at === 'string' ? { text: value.text, author: typeof value.author === 'string' ? value.author : null, at: value.at } : null;
  } catch {
    return null;
  }
}

export class SqliteNoteStore implements NoteStore {
  private readonly statements;

  constructor(private readonly db: Database.Database) {
    this.statements = {
      list: db.prepare('SELECT asset_id, text, author, at, replaced FROM machine_notes ORDER BY asset_id'),
      put: db.prepare(
        `INSERT INTO machine_notes (asset_id, text, author, at, replaced) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (asset_id) DO UPDATE SET text = excluded.text, author = excluded.author, at = excluded.at, replaced = excluded.replaced`,
      ),
      remove: db.prepare('DELETE FROM machine_notes WHERE asset_id = ?'),
    };
  }

  list(): MachineNote[] {
    try {
      return (this.statements.list.all() as NoteRow[]).map((r) => ({ assetId: r.asset_id, text: r.text, author: r.author, at: r.at, replaced: replacedOf(r.replaced) }));
    } catch (err) {
      throw storageError('Could not read the notes in the offline store', err);
    }
  }

  put(note: MachineNote): void {
    try {
      if (note.text === '') this.statements.remove.run(note.assetId);
      else this.statements.put.run(note.assetId, note.text, note.author, note.at, note.replaced ? JSON.stringify(note.replaced) : null);
    } catch (err) {
      throw storageError('Could not write the note in the offline store', err);
    }
  }
}

/** Notes for a run whose store cannot keep them: the same table on a database in memory. */
export function openMemoryNoteStore(): SqliteNoteStore {
  return new SqliteNoteStore(openInMemory());
}
