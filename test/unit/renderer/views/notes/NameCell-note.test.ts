import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/svelte';
import NameCell from '../../../../../src-renderer/src/views/assets/NameCell.svelte';
import { notesStore } from '../../../../../src-renderer/src/state/notes.svelte';
import { row } from '../../fixtures';

afterEach(() => {
  cleanup();
  notesStore.replace({ profileId: 'demo', notes: [] });
});

describe('the list marks machines with a note', () => {
  it('marks a machine with a note, its text on hover as text, and leaves the others unmarked', () => {
    const hostile = '<img src=x onerror="window.__pwned=1">Keys at the gate';
    notesStore.replace({ profileId: 'demo', notes: [{ assetId: row(1).assetId, text: hostile, author: 'Ana', at: '2026-03-10T10:42:00.000Z' }] });
    const { container } = render(NameCell, { asset: row(1), tag: null });
    const marker = container.querySelector('[data-has-note]');
    expect(marker).toHaveAttribute('title', `Note: ${hostile}`);
    expect(container.querySelector('img')).toBeNull();
    cleanup();
    const other = render(NameCell, { asset: row(2), tag: null });
    expect(other.container.querySelector('[data-has-note]')).toBeNull();
  });
});
