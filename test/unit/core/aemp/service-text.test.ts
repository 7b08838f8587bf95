/**
 * Echoed secrets and bounded text for the fleet (AEMP) interface: a token echoed in unit text
 * (ids, serials, PINs, make, model), in element names or in values quoted by issues, in
 * JSON or XML (where entities can spell it), never reaches the listing; text longer
 * than MAX_FIELD_CHARS is cut with a visible mark and an issue.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { forgetSecret, registerSecret } from '../../../../src-main/core/errors';
import { parseAempPage, parseHistoryPage, parseEquipment } from '../../../../src-main/core/aemp/parse-aemp';
import { CUT_MARK, MAX_FIELD_CHARS } from '../../../../src-main/core/limits';

const TOKEN = 'aemp-echo-Tok3n_9f2cQm81zX0pLr4v';

afterEach(() => forgetSecret(TOKEN));

function jsonAemp(t: string): string {
  return JSON.stringify({
    Version: '2',
    Equipment: [
      {
        EquipmentHeader: { OEMName: `Make ${t}`, Model: t, EquipmentID: `EQ-${t}`, SerialNumber: `SN-${t}`, PIN: `PIN${t}` },
        Distance: { datetime: '2026-03-01T10:00:00Z', Odometer: 12, OdometerUnits: `furlong-${t}` },
        [`Vendor${t}`]: { x: 1 },
      },
      // No identity at all: skipped, with an issue whose path and message quote nothing secret.
      { EquipmentHeader: { [`Note${t}`]: t } },
    ],
  });
}

/** XML where the token's first letter is written as a character reference. */
function xmlAemp(t: string): string {
  const spelled = `&#${t.charCodeAt(0)};${t.slice(1)}`;
  return `<?xml version="1.0"?><Fleet version="1.2"><Equipment><EquipmentHeader><OEMName>Make ${spelled}</OEMName><Model>${spelled}</Model><EquipmentID>EQ-${spelled}</EquipmentID><SerialNumber>SN-${spelled}</SerialNumber><VIN>V${spelled}</VIN></EquipmentHeader><Distance datetime="2026-03-01T10:00:00Z"><Odometer>12</Odometer><OdometerUnits>furlong-${spelled}</OdometerUnits></Distance></Equipment></Fleet>`;
}

describe('a token echoed by the fleet service', () => {
  it.each([
    ['JSON', jsonAemp, 'application/json'],
    ['XML with a character reference', xmlAemp, 'application/xml'],
  ])('is redacted from every unit field and issue (%s)', (_what, build, type) => {
    registerSecret(TOKEN);
    const page = parseAempPage(build(TOKEN), type);
    const text = JSON.stringify(page);
    expect(text.includes(TOKEN)).toBe(false);
    const [unit] = page.equipment;
    expect(unit.model).toBe('[redacted]');
    expect(unit.equipmentId).toBe('EQ-[redacted]');
    expect(unit.serialNumber).toBe('SN-[redacted]');
    expect(unit.make).toBe('Make [redacted]');
    expect(page.issues.some((i) => /credential/i.test(i.message))).toBe(true);
  });

  it('is redacted from a single unit and history issues too', () => {
    registerSecret(TOKEN);
    const unit = parseEquipment(JSON.stringify({ EquipmentHeader: { EquipmentID: TOKEN } }), 'application/json');
    expect(JSON.stringify(unit).includes(TOKEN)).toBe(false);
    const history = parseHistoryPage(JSON.stringify({ Distance: [{ datetime: '2026-03-01T10:00:00Z', Odometer: 1, OdometerUnits: TOKEN }] }), 'Distance', 'application/json');
    expect(JSON.stringify(history).includes(TOKEN)).toBe(false);
  });
});

describe('over-long unit text', () => {
  it('is cut to the limit with a mark, and an issue names the field', () => {
    const page = parseAempPage(JSON.stringify({ Equipment: [{ EquipmentHeader: { EquipmentID: 'EQ-1', Model: 'm'.repeat(50_000), OEMName: 'o'.repeat(MAX_FIELD_CHARS) } }] }), 'application/json');
    const [unit] = page.equipment;
    expect(unit.model).toHaveLength(MAX_FIELD_CHARS);
    expect(unit.model?.endsWith(CUT_MARK)).toBe(true);
    expect(unit.make).toBe('o'.repeat(MAX_FIELD_CHARS));
    const cut = page.issues.filter((i) => /cut/i.test(i.message));
    expect(cut.map((i) => i.path)).toEqual(['Equipment[0].EquipmentHeader.Model']);
  });

  it('in an issue message is bounded too', () => {
    const page = parseAempPage(JSON.stringify({ Equipment: [{ EquipmentHeader: { EquipmentID: 'EQ-1' }, Distance: { Odometer: 1, OdometerUnits: 'u'.repeat(100_000) } }] }), 'application/json');
    for (const issue of page.issues) expect(issue.message.length).toBeLessThanOrEqual(MAX_FIELD_CHARS + 200);
  });
});
