import { describe, expect, it } from 'vitest';
import { cellText, filterEquipment, identifierOf, sortEquipment } from '../../../../../src-renderer/src/lib/aemp/equipment-table';
import { unit } from './equipment-fixture';


const a = unit({ equipmentId: 'EX-10', make: 'Caterpillar', model: '320', serialNumber: 'CAT0320', operatingHours: { hours: 50, at: null } });
const b = unit({ equipmentId: 'EX-9', make: 'Komatsu', model: 'PC210', vin: 'KMT123', operatingHours: { hours: 700, at: null }, distance: { metres: 5000, at: null } });
const c = unit({ equipmentId: 'DZ-1', make: 'John Deere', model: '850K', engineRunning: { running: true, at: null } });
const list = [a, b, c];

describe('sortEquipment', () => {
  it('sorts text naturally (EX-9 before EX-10)', () => {
    expect(sortEquipment(list, 'equipmentId', false).map((e) => e.equipmentId)).toEqual(['DZ-1', 'EX-9', 'EX-10']);
    expect(sortEquipment(list, 'equipmentId', true).map((e) => e.equipmentId)).toEqual(['EX-10', 'EX-9', 'DZ-1']);
  });

  it('sorts numbers and keeps missing values last in both directions', () => {
    expect(sortEquipment(list, 'operatingHours', false)).toEqual([a, b, c]);
    expect(sortEquipment(list, 'operatingHours', true)).toEqual([b, a, c]);
    expect(sortEquipment(list, 'distance', true)[0]).toBe(b);
  });

  it('does not mutate its input', () => {
    const copy = list.slice();
    sortEquipment(list, 'make', true);
    expect(list).toEqual(copy);
  });
});

describe('filterEquipment', () => {
  it('matches every word, case-insensitively, over make/model/ids', () => {
    expect(filterEquipment(list, 'komatsu')).toEqual([b]);
    expect(filterEquipment(list, 'kmt123')).toEqual([b]);
    expect(filterEquipment(list, 'john 850')).toEqual([c]);
    expect(filterEquipment(list, 'john 320')).toEqual([]);
    expect(filterEquipment(list, '   ')).toEqual(list);
  });
});

describe('cells and identifiers', () => {
  it('shows bare numbers (the unit is in the header) and dashes', () => {
    expect(cellText(b, 'distance', 'metric')).toBe('5.0');
    expect(cellText(c, 'engineRunning', 'metric')).toBe('Running');
    expect(cellText(a, 'vin', 'metric')).toBe('—');
  });

  it('prefers equipment id, then serial, then VIN', () => {
    expect(identifierOf(a)).toBe('EX-10');
    expect(identifierOf(unit({ serialNumber: 'S1', vin: 'V1' }))).toBe('S1');
    expect(identifierOf(unit({ vin: 'V1' }))).toBe('V1');
    expect(identifierOf(unit({}))).toBeNull();
  });
});

