/**
 * Undo of the last site edit: a new site is deleted, a change is saved back as it was, a
 * delete is saved again under its old id; a refused undo stays to be tried again; the stack
 * keeps a bounded number of edits.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Site, SiteInput } from '../../../../../src-main/contract';
import { MAX_SITE_UNDO, SiteUndoStack, undoLabel, type SiteCalls } from '../../../../../src-renderer/src/lib/sites/site-undo';
import { rectangleShape } from '../../../../../src-renderer/src/lib/sites/site-shapes';

const site = (id: string, name = 'Yard'): Site => ({ id, name, kind: 'yard', notes: '', shape: rectangleShape(40, -112, 41, -111), regionCode: null, createdAt: 1, updatedAt: 1 });

function fakeCalls() {
  const saved: SiteInput[] = [];
  const removed: string[] = [];
  const calls: SiteCalls = {
    save: vi.fn(async (input: SiteInput) => {
      saved.push(input);
      return { ...site(input.id ?? 's-new00000'), name: input.name };
    }),
    remove: vi.fn(async (id: string) => {
      removed.push(id);
    }),
  };
  return { calls, saved, removed };
}

describe('site undo', () => {
  it('deletes a site it created', async () => {
    const stack = new SiteUndoStack();
    const { calls, removed, saved } = fakeCalls();
    stack.push({ kind: 'created', site: site('s-0000aaaa') });
    await stack.undo(calls);
    expect(removed).toEqual(['s-0000aaaa']);
    expect(saved).toEqual([]);
    expect(stack.size).toBe(0);
  });

  it('saves a changed site back as it was', async () => {
    const stack = new SiteUndoStack();
    const { calls, saved } = fakeCalls();
    stack.push({ kind: 'edited', before: site('s-0000aaaa', 'Old name') });
    await stack.undo(calls);
    expect(saved).toEqual([expect.objectContaining({ id: 's-0000aaaa', name: 'Old name' })]);
  });

  it('saves a deleted site again under its old id', async () => {
    const stack = new SiteUndoStack();
    const { calls, saved } = fakeCalls();
    stack.push({ kind: 'deleted', before: site('s-0000bbbb', 'Gone') });
    await stack.undo(calls);
    expect(saved).toEqual([expect.objectContaining({ id: 's-0000bbbb', name: 'Gone' })]);
  });

  it('takes back the newest edit first', async () => {
    const stack = new SiteUndoStack();
    const { calls, saved, removed } = fakeCalls();
    stack.push({ kind: 'created', site: site('s-0000aaaa') });
    stack.push({ kind: 'edited', before: site('s-0000aaaa', 'First name') });
    await stack.undo(calls);
    expect(saved.map((s) => s.name)).toEqual(['First name']);
    expect(removed).toEqual([]);
    await stack.undo(calls);
    expect(removed).toEqual(['s-0000aaaa']);
  });

  it('keeps an undo the main side refused, to try again', async () => {
    const stack = new SiteUndoStack();
    const calls: SiteCalls = { save: async () => Promise.reject(new Error('offline')), remove: async () => Promise.reject(new Error('offline')) };
    stack.push({ kind: 'deleted', before: site('s-0000bbbb') });
    await expect(stack.undo(calls)).rejects.toThrow('offline');
    expect(stack.size).toBe(1);
  });

  it('has nothing to undo when empty', async () => {
    const { calls } = fakeCalls();
    expect(await new SiteUndoStack().undo(calls)).toBeNull();
    expect(undoLabel(null)).toBe('Nothing to undo');
  });

  it(`keeps the newest ${MAX_SITE_UNDO} edits only`, () => {
    const stack = new SiteUndoStack();
    for (let i = 0; i < MAX_SITE_UNDO + 5; i++) stack.push({ kind: 'created', site: site(`s-${String(i).padStart(8, '0')}`) });
    expect(stack.size).toBe(MAX_SITE_UNDO);
    expect(stack.peek()).toEqual({ kind: 'created', site: expect.objectContaining({ id: `s-${String(MAX_SITE_UNDO + 4).padStart(8, '0')}` }) });
  });

  it('names what it would take back', () => {
    expect(undoLabel({ kind: 'created', site: site('s-0000aaaa', 'North') })).toBe('Undo new site North');
    expect(undoLabel({ kind: 'edited', before: site('s-0000aaaa', 'North') })).toBe('Undo change to North');
    expect(undoLabel({ kind: 'deleted', before: site('s-0000aaaa', 'North') })).toBe('Undo delete of North');
  });
});
