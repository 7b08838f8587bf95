import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nameKey, nameTags } from '../../../../../src-renderer/src/lib/list/disambiguate';
import { row as asset } from '../../fixtures';

const area = (n: number, name: string) => asset(n, { assetId: `area:${n}`, type: 'area', name, category: undefined, serialNumber: undefined }, null);

describe('nameTags', () => {
  it('tags only assets whose name repeats, ignoring case and extra spaces', () => {
    const tags = nameTags([area(3, 'Airport Job site'), area(12, 'airport  job site '), area(4, 'Downtown Yard')]);
    expect(tags.get('area:3')).toEqual({ text: 'area:3', field: 'id', sharedBy: 2 });
    expect(tags.get('area:12')?.text).toBe('area:12');
    expect(tags.has('area:4')).toBe(false);
  });

  it('uses the first field that differs across the whole group: category, then serial, then id', () => {
    const byCategory = nameTags([asset(1, { name: 'Unit 7', category: 'excavator' }), asset(2, { name: 'Unit 7', category: 'trailer' })]);
    expect([byCategory.get('thing:1')?.text, byCategory.get('thing:2')?.text]).toEqual(['excavator', 'trailer']);
    // Same category: the serial number tells them apart.
    const bySerial = nameTags([asset(1, { name: 'Loader', category: 'loader', serialNumber: 'A1' }), asset(2, { name: 'Loader', category: 'loader', serialNumber: 'B2' })]);
    expect(bySerial.get('thing:2')).toMatchObject({ text: 'S/N B2', field: 'serial' });
    // A category shared by two of three, or a missing serial, does not tell them apart: the id does.
    const byId = nameTags([
      asset(1, { name: 'Pump', category: 'pump', serialNumber: '' }),
      asset(2, { name: 'Pump', category: 'pump', serialNumber: 'X' }),
      asset(3, { name: 'Pump', category: 'generator', serialNumber: 'Y' }),
    ]);
    expect([...byId.values()].map((t) => t.text)).toEqual(['thing:1', 'thing:2', 'thing:3']);
  });
});

describe('nameKey', () => {
  // The plain rule; nameKey skips the trim and replace for names with no space to clean up.
  const reference = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

  it('cleans ends, runs and other kinds of spaces, and ignores case', () => {
    expect(nameKey('  Airport  Job\tsite ')).toBe('airport job site');
    expect(nameKey('Yard\u00a07')).toBe('yard 7');
    expect(nameKey('Yard 7')).toBe('yard 7');
  });

  it('gives what the plain rule gives for any name', () => {
    const char = fc.constantFrom('a', 'B', 'İ', '7', ' ', '\t', '\n', '\u00a0', '\u2003', '-');
    fc.assert(fc.property(fc.array(char, { maxLength: 12 }).map((chars) => chars.join('')), (name) => nameKey(name) === reference(name)));
  });
});

describe('nameTags groups', () => {
  it('tags every asset of a name, however many share it, and keeps list order within the group', () => {
    const tags = nameTags([area(1, 'Depot'), area(2, 'Yard'), area(3, 'depot'), area(4, 'Depot '), area(5, 'Gate')]);
    expect([...tags.keys()]).toEqual(['area:1', 'area:3', 'area:4']);
    expect(tags.get('area:4')).toEqual({ text: 'area:4', field: 'id', sharedBy: 3 });
  });
});
