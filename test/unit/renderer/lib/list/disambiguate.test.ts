import { describe, expect, it } from 'vitest';
import { nameTags } from '../../../../../src-renderer/src/lib/list/disambiguate';
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
