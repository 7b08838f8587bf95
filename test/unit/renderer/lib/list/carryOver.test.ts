/**
 * The id lookup and name tags carried over a change equal those rebuilt from the new
 * rows, for random lists (shared names, duplicated ids) and random changes (rows replaced
 * with or without a new name, category or serial; rows removed, added or swapped).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AssetRow } from '../../../../../src-main/contract';
import { assetsById } from '../../../../../src-renderer/src/lib/list/assetIndex';
import { byIdAfter, nameTagsAfter } from '../../../../../src-renderer/src/lib/list/carryOver';
import { nameTags } from '../../../../../src-renderer/src/lib/list/disambiguate';
import { row } from '../../fixtures';

const spec = fc.record({
  id: fc.integer({ min: 1, max: 30 }),
  name: fc.constantFrom('Yard', 'yard ', 'Crane 1', 'Loader'),
  category: fc.option(fc.constantFrom('cranes', 'Cranes', 'loaders'), { nil: undefined }),
  serial: fc.option(fc.constantFrom('S1', 'S2', 's1'), { nil: undefined }),
});
interface Spec {
  id: number;
  name: string;
  category?: string;
  serial?: string;
}
const build = (s: Spec): AssetRow => row(s.id, { name: s.name, category: s.category, serialNumber: s.serial });

const edit = fc.array(
  fc.oneof(
    { arbitrary: fc.constant({ kind: 'keep' as const }), weight: 6 },
    { arbitrary: fc.constant({ kind: 'touch' as const }), weight: 2 },
    { arbitrary: spec.map((s) => ({ kind: 'retag' as const, s })), weight: 3 },
    { arbitrary: fc.constant({ kind: 'remove' as const }), weight: 1 },
  ),
  { minLength: 40, maxLength: 40 },
);

function changed(before: readonly AssetRow[], edits: { kind: string; s?: Spec }[], swap: boolean): AssetRow[] {
  const after: AssetRow[] = [];
  before.forEach((r, i) => {
    const e = edits[i % edits.length];
    if (e.kind === 'keep') after.push(r);
    else if (e.kind === 'touch') after.push({ ...r, fuel: (r.fuel ?? 0) + 1 });
    // Same id, maybe another name, category or serial.
    else if (e.kind === 'retag') after.push({ ...build({ ...e.s!, id: 0 }), assetId: r.assetId });
  });
  if (swap && after.length > 1) [after[0], after[1]] = [after[1], after[0]];
  return after;
}

describe('carried-over lookups', () => {
  it('equal a rebuild for random changes', () => {
    fc.assert(
      fc.property(fc.array(spec, { minLength: 1, maxLength: 30 }), edit, fc.boolean(), (specs, edits, swap) => {
        const before = specs.map(build);
        const after = changed(before, edits, swap);
        const byId = byIdAfter(before, assetsById(before), after);
        expect([...byId]).toEqual([...assetsById(after)]);
        [...byId.values()].forEach((r, i) => expect(r).toBe([...assetsById(after).values()][i]));
        expect([...nameTagsAfter(before, nameTags(before), after)].sort()).toEqual([...nameTags(after)].sort());
      }),
      { numRuns: 1000 },
    );
  });

  it('reuses the tags and copies the lookup when only readings changed', () => {
    const before = [build({ id: 1, name: 'Yard' }), build({ id: 2, name: 'Yard' }), build({ id: 3, name: 'Loader' })];
    const after = [before[0], { ...before[1], fuel: 5 }, before[2]];
    const tags = nameTags(before);
    expect(nameTagsAfter(before, tags, after)).toBe(tags);
    expect(byIdAfter(before, assetsById(before), after).get('thing:2')).toBe(after[1]);
  });

  it('builds the tags anew when a changed row has another serial or category', () => {
    const before = [build({ id: 1, name: 'Yard', serial: 'S1' }), build({ id: 2, name: 'Yard', serial: 'S2' })];
    const serial = [before[0], { ...before[1], serialNumber: 'S3' }];
    expect(nameTagsAfter(before, nameTags(before), serial).get('thing:2')?.text).toBe('S/N S3');
    const sorted = [build({ id: 1, name: 'Yard', category: 'cranes' }), build({ id: 2, name: 'Yard', category: 'loaders' })];
    const category = [sorted[0], { ...sorted[1], category: 'pumps' }];
    expect(nameTagsAfter(sorted, nameTags(sorted), category).get('thing:2')?.text).toBe('pumps');
  });
});
