/** Notes on machines, as the renderer sees them. */

/** One machine's note: its text, who wrote it last (the desk's dispatcher name) and when. */
export interface MachineNote {
  assetId: string;
  text: string;
  author: string | null;
  at: string;
  /**
   * In a dispatch room: the text another desk wrote at the same time, which this note
   * replaced (the last write wins, the other is kept here to be seen). Absent: none.
   */
  replaced?: { text: string; author: string | null; at: string } | null;
}

/** Every note of the active profile, by machine (sent whole: a branch has a few hundred at most). */
export interface NotesState {
  profileId: string;
  notes: MachineNote[];
}
