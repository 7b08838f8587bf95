import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventChannel, NotesState } from '../../../../src-main/contract';
import { NoteService } from '../../../../src-main/core/notes/note-service';
import type { OfflineStore } from '../../../../src-main/core/ports';
import { createStoreFactory } from '../../../../src-main/core/store/sqlite-store';
import { makeTempDir } from '../../../fixtures/store/temp-dir';

let dir: string;
let cleanup: () => void;
const stores: OfflineStore[] = [];
beforeEach(() => ({ dir, cleanup } = makeTempDir()));
afterEach(() => {
  for (const store of stores.splice(0)) store.close();
  cleanup();
});

function open(profileId = 'demo'): OfflineStore {
  const store = createStoreFactory(dir).open(profileId);
  stores.push(store);
  return store;
}

function service(store: OfflineStore) {
  const events: { name: EventChannel; payload: unknown }[] = [];
  const notes = new NoteService({
    profileId: () => 'demo',
    store: () => store,
    emit: (name, payload) => events.push({ name, payload }),
    author: () => 'Ana',
    now: () => new Date('2026-03-10T10:42:00.000Z'),
  });
  return { notes, events };
}

describe('notes on machines', () => {
  it('writes a note with its author and time, announces it, and keeps it across a restart', () => {
    const first = open();
    const { notes, events } = service(first);
    notes.set({ assetId: 'thing:1', text: '  Left track squeaks  ' });
    const expected = { assetId: 'thing:1', text: 'Left track squeaks', author: 'Ana', at: '2026-03-10T10:42:00.000Z', replaced: null };
    expect(events).toEqual([{ name: 'notes:changed', payload: { profileId: 'demo', notes: [expected] } satisfies NotesState }]);
    first.close();
    stores.splice(0);
    expect(service(open()).notes.state().notes).toEqual([expected]);
  });

  it('removes a note when its text is emptied', () => {
    const { notes } = service(open());
    notes.set({ assetId: 'thing:1', text: 'Left track squeaks' });
    notes.set({ assetId: 'thing:1', text: '' });
    expect(notes.state().notes).toEqual([]);
  });

  it('refuses a note over 500 characters in words, and the last good note stays', () => {
    const { notes, events } = service(open());
    notes.set({ assetId: 'thing:1', text: 'Left track squeaks' });
    expect(() => notes.set({ assetId: 'thing:1', text: 'x'.repeat(501) })).toThrow('A note can have at most 500 characters');
    expect(notes.state().notes.map((n) => n.text)).toEqual(['Left track squeaks']);
    expect(events).toHaveLength(1);
  });
});
