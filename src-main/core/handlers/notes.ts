/** The notes channels: the active profile's notes on machines, read and written offline. */
import type { NoteService } from '../notes/note-service';
import type { HandlerGroup } from '../ports';

export type NoteChannels = 'notes:get' | 'notes:set';

export function createNoteHandlers(notes: NoteService): HandlerGroup<NoteChannels> {
  return {
    'notes:get': async () => notes.state(),
    // The notes after it go out as 'notes:changed'; the call answers nothing.
    'notes:set': async (input) => {
      notes.set(input);
    },
  };
}
