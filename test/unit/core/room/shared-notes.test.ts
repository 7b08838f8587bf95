import { describe, expect, it } from 'vitest';
import type { MachineNote } from '../../../../src-main/contract';
import { MAX_SHARED_NOTE_BYTES, noteKey, readSharedNote, SharedNotes } from '../../../../src-main/core/room/shared-notes';
import { memoryKv } from '../../../support/memory-kv';

const ana: MachineNote = { assetId: 'thing:1', text: 'Keys at the gate', author: 'Ana', at: '2026-03-10T10:42:00.000Z', replaced: null };
const ben: MachineNote = { ...ana, text: 'Keys with the foreman', author: 'Ben', at: '2026-03-10T10:43:00.000Z' };
const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

describe('shared notes', () => {
  it('a note written over one this desk had not seen keeps that one as replaced, in the room and here', async () => {
    const { kv, read: readJson } = memoryKv();
    const read = (key: string) => readJson<MachineNote>(key);
    const applied: MachineNote[] = [];
    const desk = new SharedNotes({ bucket: async () => kv, apply: (n) => applied.push(n), local: () => [] });
    await desk.joined();
    // Another desk wrote first; this desk never saw it.
    await kv.create(noteKey('thing:1'), JSON.stringify(ana));
    await desk.publish(ben);
    expect(read(noteKey('thing:1'))).toMatchObject({ text: 'Keys with the foreman', replaced: { text: 'Keys at the gate', author: 'Ana' } });
    expect(applied.at(-1)).toMatchObject({ text: 'Keys with the foreman', replaced: { text: 'Keys at the gate' } });
  });
});

describe('reading a note from the room', () => {
  it('reads one filed under its machine’s key, and an empty text as a removal', () => {
    expect(readSharedNote(noteKey('thing:1'), bytes(ana))).toEqual(ana);
    expect(readSharedNote(noteKey('thing:1'), bytes({ ...ana, text: '' }))?.text).toBe('');
  });

  it('refuses another machine’s key, extra fields, too long a note, and anything over the size cap', () => {
    expect(readSharedNote(noteKey('thing:2'), bytes(ana))).toBeNull();
    expect(readSharedNote(noteKey('thing:1'), bytes({ ...ana, token: 'x' }))).toBeNull();
    expect(readSharedNote(noteKey('thing:1'), bytes({ ...ana, text: 'x'.repeat(501) }))).toBeNull();
    const padded = new Uint8Array(MAX_SHARED_NOTE_BYTES + 1).fill(32);
    padded.set(bytes(ana));
    expect(readSharedNote(noteKey('thing:1'), padded)).toBeNull();
  });
});
