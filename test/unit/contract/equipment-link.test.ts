// Tests for src-main/contract/equipment-link.ts: the one rule linking AEMP equipment to assets
// (the table's forward direction is tested on the asset repository, which applies it).
import { describe, expect, it } from 'vitest';
import { equipmentForSerial, equipmentKeys, identifierKey } from '../../../src-main/contract/equipment-link';
import { LINK_ASSETS, LINK_CASES } from '../../fixtures/equipment-links';

describe('the equipment ⇄ asset matching rule', () => {
  it('compares identifiers trimmed and case-insensitively; blank ones are no identifier', () => {
    expect(identifierKey('  AbC-1 ')).toBe('abc-1');
    expect(identifierKey(' \t ')).toBeNull();
    expect(identifierKey(undefined)).toBeNull();
    expect(equipmentKeys({ serialNumber: 'X-1', vin: 'x-1 ' })).toEqual(['x-1']);
  });

  it.each(LINK_CASES.filter((c) => c.linked !== null))('finds the unit back from its asset: $name', ({ unit, linked }) => {
    const serial = LINK_ASSETS.find((a) => a.assetId === linked)?.serialNumber;
    const others = [{ serialNumber: 'OTHER-1', vin: 'OTHER-2' }];
    expect(equipmentForSerial([...others, unit], serial)).toBe(unit);
  });

  it('from an asset, prefers a unit with that serial number over one with that PIN/VIN', () => {
    const byPin = { serialNumber: 'A-1', vin: 'S-7' };
    const bySerial = { serialNumber: 's-7', vin: null };
    expect(equipmentForSerial([byPin, bySerial], ' S-7 ')).toBe(bySerial);
    expect(equipmentForSerial([byPin], 'S-7')).toBe(byPin);
    expect(equipmentForSerial([byPin, bySerial], '  ')).toBeNull();
    expect(equipmentForSerial([byPin, bySerial], 'S-8')).toBeNull();
  });
});
