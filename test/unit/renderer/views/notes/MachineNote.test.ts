import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte';
import MachineNote from '../../../../../src-renderer/src/views/notes/MachineNote.svelte';
import { setBridge } from '../../../../../src-renderer/src/lib/bridge';
import { notesStore } from '../../../../../src-renderer/src/state/notes.svelte';
import type { MachineNote as Note } from '../../../../../src-main/contract';
import { FakeBridge } from '../../fixtures';

let bridge: FakeBridge;
let notes: Note[];

beforeEach(async () => {
  notes = [{ assetId: 'thing:1', text: 'Left track squeaks', author: 'Ana', at: '2026-03-10T10:42:00.000Z' }];
  bridge = new FakeBridge();
  bridge
    .handle('notes:get', () => ({ profileId: 'demo', notes }))
    // As the main side does: the call answers nothing, the notes after it go out as 'notes:changed'.
    .handle('notes:set', (input) => {
      const { assetId, text } = input as { assetId: string; text: string };
      notes = [...notes.filter((n) => n.assetId !== assetId), ...(text ? [{ assetId, text, author: 'Ben', at: '2026-03-10T11:00:00.000Z' }] : [])];
      bridge.emit('notes:changed', { profileId: 'demo', notes });
    });
  setBridge(bridge);
  await notesStore.init();
});
afterEach(() => {
  cleanup();
  setBridge(null);
});

describe('a machine’s note in the details pane', () => {
  it('shows the note as text with who wrote it', () => {
    render(MachineNote, { assetId: 'thing:1' });
    expect(screen.getByText('Left track squeaks')).toBeInTheDocument();
    expect(screen.getByText(/^Ana, /)).toBeInTheDocument();
  });

  it('shows the text another desk wrote at the same time, which this note replaced', async () => {
    bridge.emit('notes:changed', {
      profileId: 'demo',
      notes: [{ ...notes[0]!, replaced: { text: 'Keys at the gate', author: 'Ben', at: '2026-03-10T10:41:00.000Z' } }],
    });
    render(MachineNote, { assetId: 'thing:1' });
    expect(document.querySelector('[data-note-replaced]')).toHaveTextContent('Written over a note from Ben');
    expect(document.querySelector('[data-note-replaced]')).toHaveTextContent('“Keys at the gate”');
  });

  it('adds a note to a machine without one and shows what the main side announced', async () => {
    render(MachineNote, { assetId: 'thing:2' });
    await fireEvent.click(screen.getByRole('button', { name: 'Add a note' }));
    await fireEvent.input(screen.getByLabelText('Note text'), { target: { value: 'Keys at the gate' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Save note' }));
    expect(bridge.callsTo('notes:set')).toEqual([[{ assetId: 'thing:2', text: 'Keys at the gate' }]]);
    expect(await screen.findByText('Keys at the gate')).toBeInTheDocument();
  });

  it('refuses a note over 500 characters by the rule’s words, sends nothing, and keeps the typed text', async () => {
    render(MachineNote, { assetId: 'thing:1' });
    await fireEvent.click(screen.getByRole('button', { name: 'Edit note' }));
    const long = 'x'.repeat(501);
    await fireEvent.input(screen.getByLabelText('Note text'), { target: { value: long } });
    await fireEvent.click(screen.getByRole('button', { name: 'Save note' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A note can have at most 500 characters');
    expect(bridge.callsTo('notes:set')).toEqual([]);
    expect(screen.getByLabelText('Note text')).toHaveValue(long);
    expect(notesStore.byAsset.get('thing:1')?.text).toBe('Left track squeaks');
  });
});
