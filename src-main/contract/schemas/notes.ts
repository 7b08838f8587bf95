/** Notes a dispatcher leaves on a machine: the rule for their text, written once. */
import * as v from 'valibot';
import { AssetIdSchema } from './ids';
import { plainText } from './text';

/** Longest note on one machine. */
export const MAX_NOTE_CHARS = 500;

/** A note's text, trimmed; empty removes the note. */
export const NoteTextSchema = v.pipe(plainText(MAX_NOTE_CHARS, 'A note'), v.trim());

/** What `notes:set` takes: the machine and the note's new text. */
export const NoteInputSchema = v.strictObject(
  {
    assetId: AssetIdSchema,
    text: NoteTextSchema,
  },
  'A note names one machine and its text, nothing else',
);
export type NoteInput = v.InferOutput<typeof NoteInputSchema>;
