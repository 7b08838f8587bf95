/**
 * The site edits this desk made, newest last, so the last one can be taken back: a new
 * site is deleted again, a changed site is saved as it was, a deleted site is saved again
 * under its old id (the contract accepts an unused id). An undo that the main side refuses
 * stays on the stack, so it can be tried again.
 */
import type { Site, SiteInput } from '@contract';
import { inputOf } from './site-form';

export type SiteEdit =
  | { kind: 'created'; site: Site }
  | { kind: 'edited'; before: Site }
  | { kind: 'deleted'; before: Site };

export interface SiteCalls {
  save(input: SiteInput): Promise<Site>;
  remove(id: string): Promise<void>;
}

/** How many edits can be taken back: older ones drop off, so a long session does not grow without end. */
export const MAX_SITE_UNDO = 50;

export class SiteUndoStack {
  #edits: SiteEdit[] = [];

  get size(): number {
    return this.#edits.length;
  }

  /** What "Undo" would take back, for its label; null when nothing. */
  peek(): SiteEdit | null {
    return this.#edits[this.#edits.length - 1] ?? null;
  }

  push(edit: SiteEdit): void {
    this.#edits.push(edit);
    if (this.#edits.length > MAX_SITE_UNDO) this.#edits.splice(0, this.#edits.length - MAX_SITE_UNDO);
  }

  clear(): void {
    this.#edits = [];
  }

  /** Takes back the last edit; returns what it undid (null: nothing to undo). A refusal throws and keeps it. */
  async undo(calls: SiteCalls): Promise<SiteEdit | null> {
    const edit = this.peek();
    if (!edit) return null;
    if (edit.kind === 'created') await calls.remove(edit.site.id);
    else await calls.save(inputOf(edit.before));
    this.#edits.pop();
    return edit;
  }
}

/** "Undo new site North yard" — the words of the Undo button for what it takes back. */
export function undoLabel(edit: SiteEdit | null): string {
  if (!edit) return 'Nothing to undo';
  if (edit.kind === 'created') return `Undo new site ${edit.site.name}`;
  if (edit.kind === 'edited') return `Undo change to ${edit.before.name}`;
  return `Undo delete of ${edit.before.name}`;
}
